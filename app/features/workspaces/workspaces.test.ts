import { describe, expect, it } from "vitest";
import { PLAN_IDS, type PlanId, planTotal } from "~/features/payment/plans";
import { nextPlan, workspaceOf } from "./workspaces";

describe("workspaceOf", () => {
  it("is the person's firm, with their own plan", () => {
    expect(workspaceOf({ lawFirm: "f1", plan: "starter" }, "Hartwell & Okafor LLP")).toEqual({
      kind: "firm",
      name: "Hartwell & Okafor LLP",
      plan: "starter",
    });
  });

  it("is a personal space for a client, who has no firm", () => {
    expect(workspaceOf({ lawFirm: null, plan: "premium" }, null)).toEqual({
      kind: "personal",
      name: null,
      plan: "premium",
    });
  });

  it("never shows a sample team or a plan the person does not have", () => {
    expect(workspaceOf({ lawFirm: "f1", plan: "pro" }, null)).toEqual({
      kind: "personal",
      name: null,
      plan: null,
    });
    expect(workspaceOf({ lawFirm: null, plan: null }, null).plan).toBeNull();
  });
});

describe("nextPlan", () => {
  it("offers a dearer plan, and nothing on the dearest plan or without a plan", () => {
    const monthly = (plan: PlanId) => planTotal(plan, "monthly");
    const dearest = PLAN_IDS.reduce((a, b) => (monthly(b) > monthly(a) ? b : a));
    for (const plan of PLAN_IDS) {
      const next = nextPlan(plan);
      if (plan === dearest) expect(next, plan).toBeNull();
      else expect(next && monthly(next), plan).toBeGreaterThan(monthly(plan));
    }
    expect(nextPlan(null)).toBeNull();
  });
});
