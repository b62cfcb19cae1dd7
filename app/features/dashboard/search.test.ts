import { describe, expect, it } from "vitest";
import { cleanSearchText, SEARCH_TEXT_MAX, searchHref } from "./search";

describe("cleanSearchText", () => {
  it("keeps what a person typed, tidied", () => {
    expect(cleanSearchText("  CASE-2026-0042 ")).toBe("CASE-2026-0042");
    expect(cleanSearchText("my\n\tcases")).toBe("my cases");
    expect(cleanSearchText(null)).toBe("");
  });

  it("drops control characters such as NUL, which the database refuses", () => {
    expect(cleanSearchText("ca\u0000se\u200b")).toBe("ca se");
  });

  it("keeps at most the limit", () => {
    expect(cleanSearchText("x".repeat(500))).toHaveLength(SEARCH_TEXT_MAX);
  });
});

describe("searchHref", () => {
  it("links to the search page with the query", () => {
    expect(searchHref("")).toBe("/dashboard/search");
    expect(searchHref("family law & co")).toBe("/dashboard/search?q=family+law+%26+co");
  });
});
