import { describe, expect, it } from "vitest";
import {
  DEFAULT_DIRECTORY_QUERY,
  directoryFilterCount,
  directorySearch,
  parseDirectoryQuery,
} from "./directory-query";

const parse = (search: string) => parseDirectoryQuery(new URLSearchParams(search));

describe("the directory's query in the address", () => {
  it("is the default for an empty address and writes nothing back", () => {
    expect(parse("")).toEqual(DEFAULT_DIRECTORY_QUERY);
    expect(directorySearch(parse(""))).toBe("");
  });

  it("reads filters from the shared lists and drops what it does not know", () => {
    const query = parse(
      "q=%20ana%20&practice_area=family&practice_area=astrology&jurisdiction=New+York&language=es&language=English&rate_min=100&rate_max=x",
    );
    expect(query).toMatchObject({
      q: "ana",
      practiceArea: ["family"],
      jurisdiction: ["New York"],
      language: ["es"],
      rateMin: 100,
      rateMax: null,
    });
    expect(directoryFilterCount(query)).toBe(4);
  });

  it("swaps a rate range given the wrong way round and refuses one over the maximum", () => {
    expect(parse("rate_min=300&rate_max=100")).toMatchObject({ rateMin: 100, rateMax: 300 });
    expect(parse("rate_max=10000.5")).toMatchObject({ rateMax: null });
  });

  it("round-trips: parsing the link it writes gives the same query", () => {
    const query = parse("q=chen&language=zh&jurisdiction=China&rate_max=400&sort=rating&page=2&size=10");
    expect(query.dir).toBe("desc");
    expect(parse(directorySearch(query))).toEqual(query);
    expect(directorySearch(query, { page: 1 })).not.toContain("page=");
  });
});
