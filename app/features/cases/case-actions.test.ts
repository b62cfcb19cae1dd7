import { describe, expect, it } from "vitest";
import { allowedStatusActions, type CaseStanding, statusActionNeedsConfirmation } from "./case-actions";
import { CASE_STATUSES, type CaseStatus } from "./cases";
import { caseStatusActionSchema } from "./schemas";

const client: CaseStanding = { accessLevel: "user", isClient: true, runsCase: false };
const runningLawyer: CaseStanding = { accessLevel: "lawyer", isClient: false, runsCase: true };
const bystander: CaseStanding = { accessLevel: "lawyer", isClient: false, runsCase: false };
const admin: CaseStanding = { accessLevel: "admin", isClient: false, runsCase: false };
const superUser: CaseStanding = { accessLevel: "super_user", isClient: false, runsCase: false };

describe("allowedStatusActions", () => {
  it.each<[CaseStatus, CaseStatus[]]>([
    ["draft", ["open", "cancelled"]],
    ["open", ["cancelled"]],
    ["engaged", []],
    ["on_hold", []],
    ["closed", []],
    ["cancelled", []],
  ])("the client of a %s case may move it to %j", (status, expected) => {
    expect(allowedStatusActions(status, client)).toEqual(expected);
  });

  it.each<[CaseStatus, CaseStatus[]]>([
    ["draft", []],
    ["open", []],
    ["engaged", ["on_hold", "closed"]],
    ["on_hold", ["engaged", "closed"]],
    ["closed", []],
    ["cancelled", []],
  ])("a lawyer running a %s case may move it to %j", (status, expected) => {
    expect(allowedStatusActions(status, runningLawyer)).toEqual(expected);
  });

  it.each(CASE_STATUSES)("a lawyer who does not run a %s case may do nothing", (status) => {
    expect(allowedStatusActions(status, bystander)).toEqual([]);
    expect(allowedStatusActions(status, { ...bystander, accessLevel: "lawyer_admin" })).toEqual([]);
  });

  it.each<[CaseStatus, CaseStatus[]]>([
    ["draft", ["open", "cancelled"]],
    ["open", ["cancelled"]],
    ["engaged", ["on_hold", "closed"]],
    ["on_hold", ["engaged", "closed"]],
    ["closed", []],
    ["cancelled", []],
  ])("admins may move a %s case to %j (never open → engaged)", (status, expected) => {
    expect(allowedStatusActions(status, admin)).toEqual(expected);
    expect(allowedStatusActions(status, superUser)).toEqual(expected);
  });

  it("a client who also runs the case gets both sets of moves once each", () => {
    const both: CaseStanding = { accessLevel: "lawyer_admin", isClient: true, runsCase: true };
    expect(allowedStatusActions("draft", both)).toEqual(["open", "cancelled"]);
    expect(allowedStatusActions("engaged", both)).toEqual(["on_hold", "closed"]);
  });
});

describe("statusActionNeedsConfirmation", () => {
  it("asks before the moves that cannot be undone", () => {
    expect(CASE_STATUSES.filter(statusActionNeedsConfirmation)).toEqual(["closed", "cancelled"]);
  });
});

describe("caseStatusActionSchema", () => {
  it("accepts the status intent with a known status", () => {
    expect(caseStatusActionSchema.safeParse({ intent: "status", status: "open" }).success).toBe(true);
  });

  it.each([
    { intent: "status", status: "archived" },
    { intent: "status" },
    { intent: "delete", status: "open" },
    { status: "open" },
  ])("refuses %j", (value) => {
    expect(caseStatusActionSchema.safeParse(value).success).toBe(false);
  });
});
