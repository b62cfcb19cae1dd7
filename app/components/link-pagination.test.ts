import { describe, expect, it } from "vitest";
import { pageItems } from "./link-pagination";

describe("pageItems (Mantine Pagination's pages: one sibling, one boundary)", () => {
  it("lists every page up to seven", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("folds the end near the start, the start near the end, and both in the middle", () => {
    expect(pageItems(1, 400)).toEqual([1, 2, 3, 4, 5, "dots", 400]);
    expect(pageItems(4, 400)).toEqual([1, 2, 3, 4, 5, "dots", 400]);
    expect(pageItems(5, 400)).toEqual([1, "dots", 4, 5, 6, "dots", 400]);
    expect(pageItems(150, 400)).toEqual([1, "dots", 149, 150, 151, "dots", 400]);
    expect(pageItems(397, 400)).toEqual([1, "dots", 396, 397, 398, 399, 400]);
    expect(pageItems(400, 400)).toEqual([1, "dots", 396, 397, 398, 399, 400]);
  });
});
