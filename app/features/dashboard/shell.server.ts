import type { Contact } from "~/features/contacts/contact";
import { CONTACTS_LIMIT, contactsOf } from "~/features/contacts/contacts.server";
import {
  EMPTY_SUMMARY,
  type NotificationSummary,
  notificationSummary,
  tabCountsOf,
} from "~/features/notifications/queries.server";
import type { Supabase } from "~/lib/database";

/** How many of the newest notifications the bell's drawer lists. */
export const BELL_LIMIT = 20;

type DashboardShellData = { notifications: NotificationSummary; contacts: Contact[] };

/**
 * The data every dashboard page's shell shows, in one request: the bell's newest notifications
 * with the counts of its tabs, and the contacts. A failure is logged and gives an empty bell and
 * no contacts (spec §8: the page still renders).
 */
export async function readDashboardShell(supabase: Supabase): Promise<DashboardShellData> {
  const { data, error } = await supabase.rpc("dashboard_shell", {
    bell_limit: BELL_LIMIT,
    contacts_limit: CONTACTS_LIMIT,
  });
  const shell = data;
  if (error || !shell) {
    console.error("Failed to fetch the dashboard shell", error?.message ?? "no data");
    return { notifications: EMPTY_SUMMARY, contacts: [] };
  }
  return {
    notifications: shell.counts
      ? notificationSummary(shell.notifications, tabCountsOf(shell.counts))
      : EMPTY_SUMMARY,
    contacts: contactsOf(shell.contacts),
  };
}
