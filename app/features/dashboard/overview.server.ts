import type { SupabaseClient } from "@supabase/supabase-js";
import { dashboardNavFor } from "~/components/layout/dashboard/nav-config";
import type { SignedInUser } from "~/features/auth/user";
import {
  type NotificationItem,
  type NotificationSummary,
  recentNotifications,
} from "~/features/notifications/queries.server";
import { loadDayjsLocale } from "~/lib/i18n/dayjs";
import { type TimeLabel, timeLabel } from "./notification-time";
import { type QuickLink, quickLinksFor } from "./quick-links";

/** A notification of the overview, with its time already written in the reader's language. */
export type OverviewNotification = NotificationItem & { time: TimeLabel };

export type Overview = {
  notifications: Omit<NotificationSummary, "items"> & { items: OverviewNotification[] };
  quickLinks: QuickLink[];
};

/** The overview's data for one person: their latest notifications and counts, and their pages. */
export async function loadOverview(
  supabase: SupabaseClient,
  user: SignedInUser,
  language: string,
): Promise<Overview> {
  const [summary, dateLocale] = await Promise.all([
    recentNotifications(supabase, user.id),
    loadDayjsLocale(language),
  ]);
  const now = new Date();
  return {
    notifications: {
      ...summary,
      items: summary.items.map((item) => ({ ...item, time: timeLabel(item.createdAt, dateLocale, now) })),
    },
    // Without a profile there is no access level, and so no menu (the shell does the same).
    quickLinks: user.profileLoaded ? quickLinksFor(dashboardNavFor(user.accessLevel)) : [],
  };
}
