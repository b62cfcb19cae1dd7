import { describe, expect, it } from "vitest";
import { nextPlan, TOP_PLAN, workspaceOf } from "./workspaces";

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
  it("offers the next plan up, and nothing on the top plan", () => {
    expect(nextPlan("basic")).toBe("starter");
    expect(nextPlan("starter")).toBe("premium");
    expect(TOP_PLAN).toBe("premium");
    expect(nextPlan("premium")).toBeNull();
    expect(nextPlan(null)).toBeNull();
  });
});
