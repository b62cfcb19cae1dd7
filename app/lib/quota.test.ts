import { describe, expect, it } from "vitest";
import { quotaOf } from "./quota";

describe("quotaOf", () => {
  it("reads the quota from a quota refusal", () => {
    expect(quotaOf({ code: "P0001", details: "quota:open_cases" })).toBe("open_cases");
    expect(quotaOf({ code: "P0001", details: "quota:proposals_per_day" })).toBe("proposals_per_day");
  });

  it("is null for other errors and unknown quotas", () => {
    expect(quotaOf({ code: "P0001", details: null })).toBeNull();
    expect(quotaOf({ code: "P0001", details: "quota:anything" })).toBeNull();
    expect(quotaOf({ code: "23514", details: "quota:open_cases" })).toBeNull();
    expect(quotaOf({ code: "42501" })).toBeNull();
  });
});
