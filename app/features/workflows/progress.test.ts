import { describe, expect, it } from "vitest";
import { needsAttention, progressOf, stepState } from "./progress";

const TODAY = "2026-11-26";

describe("stepState", () => {
  it("is done, overdue (before today, not done), open, or removed", () => {
    expect(stepState({ status: "done", due_date: "2026-01-01" }, TODAY)).toBe("done");
    expect(stepState({ status: "todo", due_date: "2026-11-25" }, TODAY)).toBe("overdue");
    expect(stepState({ status: "waiting", due_date: TODAY }, TODAY)).toBe("open");
    expect(stepState({ status: "in_progress", due_date: null }, TODAY)).toBe("open");
    expect(stepState(null, TODAY)).toBe("removed");
  });
});

describe("progressOf", () => {
  it("counts done and overdue tasks and finds the next due date among those not done", () => {
    const progress = progressOf(
      [
        { status: "done", due_date: "2026-11-01" },
        { status: "todo", due_date: "2026-11-20" },
        { status: "todo", due_date: "2026-12-03" },
        { status: "in_progress", due_date: null },
      ],
      TODAY,
    );
    expect(progress).toEqual({ total: 4, done: 1, overdue: 1, nextDue: "2026-11-20", complete: false });
    expect(progressOf([{ status: "done", due_date: null }], TODAY).complete).toBe(true);
    expect(progressOf([], TODAY).complete).toBe(false);
  });

  it("needs attention when a step is late or one is due soon, never when complete", () => {
    const soon = "2026-12-03";
    expect(needsAttention(progressOf([{ status: "todo", due_date: "2026-11-01" }], TODAY), TODAY, soon)).toBe(
      true,
    );
    expect(needsAttention(progressOf([{ status: "todo", due_date: "2026-12-02" }], TODAY), TODAY, soon)).toBe(
      true,
    );
    expect(needsAttention(progressOf([{ status: "todo", due_date: "2027-01-02" }], TODAY), TODAY, soon)).toBe(
      false,
    );
    expect(needsAttention(progressOf([{ status: "done", due_date: "2026-11-01" }], TODAY), TODAY, soon)).toBe(
      false,
    );
  });
});
