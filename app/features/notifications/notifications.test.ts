import { describe, expect, it } from "vitest";
import { addToCounts, filterTab, mergeArrivals, parseListParams, tabCounts } from "./notifications";

const item = (id: string, isUnread: boolean, category: string | null = null) => ({ id, isUnread, category });

describe("tab counts (spec §4: All, Unread, Archived)", () => {
  const items = [
    item("a", true),
    item("b", false),
    item("c", true, "Archived"),
    item("d", false, "Archived"),
  ];

  it("counts every notification, the unread ones and the archived ones", () => {
    expect(tabCounts(items)).toEqual({ all: 4, unread: 2, archived: 2 });
    expect(tabCounts([])).toEqual({ all: 0, unread: 0, archived: 0 });
  });

  it("raises the unread and total counts when one arrives live", () => {
    expect(addToCounts({ all: 8, unread: 3, archived: 1 }, [item("n", true)])).toEqual({
      all: 9,
      unread: 4,
      archived: 1,
    });
  });

  it("filters a tab", () => {
    expect(filterTab(items, "unread").map((i) => i.id)).toEqual(["a", "c"]);
    expect(filterTab(items, "archived").map((i) => i.id)).toEqual(["c", "d"]);
    expect(filterTab(items, "all")).toHaveLength(4);
  });
});

describe("mergeArrivals", () => {
  it("prepends arrivals and keeps each notification once", () => {
    const known = [item("b", false), item("a", true)];
    expect(mergeArrivals([item("c", true), item("b", false)], known).map((i) => i.id)).toEqual([
      "c",
      "b",
      "a",
    ]);
  });
});

describe("parseListParams", () => {
  it("reads the tab, the type and the page", () => {
    expect(parseListParams(new URLSearchParams("tab=unread&type=payment&page=3"))).toEqual({
      tab: "unread",
      type: "payment",
      page: 3,
    });
  });

  it("falls back on each value alone", () => {
    expect(parseListParams(new URLSearchParams("tab=x&type=<script>&page=-2"))).toEqual({
      tab: "all",
      type: null,
      page: 1,
    });
    expect(parseListParams(new URLSearchParams("page=1e9")).page).toBe(1);
  });
});
