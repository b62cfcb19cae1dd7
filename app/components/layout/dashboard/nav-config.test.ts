import { describe, expect, it } from "vitest";
import { ACCESS_LEVELS, filterNavGroups, type NavItem } from "~/lib/navigation/nav";
import { DASHBOARD_NAV } from "./nav-config";

function userMenu(level: string): string[] {
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
    for (const level of ["lawyer_admin", "admin", "super_user"]) {
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

  it("shows Permission to admins only among the product's access levels", () => {
    for (const level of ACCESS_LEVELS) {
      const paths = allPaths(filterNavGroups(DASHBOARD_NAV, level).flatMap((g) => g.items));
      expect(paths.includes("/dashboard/permission"), level).toBe(level === "admin");
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
    const navbar = (await import("../../../../locales/en/navbar.json")).default as Record<string, unknown>;
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
