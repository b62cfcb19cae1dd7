import { matchPath } from "react-router";

/**
 * The dashboard pages that exist: route pattern → route module. `routes.ts` registers exactly
 * these, and the navigation shows a page of its model only once it is here, so a menu never
 * leads to a page that is not built yet. Later domains add their pages to this table.
 */
export const DASHBOARD_PAGES = {
  dashboard: "routes/dashboard/index.tsx",
  "dashboard/notification/NotificationsPage": "routes/dashboard/notifications.tsx",
  "dashboard/notification/NotificationPreferences": "routes/dashboard/notification-preferences.tsx",
  "dashboard/blank": "routes/dashboard/blank.tsx",
  "dashboard/params": "routes/dashboard/params.tsx",
} as const satisfies Record<string, string>;

const PATTERNS = Object.keys(DASHBOARD_PAGES).map((pattern) => `/${pattern}`);

/** Whether a dashboard path (no query) leads to a page that exists. */
export function isDashboardPage(path: string): boolean {
  const [pathname = ""] = path.split(/[?#]/);
  return PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}
