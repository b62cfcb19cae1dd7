import { describe, expect, it } from "vitest";
import { PROPOSAL_SEARCH_MAX, parseProposalListParams, proposalListSearch } from "./list-params";

const parse = (query: string) => parseProposalListParams(new URLSearchParams(query));

describe("parseProposalListParams", () => {
  it("reads status, fee type, search and page", () => {
    expect(parse("status=viewed&fee=hourly&q=%20lease%20&page=3")).toEqual({
      status: "viewed",
      feeType: "hourly",
      q: "lease",
      page: 3,
    });
  });

  it("drops unknown values instead of failing", () => {
    expect(parse("status=lost&fee=barter&page=-2")).toEqual({ status: null, feeType: null, q: "", page: 1 });
    expect(parse("page=abc").page).toBe(1);
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(PROPOSAL_SEARCH_MAX);
  });
});

describe("proposalListSearch", () => {
  it("writes only what differs from the defaults, and round-trips", () => {
    expect(proposalListSearch({})).toBe("");
    expect(proposalListSearch({ status: "draft", page: 1 })).toBe("?status=draft");
    const params = { status: "submitted", feeType: "fixed", q: "CASE-2026", page: 2 } as const;
    expect(parse(proposalListSearch(params).slice(1))).toEqual(params);
  });
});
