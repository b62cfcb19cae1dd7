import { describe, expect, it } from "vitest";
import { intakeRefusal, proposalPermissions } from "./proposal-rules";

const lawyer = { id: "lawyer", accessLevel: "lawyer", lawFirm: "firm" } as const;
const firmAdmin = { id: "boss", accessLevel: "lawyer_admin", lawFirm: "firm" } as const;
const otherLawyer = { id: "other", accessLevel: "lawyer", lawFirm: "firm" } as const;
const client = { id: "client", accessLevel: "user", lawFirm: null } as const;
const admin = { id: "admin", accessLevel: "admin", lawFirm: null } as const;
const openCase = { client_id: "client", status: "open" } as const;

const proposal = (status: "draft" | "submitted" | "viewed" | "accepted" | "declined" | "withdrawn") =>
  ({ lawyer_id: "lawyer", law_firm_id: "firm", status }) as const;

const allowed = (permissions: Record<string, boolean>) =>
  Object.entries(permissions)
    .filter(([, value]) => value)
    .map(([key]) => key);

describe("proposalPermissions", () => {
  it("the lawyer edits, submits and deletes a draft", () => {
    expect(allowed(proposalPermissions(lawyer, proposal("draft"), openCase))).toEqual([
      "edit",
      "submit",
      "delete",
    ]);
  });

  it("the lawyer edits and withdraws while the client has not decided", () => {
    for (const status of ["submitted", "viewed"] as const) {
      expect(allowed(proposalPermissions(lawyer, proposal(status), openCase))).toEqual(["edit", "withdraw"]);
    }
  });

  it("nobody acts on a decided proposal", () => {
    for (const status of ["accepted", "declined", "withdrawn"] as const) {
      for (const person of [lawyer, client, firmAdmin]) {
        expect(allowed(proposalPermissions(person, proposal(status), openCase))).toEqual([]);
      }
    }
  });

  it("the client accepts or declines an undecided proposal, and only declines once the case is not open", () => {
    expect(allowed(proposalPermissions(client, proposal("submitted"), openCase))).toEqual([
      "accept",
      "decline",
    ]);
    expect(
      allowed(proposalPermissions(client, proposal("viewed"), { client_id: "client", status: "engaged" })),
    ).toEqual(["decline"]);
  });

  it("the firm's admin acts for the firm's lawyer but does not delete their draft; another lawyer nothing", () => {
    expect(allowed(proposalPermissions(firmAdmin, proposal("draft"), openCase))).toEqual(["edit", "submit"]);
    expect(allowed(proposalPermissions(otherLawyer, proposal("submitted"), openCase))).toEqual([]);
  });

  it("a lawyer never accepts their own proposal", () => {
    expect(proposalPermissions(lawyer, proposal("submitted"), openCase).accept).toBe(false);
  });

  it("a draft on a case no longer open cannot be submitted", () => {
    expect(
      proposalPermissions(lawyer, proposal("draft"), { client_id: "client", status: "cancelled" }).submit,
    ).toBe(false);
  });

  it("admins may do what the client and the lawyer may", () => {
    expect(allowed(proposalPermissions(admin, proposal("submitted"), openCase))).toEqual([
      "accept",
      "decline",
      "edit",
      "withdraw",
    ]);
  });
});

describe("intakeRefusal", () => {
  it("lets a lawyer propose once on someone else's open case", () => {
    expect(intakeRefusal(lawyer, openCase, null)).toBeNull();
    expect(intakeRefusal(firmAdmin, openCase, null)).toBeNull();
  });

  it("says why anyone else may not", () => {
    expect(intakeRefusal(client, openCase, null)).toBe("notLawyer");
    expect(intakeRefusal(admin, openCase, null)).toBe("notLawyer");
    expect(intakeRefusal(lawyer, { client_id: "lawyer", status: "open" }, null)).toBe("ownCase");
    expect(intakeRefusal(lawyer, { client_id: "client", status: "closed" }, null)).toBe("caseNotOpen");
    expect(intakeRefusal(lawyer, openCase, "proposal-id")).toBe("alreadyProposed");
  });
});
