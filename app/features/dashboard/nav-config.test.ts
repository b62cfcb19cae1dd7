import { describe, expect, it } from "vitest";
import { ACCESS_LEVELS, type AccessLevel, can } from "~/lib/access";
import { filterNavGroups, type NavItem } from "~/lib/navigation/nav";
import { DASHBOARD_NAV, dashboardNavFor } from "./nav-config";

function userMenu(level: AccessLevel): string[] {
  const groups = filterNavGroups(DASHBOARD_NAV, level);
  const user = groups.flatMap((g) => g.items).find((item) => item.title === "shell.user");
  return (user?.children ?? []).map((child) => child.title.replace("shell.", ""));
}

function allPaths(items: readonly NavItem[]): string[] {
  return items.flatMap((item) => [item.path, ...allPaths(item.children ?? [])]);
}

describe("dashboard navigation by access level (spec §6)", () => {
  it("shows exactly the user-management children of each access level", () => {
    expect(userMenu("user")).toEqual(["profile"]);
    expect(userMenu("lawyer")).toEqual(["profile", "list", "editProfile"]);
    for (const level of ["lawyer_admin", "admin", "super_user"] as const) {
      expect(userMenu(level)).toEqual([
        "profile",
        "list",
        "editProfile",
        "createProfile",
        "cards",
        "account",
      ]);
    }
  });

  // Spec §6, one level at a time: the model's children, and the menu shown (the built pages of them).
  const SPEC_USER_MENU: Record<AccessLevel, string[]> = {
    user: ["profile"],
    lawyer: ["profile", "list", "editProfile"],
    lawyer_admin: ["profile", "list", "editProfile", "createProfile", "cards", "account"],
    admin: ["profile", "list", "editProfile", "createProfile", "cards", "account"],
    super_user: ["profile", "list", "editProfile", "createProfile", "cards", "account"],
  };
  it.each(ACCESS_LEVELS)("gives a %s the user-management menu of spec §6, and no more", (level) => {
    expect(userMenu(level)).toEqual(SPEC_USER_MENU[level]);
    const shown = dashboardNavFor(level)
      .flatMap((g) => g.items)
      .find((item) => item.title === "shell.user");
    const shownChildren = (shown?.children ?? []).map((child) => child.title.replace("shell.", ""));
    expect(SPEC_USER_MENU[level].filter((name) => shownChildren.includes(name))).toEqual(shownChildren);
    const paths = allPaths(dashboardNavFor(level).flatMap((g) => g.items));
    expect(paths.includes("/dashboard/permission")).toBe(can(level, "seesPermissionPage"));
  });

  it("shows Permission to the platform's admins, super users included (an admin's every right)", () => {
    for (const level of ACCESS_LEVELS) {
      const paths = allPaths(filterNavGroups(DASHBOARD_NAV, level).flatMap((g) => g.items));
      expect(paths.includes("/dashboard/permission"), level).toBe(
        level === "admin" || level === "super_user",
      );
    }
  });

  it("shows an item with an ability to exactly the levels that have it", () => {
    const gated = (items: readonly NavItem[]): NavItem[] =>
      items.flatMap((item) => [...(item.ability ? [item] : []), ...gated(item.children ?? [])]);
    const items = gated(DASHBOARD_NAV.flatMap((g) => g.items));
    expect(items.length).toBeGreaterThan(0);
    for (const level of ACCESS_LEVELS) {
      const paths = allPaths(filterNavGroups(DASHBOARD_NAV, level).flatMap((g) => g.items));
      for (const item of items) {
        if (!item.ability) continue;
        expect(paths.includes(item.path), `${level} ${item.path}`).toBe(can(level, item.ability));
      }
    }
  });

  it("covers every dashboard route of spec §2 with a local path", () => {
    const paths = new Set(allPaths(DASHBOARD_NAV.flatMap((g) => g.items)));
    for (const path of [
      "/dashboard",
      "/dashboard/notification/NotificationsPage",
      "/dashboard/notification/NotificationPreferences",
      "/dashboard/case/table",
      "/dashboard/case/proposal/list",
      "/dashboard/case_management",
      "/dashboard/task_management/task_management_table",
      "/dashboard/workflow/template",
      "/dashboard/file-manager",
      "/dashboard/blank",
    ]) {
      expect(paths.has(path), path).toBe(true);
    }
    for (const path of paths) expect(path.startsWith("/dashboard")).toBe(true);
  });
});

describe("dashboard navigation titles", () => {
  it("uses navbar translation keys that exist in English", async () => {
    const navbar = (await import("../../../locales/en/navbar.json")).default as Record<string, unknown>;
    const lookup = (key: string) =>
      key
        .split(".")
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], navbar);
    const keys = DASHBOARD_NAV.flatMap((group) => [
      group.subheader ?? "",
      ...(function titles(items: readonly NavItem[]): string[] {
        return items.flatMap((item) => [item.title, ...titles(item.children ?? [])]);
      })(group.items),
    ]);
    for (const key of keys) expect(typeof lookup(key), key).toBe("string");
  });
});

describe("the menu each access level gets (only pages that exist)", () => {
  const leafPaths = (level: AccessLevel) =>
    allPaths(dashboardNavFor(level).flatMap((g) => g.items)).filter(
      (path, index, all) => all.indexOf(path) === index,
    );

  it("gives a client their cases, New case, proposals and their tasks, but no pipeline and no template pages", () => {
    expect(leafPaths("user")).toEqual([
      "/dashboard",
      "/dashboard/case",
      "/dashboard/case/list",
      "/dashboard/case/table",
      "/dashboard/case/new",
      "/dashboard/case/proposal",
      "/dashboard/case/proposal/list",
      "/dashboard/task_management",
      "/dashboard/task_management/task_management",
      "/dashboard/task_management/task_management_table",
      "/dashboard/notification/NotificationsPage",
      "/dashboard/notification/NotificationPreferences",
      "/dashboard/lawyer_user",
    ]);
  });

  it("gives a lawyer Profile, List and Edit Profile of the people pages (spec §6)", () => {
    const paths = leafPaths("lawyer").filter((path) => path.startsWith("/dashboard/lawyer_user"));
    expect(paths).toEqual([
      "/dashboard/lawyer_user",
      "/dashboard/lawyer_user/list",
      "/dashboard/lawyer_user/edit",
    ]);
  });

  it.each(["lawyer", "lawyer_admin"] as const)("gives a %s the pipeline but never New case", (level) => {
    const paths = leafPaths(level);
    expect(paths).toContain("/dashboard/case_management");
    expect(paths).not.toContain("/dashboard/case/new");
    expect(paths).not.toContain("/dashboard/params");
    expect(paths).not.toContain("/dashboard/blank");
  });

  it.each(["admin", "super_user"] as const)(
    "gives a %s the pipeline and the template pages, not New case",
    (level) => {
      const paths = leafPaths(level);
      expect(paths).toContain("/dashboard/case_management");
      expect(paths).toContain("/dashboard/params");
      expect(paths).toContain("/dashboard/blank");
      expect(paths).not.toContain("/dashboard/case/new");
    },
  );

  it("offers New case exactly to the levels that open cases", () => {
    for (const level of ACCESS_LEVELS)
      expect(leafPaths(level).includes("/dashboard/case/new"), level).toBe(can(level, "opensCases"));
  });
});
