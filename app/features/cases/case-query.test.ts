import { describe, expect, it } from "vitest";
import {
  CASE_QUERY_TEXT_MAX,
  casePageCount,
  caseQuerySearchParams,
  caseQueryString,
  DEFAULT_CASE_QUERY,
  hasCaseFilters,
  parseCaseQuery,
  statusesInScope,
} from "./case-query";
import { CASE_STATUSES } from "./cases";
import { caseSearchFold, containsPattern } from "./queries.server";

const parse = (text: string) => parseCaseQuery(new URLSearchParams(text));

describe("parseCaseQuery", () => {
  it("gives the defaults for an empty address", () => {
    expect(parse("")).toEqual(DEFAULT_CASE_QUERY);
  });

  it("reads every parameter", () => {
    expect(
      parse(
        "q=smith&status=open&status=draft&practice_area=tax&jurisdiction=Texas&priority=urgent&scope=mine&sort=title&dir=desc&page=3&size=50",
      ),
    ).toEqual({
      q: "smith",
      status: ["draft", "open"],
      practiceArea: ["tax"],
      jurisdiction: "Texas",
      priority: ["urgent"],
      scope: "mine",
      sort: "title",
      dir: "desc",
      page: 3,
      size: 50,
    });
  });

  it("drops values it does not know instead of failing", () => {
    expect(
      parse(
        "status=nope&status=open&status=open&practice_area=magic&priority=1&scope=everyone&sort=password&dir=up&page=-2&size=33",
      ),
    ).toEqual({ ...DEFAULT_CASE_QUERY, status: ["open"] });
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=1.5").page).toBe(1);
    expect(parse("page=99999999999").page).toBe(1);
    expect(parse("size=").size).toBe(25);
  });

  it("drops control characters from the texts (a NUL is no error in the database)", () => {
    expect(parse("q=sm%00ith&jurisdiction=Tex%01as%7F")).toMatchObject({ q: "smith", jurisdiction: "Texas" });
    expect(parse("q=%00%00").q).toBe("");
    expect(parse("q=a%09%0A%0Db").q).toBe("a b");
  });

  it("accepts comma-separated lists too", () => {
    expect(parse("status=closed,open").status).toEqual(["open", "closed"]);
  });

  it("sorts ascending when a column comes without a direction", () => {
    expect(parse("sort=needed_by")).toMatchObject({ sort: "needed_by", dir: "asc" });
    expect(parse("dir=asc")).toMatchObject({ sort: "updated_at", dir: "asc" });
  });

  it("tidies and bounds the texts", () => {
    expect(parse("q=%20%20a%20%20%20b%20").q).toBe("a b");
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(CASE_QUERY_TEXT_MAX);
  });
});

describe("caseQuerySearchParams", () => {
  it("writes only what differs from the defaults", () => {
    expect(caseQueryString(DEFAULT_CASE_QUERY)).toBe("");
    expect(caseQueryString(DEFAULT_CASE_QUERY, { page: 2 })).toBe("?page=2");
    expect(caseQueryString(DEFAULT_CASE_QUERY, { sort: "title", dir: "asc" })).toBe("?sort=title&dir=asc");
  });

  it("round-trips through parseCaseQuery", () => {
    const query = parse(
      "q=a%2Cb&status=engaged&status=closed&practice_area=family&jurisdiction=NY&priority=low&priority=high&scope=marketplace&sort=budget_max&dir=desc&page=4&size=10",
    );
    expect(parseCaseQuery(caseQuerySearchParams(query))).toEqual(query);
  });
});

describe("hasCaseFilters and casePageCount", () => {
  it("knows when a list is narrowed", () => {
    expect(hasCaseFilters(DEFAULT_CASE_QUERY)).toBe(false);
    expect(hasCaseFilters(parse("sort=title&page=2&scope=mine"))).toBe(false);
    expect(hasCaseFilters(parse("priority=low"))).toBe(true);
  });

  it("counts at least one page", () => {
    expect(casePageCount(0, 25)).toBe(1);
    expect(casePageCount(25, 25)).toBe(1);
    expect(casePageCount(26, 25)).toBe(2);
  });
});

describe("containsPattern", () => {
  it("keeps the PostgREST filter grammar and LIKE wildcards out of a search", () => {
    expect(containsPattern("smith")).toBe("*smith*");
    expect(containsPattern("Smith, J. (Jr)")).toBe("*Smith* J* *Jr*");
    expect(containsPattern('a"b\\c:d%e_f**g')).toBe("*a*b*c*d*e*f*g*");
  });
});

describe("caseSearchFold", () => {
  it("lower-cases every script the way Postgres does, one character at a time", () => {
    expect(caseSearchFold("Contract DISPUTE")).toBe("contract dispute");
    expect(caseSearchFold("CASE-2026-0042")).toBe("case-2026-0042");
    expect(caseSearchFold("ĐÀ NẴNG")).toBe("đà nẵng");
    expect(caseSearchFold("ΟΔΟΣ")).toBe("οδοσ");
    expect(caseSearchFold("نزاع 合同")).toBe("نزاع 合同");
  });

  it("makes a wildcard of a character whose lower case is longer", () => {
    expect(caseSearchFold("İstanbul")).toBe("*stanbul");
  });
});

describe("statusesInScope", () => {
  it("offers the marketplace only the status its cases have", () => {
    expect(statusesInScope("marketplace")).toEqual(["open"]);
  });

  it("offers every status where every status can appear", () => {
    expect(statusesInScope("all")).toEqual(CASE_STATUSES);
    expect(statusesInScope("mine")).toEqual(CASE_STATUSES);
  });
});
