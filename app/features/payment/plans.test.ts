import { describe, expect, it } from "vitest";
import { isPlanId, planTotal } from "./plans";

describe("planTotal", () => {
  it("charges the monthly price for a month", () => {
    expect(planTotal("basic", "monthly")).toBe(0);
    expect(planTotal("starter", "monthly")).toBe(4.99);
    expect(planTotal("premium", "monthly")).toBe(9.99);
  });

  it("charges ten months for a year, to the cent", () => {
    expect(planTotal("starter", "yearly")).toBe(49.9);
    expect(planTotal("premium", "yearly")).toBe(99.9);
  });
});

describe("isPlanId", () => {
  it("knows the three plans and nothing else", () => {
    expect(isPlanId("starter")).toBe(true);
    expect(isPlanId("gold")).toBe(false);
    expect(isPlanId(null)).toBe(false);
  });
});
