import type { SignedInUser } from "~/features/auth/user";
import { type TimedNotificationSummary, withTimes } from "~/features/notifications/notification-time";
import { recentNotifications } from "~/features/notifications/queries.server";
import type { Supabase } from "~/lib/database";
import { readIsNewAccount } from "./greeting.server";
import { dashboardNavFor } from "./nav-config";
import { type QuickLink, quickLinksFor } from "./quick-links";

export type Overview = {
  notifications: TimedNotificationSummary;
  quickLinks: QuickLink[];
  /** A new account is greeted "Welcome", a returning one "Welcome back". */
  newAccount: boolean;
};

/** The overview's data for one person: their latest notifications and counts, and their pages. */
export async function loadOverview(
  supabase: Supabase,
  user: SignedInUser,
  language: string,
): Promise<Overview> {
  const [recent, newAccount] = await Promise.all([
    recentNotifications(supabase, user.id),
    readIsNewAccount(supabase, user.id),
  ]);
  return {
    notifications: await withTimes(recent, language),
    newAccount,
    // Without a profile there is no access level, and so no menu (the shell does the same).
    quickLinks: user.profileLoaded ? quickLinksFor(dashboardNavFor(user.accessLevel)) : [],
  };
}
