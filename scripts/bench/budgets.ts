import type { DEMO_ACCOUNTS } from "../../app/features/auth/demo-accounts.ts";

export type DemoAccountName = keyof typeof DEMO_ACCOUNTS;

/**
 * The performance budgets of issue 20, per page, and the one list of the pages they apply to:
 * `npm run bench` measures every page here (bytes, requests, server time, and Lighthouse for the
 * ones marked), and the CI check (tests/e2e/budgets.spec.ts) fails when a page's first-visit
 * JavaScript or CSS is over its budget. A new page is measured by adding it here, with the budgets
 * that apply to it; nothing else keeps a list of routes.
 *
 * Bytes are gzip bytes of what the page's HTML makes the browser download before it can run
 * (scripts/bench/assets.ts); requests are what a real browser fetches for a first visit until the
 * network is idle; server time is the p50 of sequential requests over the bench's 10,000 cases.
 */

export const KIB = 1024;

/** Budgets every page shares: CSS in at most two render-blocking files, 25 KiB gzip in all. */
export const CSS_GZIP_BUDGET_BYTES = 25 * KIB;
export const CSS_FILES_BUDGET = 2;
/** Server p50 over 10,000 cases: public pages (marketing, auth) and every dashboard page. */
export const PUBLIC_P50_BUDGET_MS = 20;
export const DASHBOARD_P50_BUDGET_MS = 50;
/** First-visit JavaScript, gzip (the case pages: the table, list, index, case page, new case and proposals). */
export const HOME_JS_BUDGET_BYTES = 120 * KIB;
export const SIGN_IN_JS_BUDGET_BYTES = 150 * KIB;
export const DASHBOARD_JS_BUDGET_BYTES = 190 * KIB;
/**
 * JavaScript files a first visit of a dashboard page downloads (ADR 0024): the simulated slow 4G of
 * Lighthouse fetches over HTTP/1.1, six at a time, 150 ms a round trip, so forty files of a few
 * hundred bytes cost more than their bytes. Runtime and entry, root and layout, React, the shell,
 * the dashboard's chunks and the page's own. Pages above it have a ceiling (`jsFilesCeiling`).
 */
export const DASHBOARD_JS_FILES_BUDGET = 12;
/** Everything a first visit to home requests, the document included. */
export const HOME_REQUESTS_BUDGET = 20;

export interface Budget {
  /** Most gzipped JavaScript a first visit downloads before it can run (none: not budgeted). */
  jsGzipBytes?: number;
  /** Most JavaScript files a first visit downloads before it can run (none: not budgeted). */
  jsFiles?: number;
  cssGzipBytes: number;
  /** Most render-blocking stylesheets. */
  cssFiles: number;
  /** Most requests of a first visit in a browser, until the network is idle (none: not budgeted). */
  requests?: number;
  /** Most server time, p50 (ms). */
  serverP50Ms: number;
}

export interface BudgetedPage {
  /** The URL path; `{caseId}` stands for a real case the account can see. */
  path: string;
  /** Signed in as this demo account (none: signed out). */
  account?: DemoAccountName;
  /** What the page answers (a status page answers its own status). */
  status?: number;
  budget: Budget;
  /**
   * Another query of a page listed before it, measured for its server time (a slower path of the
   * same page, over the bench's 10,000 cases); its bytes are the page's, so the CI check skips it.
   */
  serverTimeOnly?: boolean;
  /** Also measured with Lighthouse mobile and LCP on the slow profile, next to the floor page. */
  lighthouse?: boolean;
  /**
   * Where a page is not yet within its JavaScript goal, the CI check holds it to a ceiling instead:
   * today's bytes rounded up, so no change can make the page heavier while the goal is worked
   * towards. The bench reports every page against its goal; lower a ceiling when bytes come off,
   * and delete it when the goal is met (issue 20 is open until then).
   */
  jsGzipCeilingBytes?: number;
  /** The same for the number of JavaScript files. */
  jsFilesCeiling?: number;
}

/**
 * What the CI check holds a page to: its goal, or its ceiling where it is not yet within the goal.
 */
export function ciBudgetOf(page: BudgetedPage): Budget {
  return {
    ...page.budget,
    ...(page.jsGzipCeilingBytes === undefined ? {} : { jsGzipBytes: page.jsGzipCeilingBytes }),
    ...(page.jsFilesCeiling === undefined ? {} : { jsFiles: page.jsFilesCeiling }),
  };
}

const css = { cssGzipBytes: CSS_GZIP_BUDGET_BYTES, cssFiles: CSS_FILES_BUDGET } as const;
const publicPage = { ...css, serverP50Ms: PUBLIC_P50_BUDGET_MS } as const;
const dashboardPage = {
  ...css,
  serverP50Ms: DASHBOARD_P50_BUDGET_MS,
  jsFiles: DASHBOARD_JS_FILES_BUDGET,
} as const;
const dashboardJs = { ...dashboardPage, jsGzipBytes: DASHBOARD_JS_BUDGET_BYTES } as const;

/** The signed-in account of most dashboard pages; the case pages use the admin, who sees every case. */
const CLIENT = "client" as const;
const ADMIN = "admin" as const;

/** Every page measured, in the order the bench reports them. */
export const BUDGETED_PAGES: readonly BudgetedPage[] = [
  // Public pages.
  {
    path: "/",
    budget: { ...publicPage, jsGzipBytes: HOME_JS_BUDGET_BYTES, requests: HOME_REQUESTS_BUDGET },
    lighthouse: true,
  },
  ...[
    "/about-us",
    "/contact-us",
    "/faqs",
    "/privacy-policy",
    "/pricing",
    "/payment",
    "/coming-soon",
    "/maintenance",
  ].map((path) => ({ path, budget: publicPage })),
  ...[403, 404, 500].map((status) => ({ path: `/error/${status}`, status, budget: publicPage })),
  { path: "/404", status: 404, budget: publicPage },
  // Auth.
  {
    path: "/auth/supabase/sign-in",
    budget: { ...publicPage, jsGzipBytes: SIGN_IN_JS_BUDGET_BYTES },
    lighthouse: true,
  },
  { path: "/auth/supabase/sign-up", budget: publicPage },
  // Dashboard: the home and the case pages have a JavaScript budget, every page a server budget.
  { path: "/dashboard", account: CLIENT, budget: dashboardJs, lighthouse: true },
  {
    path: "/dashboard/case/table",
    account: ADMIN,
    budget: dashboardJs,
    lighthouse: true,
  },
  // A page deep in the table, sorted by another column, filtered: the slow paths of the same page.
  {
    path: "/dashboard/case/table?sort=needed_by&dir=asc&page=150",
    account: ADMIN,
    budget: dashboardJs,
    serverTimeOnly: true,
  },
  {
    path: "/dashboard/case/table?status=open&q=dispute",
    account: ADMIN,
    budget: dashboardJs,
    serverTimeOnly: true,
  },
  {
    // The case page offers its team a workflow (issue 22): the workflows' small shared modules come
    // with it, in one file.
    path: "/dashboard/case/{caseId}",
    account: ADMIN,
    budget: dashboardJs,
    lighthouse: true,
  },
  { path: "/dashboard/case", account: ADMIN, budget: dashboardJs },
  { path: "/dashboard/case/list", account: ADMIN, budget: dashboardJs },
  {
    path: "/dashboard/case/list?scope=marketplace",
    account: "lawyer",
    budget: dashboardPage,
  },
  {
    path: "/dashboard/case/new",
    account: CLIENT,
    budget: dashboardJs,
  },
  { path: "/dashboard/case/proposal", account: "lawyer", budget: dashboardJs },
  { path: "/dashboard/case/proposal/list", account: "lawyer", budget: dashboardJs },
  { path: "/dashboard/case_management", account: ADMIN, budget: dashboardPage },
  {
    path: "/dashboard/notification/NotificationsPage",
    account: CLIENT,
    budget: dashboardPage,
  },
  { path: "/dashboard/notification/NotificationPreferences", account: CLIENT, budget: dashboardPage },
  // Tasks (issue 22): the demo lawyer runs the 1,000 cases of the bench's 10,000 tasks.
  // Their first visits share the case pages' modules (the table's filters, query helpers and the
  // pipeline's columns): the cases' small modules come in one file.
  { path: "/dashboard/task_management", account: "lawyer", budget: dashboardJs },
  {
    path: "/dashboard/task_management/task_management",
    account: "lawyer",
    budget: dashboardJs,
  },
  {
    path: "/dashboard/task_management/task_management_table",
    account: "lawyer",
    budget: dashboardJs,
  },
  {
    // Deep in the lawyer's 4,000 open tasks (160 pages) by a key no index gives: every row sorted.
    // A page past the end redirects to the last one, as the case table's does.
    path: "/dashboard/task_management/task_management_table?sort=priority&dir=desc&page=150&status=todo",
    account: "lawyer",
    budget: dashboardJs,
    serverTimeOnly: true,
  },
  { path: "/dashboard/search?q=dispute", account: ADMIN, budget: dashboardPage },
  // Workflows (issue 22): the two pages with forms carry Conform's field code on a first visit
  // (their schemas and zod load on first use, ADR 0019), as the new-case form does.
  { path: "/dashboard/workflow", account: "lawyer", budget: dashboardJs },
  { path: "/dashboard/workflow/workflow", account: "lawyer", budget: dashboardJs },
  { path: "/dashboard/workflow/template", account: "firmadmin", budget: dashboardJs },
  // People (issue 21): the directory, the account page, inviting a lawyer and the permission page.
  // The directory reuses the case table's filters and pagination; the account and invitation forms
  // carry Conform's field code on a first visit (as the new-case form).
  { path: "/dashboard/lawyer_user/list", account: ADMIN, budget: dashboardJs },
  { path: "/dashboard/lawyer_user/cards", account: "firmadmin", budget: dashboardJs },
  { path: "/dashboard/lawyer_user/account", account: "lawyer", budget: dashboardJs },
  { path: "/dashboard/lawyer_user/new", account: "firmadmin", budget: dashboardJs },
  { path: "/dashboard/permission", account: ADMIN, budget: dashboardJs },
  // Template pages: only admins see them.
  { path: "/dashboard/blank", account: ADMIN, budget: dashboardPage },
  { path: "/dashboard/params", account: ADMIN, budget: dashboardPage },
];

/** A page's path with its placeholders filled in. */
export function pathOf(page: BudgetedPage, values: { caseId: string }): string {
  return page.path.replaceAll("{caseId}", values.caseId);
}
