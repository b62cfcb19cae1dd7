import { describe, expect, it } from "vitest";
import { pageTotal, redirectToLastPage } from "./paging";

describe("pageTotal", () => {
  it("is the offset plus the rows of a page that is not full", () => {
    expect(pageTotal(0, 10, 8)).toBe(8);
    expect(pageTotal(20, 10, 3)).toBe(23);
  });

  it("is 0 for an empty first page", () => {
    expect(pageTotal(0, 10, 0)).toBe(0);
  });

  it("cannot tell from a full page, or from an empty page past the start", () => {
    expect(pageTotal(0, 10, 10)).toBeUndefined();
    expect(pageTotal(30, 10, 10)).toBeUndefined();
    expect(pageTotal(40, 10, 0)).toBeUndefined();
  });
});

describe("redirectToLastPage", () => {
  const location = (requested: string, lastPage: string) =>
    redirectToLastPage(new URL(requested, "http://app.test"), lastPage).headers.get("Location");

  it("sends a page past the end to the last page, keeping the language the address asked for", () => {
    expect(location("/list?page=9", "/list?page=3")).toBe("/list?page=3");
    expect(location("/list?lng=ar&page=9", "/list?sort=title&page=3")).toBe("/list?sort=title&page=3&lng=ar");
    expect(location("/list?page=9&lng=fr", "/list")).toBe("/list?lng=fr");
    // A language the app does not speak is not carried over.
    expect(location("/list?lng=xx&page=9", "/list?page=3")).toBe("/list?page=3");
  });
});
