import { describe, expect, it } from "vitest";
import { filterNavGroups, type NavGroup } from "./nav";
import { searchNav } from "./search";

const groups: NavGroup[] = [
  {
    subheader: "overview",
    items: [
      { title: "app", path: "/dashboard" },
      { title: "analytics", path: "/dashboard/analytics" },
    ],
  },
  {
    subheader: "management",
    items: [
      {
        title: "user",
        path: "/dashboard/lawyer_user",
        children: [
          { title: "profile", path: "/dashboard/lawyer_user" },
          {
            title: "create",
            path: "/dashboard/lawyer_user/new",
            roles: ["lawyer_admin", "admin", "super_user"],
          },
        ],
      },
      { title: "cases", path: "/dashboard/case" },
      { title: "docs", path: "https://docs.example" },
    ],
  },
];
const names: Record<string, string> = {
  overview: "Overview",
  management: "Management",
  app: "App",
  analytics: "Analytics",
  user: "User",
  profile: "Profile",
  create: "Create profile",
  cases: "Cases",
  docs: "Docs",
};
const translate = (key: string) => names[key] ?? key;

describe("searchNav", () => {
  it("asks for keywords while the query is empty", () => {
    expect(searchNav(groups, "  ", translate)).toEqual({ state: "empty" });
  });

  it("finds pages by title or path, grouped by their nav group in navigation order", () => {
    expect(searchNav(groups, "a", translate)).toEqual({
      state: "found",
      groups: [
        {
          group: "Overview",
          hits: [
            { title: "App", path: "/dashboard", group: "Overview" },
            { title: "Analytics", path: "/dashboard/analytics", group: "Overview" },
          ],
        },
        {
          group: "Management",
          hits: [
            { title: "Profile", path: "/dashboard/lawyer_user", group: "Management" },
            { title: "Create profile", path: "/dashboard/lawyer_user/new", group: "Management" },
            { title: "Cases", path: "/dashboard/case", group: "Management" },
          ],
        },
      ],
    });
    expect(searchNav(groups, "lawyer_user/new", translate)).toMatchObject({
      groups: [{ hits: [{ title: "Create profile" }] }],
    });
  });

  it("ignores case and accents, and never offers external links", () => {
    expect(searchNav(groups, "ANALYTICS", translate)).toMatchObject({ state: "found" });
    expect(searchNav(groups, "créate", translate)).toMatchObject({
      groups: [{ hits: [{ path: "/dashboard/lawyer_user/new" }] }],
    });
    expect(searchNav(groups, "docs", translate)).toEqual({ state: "notFound" });
  });

  it("only searches what the access level may see", () => {
    expect(searchNav(filterNavGroups(groups, "user"), "create", translate)).toEqual({ state: "notFound" });
    expect(searchNav(filterNavGroups(groups, "admin"), "create", translate)).toMatchObject({
      state: "found",
    });
  });

  it("says not found when nothing matches", () => {
    expect(searchNav(groups, "zzz", translate)).toEqual({ state: "notFound" });
  });
});
