import { describe, expect, it } from "vitest";
import { PUBLIC_NAV } from "~/components/layout/public/nav-config";
import {
  activeBranch,
  activeItem,
  filterNavGroups,
  filterNavItems,
  isActivePath,
  isExternalPath,
  type NavGroup,
  type NavItem,
} from "./nav";

const titles = (items: readonly NavItem[]): unknown[] =>
  items.map((item) => (item.children ? { [item.title]: titles(item.children) } : item.title));

const items: NavItem[] = [
  { title: "overview", path: "/dashboard" },
  { title: "admin", path: "/dashboard/admin", ability: "isAdmin" },
  {
    title: "cases",
    path: "/dashboard/cases",
    children: [
      { title: "list", path: "/dashboard/cases" },
      { title: "create", path: "/dashboard/cases/new", ability: "proposes" },
    ],
  },
  {
    title: "team",
    path: "/dashboard/team",
    children: [{ title: "members", path: "/dashboard/team/members", ability: "managesFirm" }],
  },
  {
    title: "billing",
    path: "/dashboard/billing",
    ability: "opensCases",
    children: [{ title: "invoices", path: "/dashboard/billing/invoices" }],
  },
  { title: "help", path: "https://help.example.com" },
];

describe("filterNavItems", () => {
  it("shows a guest only the items without roles, emptied parents dropped", () => {
    expect(titles(filterNavItems(items, null))).toEqual(["overview", { cases: ["list"] }, "help"]);
  });

  it("shows a client the items of their abilities", () => {
    expect(titles(filterNavItems(items, "user"))).toEqual([
      "overview",
      { cases: ["list"] },
      { billing: ["invoices"] },
      "help",
    ]);
  });

  it("shows a lawyer admin the children of their abilities", () => {
    expect(titles(filterNavItems(items, "lawyer_admin"))).toEqual([
      "overview",
      { cases: ["list", "create"] },
      { team: ["members"] },
      "help",
    ]);
  });

  it("shows an admin the admin item", () => {
    expect(titles(filterNavItems(items, "admin"))).toEqual([
      "overview",
      "admin",
      { cases: ["list"] },
      "help",
    ]);
  });

  it("hides an item from the levels without its ability, a super user included", () => {
    const item: NavItem = { title: "x", path: "/x", ability: "managesFirm" };
    expect(filterNavItems([item], "super_user")).toEqual([]);
    expect(filterNavItems([item], "lawyer_admin")).toEqual([item]);
  });

  it("does not mutate the input and keeps item fields", () => {
    const before = structuredClone(items);
    const visible = filterNavItems(items, null);
    expect(items).toEqual(before);
    expect(visible.find((i) => i.title === "cases")?.path).toBe("/dashboard/cases");
  });

  it("filters deeply nested children", () => {
    const nested: NavItem[] = [
      {
        title: "a",
        path: "/a",
        children: [
          { title: "b", path: "/a/b", children: [{ title: "c", path: "/a/b/c", ability: "isAdmin" }] },
        ],
      },
    ];
    expect(filterNavItems(nested, "user")).toEqual([]);
    expect(titles(filterNavItems(nested, "admin"))).toEqual([{ a: [{ b: ["c"] }] }]);
  });
});

describe("filterNavGroups", () => {
  const groups: NavGroup[] = [
    { subheader: "overview", items: [{ title: "app", path: "/dashboard" }] },
    { subheader: "management", items: [{ title: "users", path: "/dashboard/users", ability: "isAdmin" }] },
    { items: [{ title: "profile", path: "/dashboard/profile", ability: "opensCases" }] },
  ];

  it("drops groups left empty for the access level", () => {
    expect(filterNavGroups(groups, null).map((g) => g.subheader)).toEqual(["overview"]);
    expect(filterNavGroups(groups, "user").map((g) => g.subheader)).toEqual(["overview", undefined]);
    expect(filterNavGroups(groups, "admin").map((g) => g.items.map((i) => i.title))).toEqual([
      ["app"],
      ["users"],
    ]);
  });
});

describe("isExternalPath", () => {
  it.each([
    "https://example.com",
    "http://example.com/a",
    "HTTPS://EXAMPLE.COM",
    "//cdn.example.com/x",
    "mailto:help@mylawyer.app",
    "tel:+33123456789",
    "ftp://files.example.com",
  ])("%s is external", (path) => {
    expect(isExternalPath(path)).toBe(true);
  });

  it.each(["/", "/about-us", "/dashboard/cases?x=1", "#section", "about-us", "/https://x"])(
    "%s is internal",
    (path) => {
      expect(isExternalPath(path)).toBe(false);
    },
  );
});

describe("isActivePath", () => {
  const cases: NavItem = {
    title: "cases",
    path: "/dashboard/cases",
    children: [{ title: "archived", path: "/archive/cases" }],
  };

  it("matches the exact path, ignoring query, hash and trailing slash", () => {
    const item: NavItem = { title: "faqs", path: "/faqs" };
    expect(isActivePath(item, "/faqs")).toBe(true);
    expect(isActivePath(item, "/faqs/")).toBe(true);
    expect(isActivePath(item, "/faqs?lng=ar")).toBe(true);
    expect(isActivePath(item, "/faqs#q3")).toBe(true);
    expect(isActivePath(item, "/pricing")).toBe(false);
  });

  it("matches deeper paths only when deep, and never a mere prefix", () => {
    expect(isActivePath(cases, "/dashboard/cases/42")).toBe(true);
    expect(isActivePath(cases, "/dashboard/cases/42", false)).toBe(false);
    expect(isActivePath(cases, "/dashboard/cases-old")).toBe(false);
  });

  it("makes a parent active when a child is", () => {
    expect(isActivePath(cases, "/archive/cases")).toBe(true);
    expect(isActivePath(cases, "/archive")).toBe(false);
  });

  it('matches "/" only on the home page', () => {
    const home: NavItem = { title: "home", path: "/" };
    expect(isActivePath(home, "/")).toBe(true);
    expect(isActivePath(home, "/?lng=fr")).toBe(true);
    expect(isActivePath(home, "/about-us")).toBe(false);
  });

  it("never marks an external link active", () => {
    expect(isActivePath({ title: "x", path: "https://example.com/faqs" }, "/faqs")).toBe(false);
    expect(isActivePath({ title: "x", path: "//example.com" }, "//example.com")).toBe(false);
  });
});

describe("PUBLIC_NAV (spec §2 Header and public navigation)", () => {
  it("has Home, Company, Products, Pricing and Docs with their children", () => {
    expect(titles(PUBLIC_NAV)).toEqual([
      "home",
      { company: ["aboutUs", "contactUs", "faqs", "privacyPolicy"] },
      { products: ["cases", "proposals", "payment", "dashboard"] },
      "pricing",
      "docs",
    ]);
  });

  it("shows the Dashboard child as the illustration card", () => {
    const dashboard = PUBLIC_NAV.flatMap((i) => i.children ?? []).find((c) => c.title === "dashboard");
    expect(dashboard).toMatchObject({ path: "/dashboard", card: true });
    expect(PUBLIC_NAV.flatMap((i) => i.children ?? []).filter((c) => c.card)).toHaveLength(1);
  });

  it("links only to local paths, visible to guests", () => {
    const all = PUBLIC_NAV.flatMap((i) => [i, ...(i.children ?? [])]);
    for (const item of all) {
      expect(item.path.startsWith("/"), item.path).toBe(true);
      expect(isExternalPath(item.path), item.path).toBe(false);
    }
    expect(filterNavItems(PUBLIC_NAV, null)).toEqual(PUBLIC_NAV);
  });

  it("uses navbar translation keys that exist in English", async () => {
    const navbar = (await import("../../../locales/en/navbar.json")).default as Record<string, unknown>;
    const all = PUBLIC_NAV.flatMap((i) => [i, ...(i.children ?? [])]);
    for (const item of all) expect(navbar[item.title], item.title).toBeTruthy();
  });

  it("marks Company active on its child pages", () => {
    const company = PUBLIC_NAV.find((i) => i.title === "company");
    if (!company) throw new Error("no Company group");
    expect(isActivePath(company, "/faqs")).toBe(true);
    expect(isActivePath(company, "/pricing")).toBe(false);
  });
});

describe("activeItem", () => {
  const cases: NavItem[] = [
    { title: "overview", path: "/dashboard/case" },
    { title: "list", path: "/dashboard/case/list" },
    { title: "table", path: "/dashboard/case/table" },
  ];

  it("prefers the exact path", () => {
    expect(activeItem(cases, "/dashboard/case/list")?.title).toBe("list");
    expect(activeItem(cases, "/dashboard/case/")?.title).toBe("overview");
    expect(activeItem(cases, "/dashboard/case/table?page=2")?.title).toBe("table");
  });

  it("falls back to the deepest page the path lies below", () => {
    expect(activeItem(cases, "/dashboard/case/42")?.title).toBe("overview");
    expect(activeItem(cases, "/dashboard/case/list/extra")?.title).toBe("list");
  });

  it("never lights the dashboard home for a page below it, nor anything for an unrelated path", () => {
    const home: NavItem[] = [{ title: "app", path: "/dashboard" }, ...cases];
    expect(activeItem(home, "/dashboard/blank")).toBeNull();
    expect(activeItem(home, "/dashboard")?.title).toBe("app");
    expect(activeItem(cases, "/dashboard/caseworks")).toBeNull();
  });
});

describe("activeBranch", () => {
  const top: NavItem[] = [
    { title: "app", path: "/dashboard" },
    {
      title: "case",
      path: "/dashboard/case",
      children: [
        { title: "overview", path: "/dashboard/case" },
        { title: "list", path: "/dashboard/case/list" },
      ],
    },
    {
      title: "proposal",
      path: "/dashboard/case/proposal",
      children: [{ title: "list", path: "/dashboard/case/proposal/list" }],
    },
    {
      title: "notifications",
      path: "/dashboard/notification/NotificationsPage",
      children: [
        { title: "all", path: "/dashboard/notification/NotificationsPage" },
        { title: "preferences", path: "/dashboard/notification/NotificationPreferences" },
      ],
    },
  ];

  it("picks the item whose page or sub-page holds the current path", () => {
    expect(activeBranch(top, "/dashboard")?.title).toBe("app");
    expect(activeBranch(top, "/dashboard/case/list")?.title).toBe("case");
    expect(activeBranch(top, "/dashboard/case/7/edit")?.title).toBe("case");
    expect(activeBranch(top, "/dashboard/case/proposal/list")?.title).toBe("proposal");
    expect(activeBranch(top, "/dashboard/case/proposal/3")?.title).toBe("proposal");
    expect(activeBranch(top, "/dashboard/notification/NotificationPreferences")?.title).toBe("notifications");
    expect(activeBranch(top, "/dashboard/blank")).toBeNull();
  });
});
