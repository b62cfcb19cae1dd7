import type { AccessLevel } from "~/lib/access";
import { memoize } from "~/lib/memo";
import { isDashboardPage } from "~/lib/navigation/dashboard-pages";
import { filterNavGroups, type NavGroup, type NavItem } from "~/lib/navigation/nav";

/** The usual sub-pages of a section: its overview, its list and (where there is one) create. */
const SUBPAGES = { overview: "", list: "/list", create: "/new" } as const;

function section(title: string, path: string, icon: string, subpages: (keyof typeof SUBPAGES)[]): NavItem {
  return {
    title,
    path,
    icon,
    children: subpages.map((page) => ({ title: `shell.${page}`, path: `${path}${SUBPAGES[page]}` })),
  };
}

/**
 * The dashboard's navigation (spec §2 Dashboard routes, §6 Roles): one model for the vertical,
 * mini and horizontal layouts and the Cmd+K search. Titles and subheaders are keys of the
 * `navbar` namespace under `shell.`; `ability` (`~/lib/access`) shows an item only to the access
 * levels that have it.
 */
export const DASHBOARD_NAV: NavGroup[] = [
  {
    subheader: "shell.groups.overview",
    items: [
      { title: "shell.app", path: "/dashboard", icon: "dashboard" },
      { title: "shell.ecommerce", path: "/dashboard/ecommerce", icon: "cart" },
      { title: "shell.analytics", path: "/dashboard/analytics", icon: "chart" },
      { title: "shell.banking", path: "/dashboard/banking", icon: "bank" },
      { title: "shell.booking", path: "/dashboard/booking", icon: "booking" },
      { title: "shell.file", path: "/dashboard/file", icon: "file" },
      { title: "shell.course", path: "/dashboard/course", icon: "course" },
      { title: "shell.brainstorm", path: "/dashboard/brainstorm", icon: "bulb" },
    ],
  },
  {
    subheader: "shell.groups.legal",
    items: [
      {
        title: "shell.case",
        path: "/dashboard/case",
        icon: "briefcase",
        children: [
          { title: "shell.overview", path: "/dashboard/case" },
          { title: "shell.list", path: "/dashboard/case/list" },
          { title: "shell.table", path: "/dashboard/case/table" },
          { title: "shell.create", path: "/dashboard/case/new", ability: "opensCases" },
        ],
      },
      section("shell.proposal", "/dashboard/case/proposal", "proposal", ["overview", "list"]),
      {
        title: "shell.caseManagement",
        path: "/dashboard/case_management",
        icon: "kanban",
        ability: "runsPipeline",
      },
      {
        title: "shell.workflow",
        path: "/dashboard/workflow",
        icon: "workflow",
        ability: "runsWorkflows",
        children: [
          { title: "shell.overview", path: "/dashboard/workflow" },
          { title: "shell.workflows", path: "/dashboard/workflow/workflow" },
          { title: "shell.templates", path: "/dashboard/workflow/template" },
        ],
      },
      {
        title: "shell.tasks",
        path: "/dashboard/task_management",
        icon: "tasks",
        children: [
          { title: "shell.overview", path: "/dashboard/task_management" },
          { title: "shell.board", path: "/dashboard/task_management/task_management" },
          { title: "shell.table", path: "/dashboard/task_management/task_management_table" },
        ],
      },
      { title: "shell.fileManager", path: "/dashboard/file-manager", icon: "folder" },
      { title: "shell.mail", path: "/dashboard/mail", icon: "mail" },
      { title: "shell.chat", path: "/dashboard/chat", icon: "chat" },
      { title: "shell.calendar", path: "/dashboard/calendar", icon: "calendar" },
      {
        title: "shell.notifications",
        path: "/dashboard/notification/NotificationsPage",
        icon: "bell",
        children: [
          { title: "shell.allNotifications", path: "/dashboard/notification/NotificationsPage" },
          { title: "shell.preferences", path: "/dashboard/notification/NotificationPreferences" },
        ],
      },
    ],
  },
  {
    subheader: "shell.groups.management",
    items: [
      {
        title: "shell.user",
        path: "/dashboard/lawyer_user",
        icon: "user",
        children: [
          { title: "shell.profile", path: "/dashboard/lawyer_user" },
          { title: "shell.list", path: "/dashboard/lawyer_user/list", ability: "seesLawyerProfiles" },
          { title: "shell.editProfile", path: "/dashboard/lawyer_user/edit", ability: "seesLawyerProfiles" },
          { title: "shell.createProfile", path: "/dashboard/lawyer_user/new", ability: "managesProfiles" },
          { title: "shell.cards", path: "/dashboard/lawyer_user/cards", ability: "managesProfiles" },
          { title: "shell.account", path: "/dashboard/lawyer_user/account", ability: "managesProfiles" },
        ],
      },
      section("shell.product", "/dashboard/product", "package", ["overview", "list", "create"]),
      section("shell.order", "/dashboard/order", "order", ["overview", "list"]),
      section("shell.invoice", "/dashboard/invoice", "invoice", ["overview", "list", "create"]),
      section("shell.post", "/dashboard/post", "post", ["overview", "list", "create"]),
      section("shell.job", "/dashboard/job", "job", ["overview", "list", "create"]),
      section("shell.tour", "/dashboard/tour", "tour", ["overview", "list", "create"]),
    ],
  },
  {
    subheader: "shell.groups.misc",
    items: [
      // Spec §6: annotated for admin (and "manager", which is no access level of the product).
      {
        title: "shell.permission",
        path: "/dashboard/permission",
        icon: "lock",
        ability: "seesPermissionPage",
      },
      { title: "shell.params", path: "/dashboard/params", icon: "params", ability: "seesTemplatePages" },
      { title: "shell.blank", path: "/dashboard/blank", icon: "blank", ability: "seesTemplatePages" },
    ],
  },
];

/**
 * The navigation a person sees: the items of their access level whose page exists. It depends on
 * the access level only, so each level's menu is worked out once (callers never modify it).
 */
export const dashboardNavFor: (accessLevel: AccessLevel | null) => NavGroup[] = memoize((accessLevel) =>
  filterNavGroups(DASHBOARD_NAV, accessLevel, isDashboardPage),
);
