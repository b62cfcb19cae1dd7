import { describe, expect, it } from "vitest";
import { filterNavGroups, type NavGroup } from "./nav";
import { fold, hitLabel, type NavSearchResult, searchNav, stem } from "./search";

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
            ability: "managesProfiles",
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

/** The labels ("Section › Page") of a result, in order. */
function labels(result: NavSearchResult): string[] {
  return result.state === "found" ? result.groups.flatMap((group) => group.hits.map(hitLabel)) : [];
}

describe("searchNav", () => {
  it("asks for keywords while the query is empty", () => {
    expect(searchNav(groups, "  ", translate)).toEqual({ state: "empty" });
    expect(searchNav(groups, " - ", translate)).toEqual({ state: "empty" });
  });

  it("finds pages by title or path, grouped by their nav group in navigation order, with their section", () => {
    expect(searchNav(groups, "a", translate)).toEqual({
      state: "found",
      groups: [
        {
          group: "Overview",
          hits: [
            { title: "App", trail: [], path: "/dashboard", group: "Overview" },
            { title: "Analytics", trail: [], path: "/dashboard/analytics", group: "Overview" },
          ],
        },
        {
          group: "Management",
          hits: [
            { title: "Profile", trail: ["User"], path: "/dashboard/lawyer_user", group: "Management" },
            {
              title: "Create profile",
              trail: ["User"],
              path: "/dashboard/lawyer_user/new",
              group: "Management",
            },
            { title: "Cases", trail: [], path: "/dashboard/case", group: "Management" },
          ],
        },
      ],
    });
    expect(labels(searchNav(groups, "lawyer_user/new", translate))).toEqual(["User › Create profile"]);
  });

  it("matches the section's words, so a section finds all its pages", () => {
    expect(labels(searchNav(groups, "user", translate))).toEqual(["User › Profile", "User › Create profile"]);
    expect(labels(searchNav(groups, "users profile", translate))).toEqual([
      "User › Profile",
      "User › Create profile",
    ]);
  });

  it("ignores case, accents, plurals and word endings typed only in part", () => {
    expect(labels(searchNav(groups, "ANALYTICS", translate))).toEqual(["Analytics"]);
    expect(labels(searchNav(groups, "créate", translate))).toEqual(["User › Create profile"]);
    expect(labels(searchNav(groups, "case", translate))).toEqual(["Cases"]);
    expect(labels(searchNav(groups, "profiles", translate))).toEqual([
      "User › Profile",
      "User › Create profile",
    ]);
    expect(labels(searchNav(groups, "anal", translate))).toEqual(["Analytics"]);
  });

  it("never offers external links", () => {
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

describe("stem and fold", () => {
  it.each([
    ["cases", "case"],
    ["proposals", "proposal"],
    ["companies", "company"],
    ["boxes", "box"],
    ["journaux", "journal"],
    ["bus", "bus"],
    ["class", "class"],
    ["العروض", "عروض"],
    ["الإشعارات", "إشعار"],
  ])("stems %s as %s", (word, stemmed) => {
    expect(stem(fold(word))).toBe(stem(fold(stemmed)));
  });

  it("folds accents, Vietnamese đ and Arabic letter forms", () => {
    expect(fold("Préférences")).toBe("preferences");
    expect(fold("Đề xuất")).toBe("de xuat");
    expect(fold("إدارة")).toBe("اداره");
  });
});
