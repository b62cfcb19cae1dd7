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
  "dashboard/case": "routes/dashboard/case/index.tsx",
  "dashboard/case/list": "routes/dashboard/case/list.tsx",
  "dashboard/case/table": "routes/dashboard/case/table.tsx",
  "dashboard/case/new": "routes/dashboard/case/new.tsx",
  "dashboard/case/:id": "routes/dashboard/case/view.tsx",
  "dashboard/case/:id/edit": "routes/dashboard/case/edit.tsx",
  "dashboard/case/proposal": "routes/dashboard/case/proposal/index.tsx",
  "dashboard/case/proposal/list": "routes/dashboard/case/proposal/list.tsx",
  "dashboard/case/proposal/:id": "routes/dashboard/case/proposal/view.tsx",
  "dashboard/case/proposal/:id/new": "routes/dashboard/case/proposal/new.tsx",
  "dashboard/case/proposal/:id/edit": "routes/dashboard/case/proposal/edit.tsx",
  "dashboard/case_management": "routes/dashboard/case-management.tsx",
  "dashboard/search": "routes/dashboard/search.tsx",
  "dashboard/lawyer_user": "routes/dashboard/lawyer-user/index.tsx",
  "dashboard/lawyer_user/list": "routes/dashboard/lawyer-user/list.tsx",
  "dashboard/lawyer_user/cards": "routes/dashboard/lawyer-user/cards.tsx",
  "dashboard/lawyer_user/edit": "routes/dashboard/lawyer-user/edit-own.tsx",
  "dashboard/lawyer_user/new": "routes/dashboard/lawyer-user/new.tsx",
  "dashboard/lawyer_user/:userId": "routes/dashboard/lawyer-user/view.tsx",
  "dashboard/lawyer_user/:userId/edit": "routes/dashboard/lawyer-user/edit.tsx",
  "dashboard/blank": "routes/dashboard/blank.tsx",
  "dashboard/params": "routes/dashboard/params.tsx",
  "dashboard/permission": "routes/dashboard/permission.tsx",
  "dashboard/lawyer_user/account": "routes/dashboard/lawyer-user/account.tsx",
  "dashboard/workflow": "routes/dashboard/workflow/index.tsx",
  "dashboard/workflow/workflow": "routes/dashboard/workflow/list.tsx",
  "dashboard/workflow/template": "routes/dashboard/workflow/template.tsx",
  "dashboard/workflow/:id/details": "routes/dashboard/workflow/details.tsx",
  "dashboard/task_management": "routes/dashboard/task-management/index.tsx",
  "dashboard/task_management/task_management": "routes/dashboard/task-management/board.tsx",
  "dashboard/task_management/task_management_table": "routes/dashboard/task-management/table.tsx",
  "dashboard/task_management/task/:id": "routes/dashboard/task-management/task.tsx",
} as const satisfies Record<string, string>;

const PATTERNS = Object.keys(DASHBOARD_PAGES).map((pattern) => `/${pattern}`);

/** Whether a dashboard path (no query) leads to a page that exists. */
export function isDashboardPage(path: string): boolean {
  const [pathname = ""] = path.split(/[?#]/);
  return PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}
