import type { SignedInUser } from "~/features/auth/user";
import { type TimedNotificationSummary, withTimes } from "~/features/notifications/notification-time";
import type { NotificationSummary } from "~/features/notifications/queries.server";
import { isNewAccount } from "./greeting";
import { dashboardNavFor } from "./nav-config";
import { type QuickLink, quickLinksFor } from "./quick-links";

export type Overview = {
  notifications: TimedNotificationSummary;
  quickLinks: QuickLink[];
  /** A new account is greeted "Welcome", a returning one "Welcome back". */
  newAccount: boolean;
};

/** How many of the newest notifications the overview lists. */
const RECENT_LIMIT = 6;

/**
 * The overview's data for one person: their latest notifications and counts (the first of the
 * bell's, which the shell reads for this request anyway), and their pages.
 */
export async function loadOverview(
  shell: Promise<{ notifications: NotificationSummary }>,
  user: SignedInUser,
  language: string,
): Promise<Overview> {
  const { notifications } = await shell;
  return {
    notifications: await withTimes(
      { ...notifications, items: notifications.items.slice(0, RECENT_LIMIT) },
      language,
    ),
    newAccount: isNewAccount(user.accountCreatedAt, new Date()),
    // Without a profile there is no access level, and so no menu (the shell does the same).
    quickLinks: user.profileLoaded ? quickLinksFor(dashboardNavFor(user.accessLevel)) : [],
  };
}
