import { describe, expect, it } from "vitest";
import { ACCESS_LEVELS } from "~/lib/access";
import { dashboardNavFor } from "./nav-config";
import { quickLinksFor } from "./quick-links";

describe("quickLinksFor", () => {
  it("lists the top-level pages with their group and icon, without the overview", () => {
    const links = quickLinksFor([
      {
        subheader: "shell.groups.overview",
        items: [
          { title: "shell.app", path: "/dashboard", icon: "dashboard" },
          { title: "shell.analytics", path: "/dashboard/analytics", icon: "chart" },
        ],
      },
      { items: [{ title: "shell.blank", path: "/dashboard/blank" }] },
    ]);
    expect(links).toEqual([
      {
        title: "shell.analytics",
        group: "shell.groups.overview",
        path: "/dashboard/analytics",
        icon: "chart",
      },
      { title: "shell.blank", group: null, path: "/dashboard/blank", icon: null },
    ]);
  });

  it("leads a section to its overview child, or to its first child when it has none", () => {
    const links = quickLinksFor([
      {
        items: [
          {
            title: "shell.case",
            path: "/dashboard/case",
            children: [
              { title: "shell.list", path: "/dashboard/case/list" },
              { title: "shell.overview", path: "/dashboard/case" },
            ],
          },
          {
            title: "shell.user",
            path: "/dashboard/lawyer_user",
            children: [{ title: "shell.list", path: "/dashboard/lawyer_user/list" }],
          },
        ],
      },
    ]);
    expect(links.map((link) => link.path)).toEqual(["/dashboard/case", "/dashboard/lawyer_user/list"]);
  });

  it("gives nothing for an empty navigation (no profile, no menu)", () => {
    expect(quickLinksFor([])).toEqual([]);
  });

  it.each(ACCESS_LEVELS)("links %s only to dashboard pages other than the overview", (level) => {
    const links = quickLinksFor(dashboardNavFor(level));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.path).toMatch(/^\/dashboard\/.+/);
    }
  });
});
