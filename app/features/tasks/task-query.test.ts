import { describe, expect, it } from "vitest";
import { boardPanelsOf, parseTaskQuery, pickersShown, taskPageHref, taskQueryString } from "./task-query";
import { taskPaths } from "./tasks";

const CASE = "0b6d2c3e-8f0a-4a51-9a59-3c1d2e4f5a6b";

describe("task query", () => {
  it("reads the filters from the address and drops what it does not understand", () => {
    const query = parseTaskQuery(
      new URLSearchParams(
        `case=${CASE}&assignee=me&status=done&status=nope&due_from=2026-02-30&due_to=2026-12-01&overdue=1&sort=title&page=x&size=7`,
      ),
    );
    expect(query).toMatchObject({
      caseId: CASE,
      assignee: "me",
      status: ["done"],
      dueTo: "2026-12-01",
      overdue: true,
      sort: "title",
      dir: "asc",
      page: 1,
      size: 25,
    });
    // 30 February parses (Date.parse is lenient) but a hand-typed bad case id never reaches the database.
    expect(parseTaskQuery(new URLSearchParams("case=1;drop")).caseId).toBe("");
  });

  it("writes back only what differs from the defaults, and parses to the same query", () => {
    const query = parseTaskQuery(
      new URLSearchParams(`assignee=me&status=todo&status=waiting&overdue=1&page=2`),
    );
    const text = taskQueryString(query);
    expect(text).toBe("?assignee=me&status=todo&status=waiting&overdue=1&page=2");
    expect(parseTaskQuery(new URLSearchParams(text.slice(1)))).toEqual(query);
    expect(taskQueryString(parseTaskQuery(new URLSearchParams()))).toBe("");
  });

  it("opens the board's filters when asked or while one is on, its new-task form only when asked", () => {
    const panels = (search: string) => {
      const params = new URLSearchParams(search);
      return boardPanelsOf(params, parseTaskQuery(params));
    };
    expect(panels("")).toEqual({ filters: false, create: false });
    expect(panels("page=2&status=todo")).toEqual({ filters: false, create: false });
    expect(panels("panel=filters")).toEqual({ filters: true, create: false });
    expect(panels(`case=${CASE}`)).toEqual({ filters: true, create: false });
    expect(panels("assignee=me&panel=new-task")).toEqual({ filters: true, create: true });
    // A case id that does not parse is no filter.
    expect(panels("case=nope&panel=other")).toEqual({ filters: false, create: false });
  });

  it("shows a task page's case and assignee pickers when asked or while they filter, not for the others", () => {
    const shown = (search: string) => {
      const params = new URLSearchParams(search);
      return pickersShown(params, parseTaskQuery(params));
    };
    expect(shown("status=todo&overdue=1&sort=priority")).toBe(false);
    expect(shown("status=todo&panel=filters")).toBe(true);
    expect(shown("assignee=me")).toBe(true);
    expect(shown(`case=${CASE}&page=3`)).toBe(true);
  });

  it("writes the board's address with a panel open, keeping the query", () => {
    const query = parseTaskQuery(new URLSearchParams(`case=${CASE}&page=2`));
    const board = "/dashboard/task_management/task_management";
    expect(taskPageHref(taskPaths.board, query)).toBe(`${board}?case=${CASE}&page=2`);
    expect(taskPageHref(taskPaths.board, query, "new-task")).toBe(
      `${board}?case=${CASE}&page=2&panel=new-task`,
    );
    expect(taskPageHref(taskPaths.board, parseTaskQuery(new URLSearchParams()), "filters")).toBe(
      `${board}?panel=filters`,
    );
  });
});
