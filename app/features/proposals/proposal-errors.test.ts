import { describe, expect, it } from "vitest";
import { PROPOSAL_ERRORS, proposalErrorMessage } from "./mutations.server";

describe("proposalErrorMessage", () => {
  it("names the daily proposal quota", () => {
    const refusal = {
      code: "P0001",
      message: "At most 50 proposals can be sent per day",
      details: "quota:proposals_per_day",
    };
    expect(proposalErrorMessage(refusal)).toBe(PROPOSAL_ERRORS.quotaProposalsPerDay);
  });

  it("keeps other P0001 refusals generic", () => {
    expect(proposalErrorMessage({ code: "P0001", message: "boom", details: "" })).toBe(
      PROPOSAL_ERRORS.failed,
    );
  });
});
