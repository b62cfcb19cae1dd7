import { describe, expect, it } from "vitest";
import { offersWorkflowStart } from "./workflows";

const members = [
  { userId: "client", role: "client" },
  { userId: "lead", role: "lead" },
  { userId: "para", role: "paralegal" },
];
const engaged = { status: "engaged", members };

describe("offersWorkflowStart", () => {
  it("offers an engaged case's team, firm admins and admins; never its client or another lawyer", () => {
    expect(offersWorkflowStart({ id: "lead", accessLevel: "lawyer" }, engaged)).toBe(true);
    expect(offersWorkflowStart({ id: "para", accessLevel: "lawyer" }, engaged)).toBe(true);
    expect(offersWorkflowStart({ id: "boss", accessLevel: "lawyer_admin" }, engaged)).toBe(true);
    expect(offersWorkflowStart({ id: "root", accessLevel: "admin" }, engaged)).toBe(true);
    expect(offersWorkflowStart({ id: "client", accessLevel: "user" }, engaged)).toBe(false);
    expect(offersWorkflowStart({ id: "rival", accessLevel: "lawyer" }, engaged)).toBe(false);
  });

  it("offers nothing on a case that is not engaged", () => {
    for (const status of ["open", "on_hold", "closed"]) {
      expect(offersWorkflowStart({ id: "lead", accessLevel: "lawyer" }, { status, members })).toBe(false);
    }
  });
});
