import { createContext, type RouterContextProvider } from "react-router";
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

const shellContext = createContext<Promise<DashboardShellData> | null>(null);

/**
 * The shell's data of this request, read once however many loaders ask for it: the layout's loader
 * shows the bell and the contacts, the overview the newest notifications and their counts, from the
 * same answer (the loaders run side by side, so the first one starts the read and the others wait
 * for it).
 */
export function dashboardShellOf(
  context: Readonly<RouterContextProvider>,
  supabase: Supabase,
): Promise<DashboardShellData> {
  const started = context.get(shellContext);
  if (started) return started;
  const shell = readDashboardShell(supabase);
  context.set(shellContext, shell);
  return shell;
}

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
