import { describe, expect, it } from "vitest";
import { assigneeChoices, caseOptionLabel, isOverdue, mentionsIn, parseLabels, todayIso } from "./tasks";

const people = [
  { id: "1", name: "Ana Silva", avatarUrl: null, role: "lead" },
  { id: "2", name: "Ana Costa", avatarUrl: null, role: "associate" },
  { id: "3", name: "Minh Nguyen", avatarUrl: null, role: "client" },
];

describe("tasks", () => {
  it('offers each assignee once, by name, without the person (who is "me")', () => {
    const onTwoCases = [...people, { id: "2", name: "Ana Costa", avatarUrl: null, role: "lead" }];
    expect(assigneeChoices(onTwoCases, "1", "en").map((person) => person.id)).toEqual(["2", "3"]);
    expect(assigneeChoices(onTwoCases, "3", "en").map((person) => person.name)).toEqual([
      "Ana Costa",
      "Ana Silva",
    ]);
    expect(assigneeChoices([], "1", "en")).toEqual([]);
  });

  it("finds the members a comment mentions, by full name or an unambiguous first name", () => {
    expect(mentionsIn("Thanks @ana silva and @Minh!", people)).toEqual(["1", "3"]);
    // Two Anas: "@Ana" alone names neither.
    expect(mentionsIn("@Ana please", people)).toEqual([]);
    expect(mentionsIn("@Minhx is not Minh", people)).toEqual([]);
  });

  it("reads labels within the database's bounds", () => {
    expect(parseLabels(" court ,  filing,court,, ")).toEqual(["court", "filing"]);
    expect(parseLabels(Array.from({ length: 12 }, (_, i) => `l${i}`).join(","))).toHaveLength(10);
    expect(parseLabels("x".repeat(50))[0]).toHaveLength(40);
  });

  it("is overdue only before its due date and while not done", () => {
    expect(isOverdue({ due_date: "2026-11-25", status: "todo" }, "2026-11-26")).toBe(true);
    expect(isOverdue({ due_date: "2026-11-26", status: "todo" }, "2026-11-26")).toBe(false);
    expect(isOverdue({ due_date: "2026-11-25", status: "done" }, "2026-11-26")).toBe(false);
    expect(isOverdue({ due_date: null, status: "todo" }, "2026-11-26")).toBe(false);
  });

  it("takes today's date in UTC, whatever the server's time zone", () => {
    expect(todayIso(new Date("2026-11-26T23:30:00-05:00"))).toBe("2026-11-27");
  });
});

describe("caseOptionLabel", () => {
  it("names a case by its reference and title, or its reference alone when the title is unknown", () => {
    expect(caseOptionLabel({ id: "1", reference: "CASE-2026-0001", title: "Unpaid invoice" })).toBe(
      "CASE-2026-0001 · Unpaid invoice",
    );
    expect(caseOptionLabel({ id: "1", reference: "CASE-2026-0001", title: "" })).toBe("CASE-2026-0001");
  });
});
