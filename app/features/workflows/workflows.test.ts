import { describe, expect, it } from "vitest";
import { taskPaths } from "~/features/tasks/tasks";
import { offersWorkflowStart, startFormOpen, taskHref } from "./workflows";

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

describe("taskHref", () => {
  it("is the tasks feature's own address of a task", () => {
    const id = "5f0c6a43-3c7e-4a53-9a55-1b2f8d3c0a11";
    expect(taskHref(id)).toBe(taskPaths.view(id));
  });
});

describe("startFormOpen", () => {
  it("shows the start form when asked or for one case's workflows, not on the plain list", () => {
    expect(startFormOpen(new URLSearchParams(""), null)).toBe(false);
    expect(startFormOpen(new URLSearchParams("panel=other"), null)).toBe(false);
    expect(startFormOpen(new URLSearchParams("panel=start"), null)).toBe(true);
    expect(startFormOpen(new URLSearchParams("case=x"), "0b6d2c3e-8f0a-4a51-9a59-3c1d2e4f5a6b")).toBe(true);
  });
});
