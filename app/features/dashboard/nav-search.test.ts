import { describe, expect, it } from "vitest";
import { filterNavGroups } from "~/lib/navigation/nav";
import { hitLabel, type NavSearchResult, searchNav } from "~/lib/navigation/search";
import { DASHBOARD_NAV, dashboardNavFor } from "./nav-config";

/** The labels ("Section › Page") of a result, in order. */
function labels(result: NavSearchResult): string[] {
  return result.state === "found" ? result.groups.flatMap((group) => group.hits.map(hitLabel)) : [];
}

describe("searchNav over the dashboard's menu in the five languages", () => {
  const navbar = async (lng: string) =>
    (await import(`../../../locales/${lng}/navbar.json`)).default as Record<string, unknown>;
  const translator = (messages: Record<string, unknown>) => (key: string) =>
    String(
      key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages),
    );

  it("finds the client's case and proposal pages by the words a person types (issue 18 item 9)", async () => {
    const en = translator(await navbar("en"));
    const client = dashboardNavFor("user");
    for (const query of ["Case", "Cases", "cases", "CASE list"])
      expect(labels(searchNav(client, query, en)), query).toContain("Cases › List");
    expect(labels(searchNav(client, "Proposals", en))).toEqual(["Proposals › Overview", "Proposals › List"]);
    expect(labels(searchNav(client, "proposal list", en))).toEqual(["Proposals › List"]);
    expect(labels(searchNav(client, "my notifications", en))).toEqual([
      "Notifications › All notifications",
      "Notifications › Preferences",
    ]);
  });

  it.each([
    ["fr", "affaire", "Affaires › Liste"],
    ["fr", "préférences", "Notifications › Préférences"],
    ["fr", "les propositions", "Propositions › Liste"],
    ["vi", "vu viec", "Vụ việc › Danh sách"],
    ["vi", "đề xuất", "Đề xuất › Danh sách"],
    ["cn", "案件", "案件 › 列表"],
    ["cn", "方案", "委托方案 › 列表"],
    ["ar", "القضايا", "القضايا › القائمة"],
    ["ar", "قضايا", "القضايا › القائمة"],
    ["ar", "العروض", "العروض › القائمة"],
  ])("in %s, %s finds %s", async (lng, query, label) => {
    const shown = translator(await navbar(lng));
    const en = translator(await navbar("en"));
    expect(labels(searchNav(dashboardNavFor("user"), query, shown, en))).toContain(label);
  });

  it("finds a page by its English words whatever the reader's language", async () => {
    const ar = translator(await navbar("ar"));
    const en = translator(await navbar("en"));
    expect(labels(searchNav(dashboardNavFor("user"), "cases", ar, en))).toContain("القضايا › القائمة");
  });

  it("offers the template pages to admins only", async () => {
    const en = translator(await navbar("en"));
    expect(searchNav(dashboardNavFor("user"), "params", en)).toEqual({ state: "notFound" });
    expect(labels(searchNav(filterNavGroups(DASHBOARD_NAV, "admin"), "params", en))).toEqual(["Params"]);
  });
});
