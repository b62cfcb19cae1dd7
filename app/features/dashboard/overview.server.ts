import { dashboardNavFor } from "~/components/layout/dashboard/nav-config";
import type { SignedInUser } from "~/features/auth/user";
import { type TimedNotificationSummary, withTimes } from "~/features/notifications/notification-time";
import { recentNotifications } from "~/features/notifications/queries.server";
import type { Supabase } from "~/lib/database";
import { type QuickLink, quickLinksFor } from "./quick-links";

export type Overview = {
  notifications: TimedNotificationSummary;
  quickLinks: QuickLink[];
};

/** The overview's data for one person: their latest notifications and counts, and their pages. */
export async function loadOverview(
  supabase: Supabase,
  user: SignedInUser,
  language: string,
): Promise<Overview> {
  return {
    notifications: await withTimes(await recentNotifications(supabase, user.id), language),
    // Without a profile there is no access level, and so no menu (the shell does the same).
    quickLinks: user.profileLoaded ? quickLinksFor(dashboardNavFor(user.accessLevel)) : [],
  };
}
