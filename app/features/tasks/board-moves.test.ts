import { describe, expect, it } from "vitest";
import { applyMove, moveDown, moveFields, moveToColumn, moveToIndex, moveUp } from "./board-moves";
import type { TaskStatus } from "./tasks";

const column = ["a", "b", "c"];

describe("board moves", () => {
  it("drops a card between its new neighbours", () => {
    expect(moveToIndex(column, "c", "todo", 1)).toEqual({
      task: "c",
      status: "todo",
      after: "a",
      before: undefined,
    });
    expect(moveToIndex(column, "c", "todo", 0)).toEqual({
      task: "c",
      status: "todo",
      after: undefined,
      before: "a",
    });
    expect(moveToIndex(column, "a", "todo", 99)).toEqual({
      task: "a",
      status: "todo",
      after: "c",
      before: undefined,
    });
  });

  it("moves up and down one place, not past the ends", () => {
    expect(moveUp(column, "b", "todo")).toEqual({ task: "b", status: "todo", after: undefined, before: "a" });
    expect(moveDown(column, "b", "todo")).toEqual({
      task: "b",
      status: "todo",
      after: "c",
      before: undefined,
    });
    expect(moveUp(column, "a", "todo")).toBeNull();
    expect(moveDown(column, "c", "todo")).toBeNull();
  });

  it("moves to the end of another column, or alone into an empty one", () => {
    expect(moveToColumn(["x"], "a", "done")).toEqual({
      task: "a",
      status: "done",
      after: "x",
      before: undefined,
    });
    expect(moveToColumn([], "a", "done")).toEqual({
      task: "a",
      status: "done",
      after: undefined,
      before: undefined,
    });
  });

  it("shows the move at once in the order the server will keep", () => {
    const board: { status: TaskStatus; tasks: { id: string; status: TaskStatus }[] }[] = [
      {
        status: "todo",
        tasks: [
          { id: "a", status: "todo" },
          { id: "b", status: "todo" },
        ],
      },
      { status: "done", tasks: [{ id: "x", status: "done" }] },
    ];
    const next = applyMove(board, { task: "b", status: "done", before: "x" });
    expect(next.map((c) => c.tasks.map((t) => t.id))).toEqual([["a"], ["b", "x"]]);
    expect(next[1]?.tasks[0]?.status).toBe("done");
    const within = applyMove(board, { task: "a", status: "todo", after: "b" });
    expect(within[0]?.tasks.map((t) => t.id)).toEqual(["b", "a"]);
  });

  it("posts only the neighbours it has", () => {
    expect(moveFields({ task: "a", status: "done" })).toEqual({ intent: "move", task: "a", status: "done" });
  });
});
