import { describe, expect, it } from "vitest";
import { NO_FIRM, pageCountOf, parsePermissionQuery, permissionSearch } from "./permission-query";

const parse = (search: string) => parsePermissionQuery(new URLSearchParams(search));

describe("the permission page's address", () => {
  it("reads the search, both pages and a change to confirm", () => {
    expect(parse("q=%20ada%20&page=3&history=2&change=abc&level=lawyer&firm=f1")).toEqual({
      q: "ada",
      page: 3,
      history: 2,
      change: { userId: "abc", level: "lawyer", firm: "f1" },
    });
  });

  it("falls back to the first pages, no firm and no change for what is missing or broken", () => {
    expect(parse("page=-1&history=x&change=abc")).toEqual({ q: "", page: 1, history: 1, change: null });
    expect(parse("change=abc&level=admin").change).toEqual({ userId: "abc", level: "admin", firm: NO_FIRM });
    expect(parse(`q=${"a".repeat(300)}`).q).toHaveLength(100);
  });

  it("writes the state back without defaults and without the change", () => {
    const query = parse("q=ada&page=2&history=3&change=abc&level=lawyer");
    expect(permissionSearch(query)).toBe("?q=ada&page=2&history=3");
    expect(permissionSearch(query, { page: 1, history: 1 })).toBe("?q=ada");
    expect(permissionSearch(parse(""))).toBe("");
  });

  it("counts pages, one at least", () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(41, 20)).toBe(3);
  });
});
