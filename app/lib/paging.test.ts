import { describe, expect, it } from "vitest";
import { pageTotal } from "./paging";

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
