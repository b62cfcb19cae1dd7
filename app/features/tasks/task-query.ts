import { manyOf, oneOf, positiveInteger } from "~/features/cases/case-query";
import { isUuid } from "~/features/cases/cases";
import { TASK_STATUSES, type TaskStatus } from "./tasks";

/**
 * What a list of tasks shows, as it travels in the address (the board, the table, the JSON API):
 * parsed without ever failing (a value that is not understood is dropped) and written back with
 * only what differs from the defaults — the case lists' rules (features/cases/case-query.ts),
 * whose parsing helpers it uses.
 */

const TASK_SORT_COLUMNS = ["due_date", "title", "status", "priority", "updated_at", "created_at"] as const;
type TaskSortColumn = (typeof TASK_SORT_COLUMNS)[number];

const SORT_DIRECTIONS = ["asc", "desc"] as const;

export const TASK_PAGE_SIZES = [10, 25, 50, 100] as const;
type TaskPageSize = (typeof TASK_PAGE_SIZES)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type TaskQuery = {
  /** A case id, or "" for every case the person sees. */
  caseId: string;
  /** An assignee's id, "me" for the person, or "" for anyone. */
  assignee: string;
  status: TaskStatus[];
  /** Due on or after / on or before (YYYY-MM-DD), or "". */
  dueFrom: string;
  dueTo: string;
  /** Only tasks past their due date and not done. */
  overdue: boolean;
  sort: TaskSortColumn;
  dir: (typeof SORT_DIRECTIONS)[number];
  page: number;
  size: TaskPageSize;
};

/** Soonest due first, 25 a page. */
const DEFAULT_TASK_QUERY: Readonly<TaskQuery> = Object.freeze({
  caseId: "",
  assignee: "",
  status: [],
  dueFrom: "",
  dueTo: "",
  overdue: false,
  sort: "due_date",
  dir: "asc",
  page: 1,
  size: 25,
});

export const TASK_QUERY_PARAMS = {
  caseId: "case",
  assignee: "assignee",
  status: "status",
  dueFrom: "due_from",
  dueTo: "due_to",
  overdue: "overdue",
  sort: "sort",
  dir: "dir",
  page: "page",
  size: "size",
} as const satisfies Record<keyof TaskQuery, string>;

function date(value: string | null): string {
  const text = value?.trim() ?? "";
  return DATE.test(text) && !Number.isNaN(Date.parse(text)) ? text : "";
}

/** Reads a task list's query from the address. Never throws. */
export function parseTaskQuery(params: URLSearchParams): TaskQuery {
  const names = TASK_QUERY_PARAMS;
  const sort = oneOf(TASK_SORT_COLUMNS, params.get(names.sort));
  const dir = oneOf(SORT_DIRECTIONS, params.get(names.dir));
  const size = Number(params.get(names.size));
  const caseId = params.get(names.caseId) ?? "";
  const assignee = params.get(names.assignee) ?? "";
  return {
    caseId: isUuid(caseId) ? caseId.toLowerCase() : "",
    assignee: assignee === "me" || isUuid(assignee) ? assignee.toLowerCase() : "",
    status: manyOf(TASK_STATUSES, params.getAll(names.status)),
    dueFrom: date(params.get(names.dueFrom)),
    dueTo: date(params.get(names.dueTo)),
    overdue: ["1", "true", "on"].includes(params.get(names.overdue) ?? ""),
    sort: sort ?? DEFAULT_TASK_QUERY.sort,
    dir: dir ?? (sort ? "asc" : DEFAULT_TASK_QUERY.dir),
    page: positiveInteger(params.get(names.page)) ?? DEFAULT_TASK_QUERY.page,
    size: TASK_PAGE_SIZES.find((allowed) => allowed === size) ?? DEFAULT_TASK_QUERY.size,
  };
}

/** The query as `?…` (only what differs from the defaults), `changes` applied first; "" when all default. */
export function taskQueryString(query: TaskQuery, changes: Partial<TaskQuery> = {}): string {
  const next = { ...query, ...changes };
  const names = TASK_QUERY_PARAMS;
  const params = new URLSearchParams();
  if (next.caseId) params.set(names.caseId, next.caseId);
  if (next.assignee) params.set(names.assignee, next.assignee);
  for (const status of next.status) params.append(names.status, status);
  if (next.dueFrom) params.set(names.dueFrom, next.dueFrom);
  if (next.dueTo) params.set(names.dueTo, next.dueTo);
  if (next.overdue) params.set(names.overdue, "1");
  if (next.sort !== DEFAULT_TASK_QUERY.sort || next.dir !== DEFAULT_TASK_QUERY.dir) {
    params.set(names.sort, next.sort);
    params.set(names.dir, next.dir);
  }
  if (next.page !== DEFAULT_TASK_QUERY.page) params.set(names.page, String(next.page));
  if (next.size !== DEFAULT_TASK_QUERY.size) params.set(names.size, String(next.size));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function hasTaskFilters(query: TaskQuery): boolean {
  return (
    query.caseId !== "" ||
    query.assignee !== "" ||
    query.status.length > 0 ||
    query.dueFrom !== "" ||
    query.dueTo !== "" ||
    query.overdue
  );
}

/** Whether a task page shows one case's or one person's tasks only (its two pickers' filters). */
export function filteredByPicker(query: TaskQuery): boolean {
  return query.caseId !== "" || query.assignee !== "";
}

/**
 * Whether a task page shows its case and assignee pickers: when asked (`?panel=filters`, a link,
 * so without JavaScript as well) or while one of them filters (they show it). They offer the
 * person's cases and people, which the page reads only for them (ADR 0022).
 */
export function pickersShown(params: URLSearchParams, query: TaskQuery): boolean {
  return params.get("panel") === "filters" || filteredByPicker(query);
}

/** The task pages' panels, each opened by a `?panel=` link (the new-task form: the board's). */
type TaskPanel = "filters" | "new-task";

/**
 * What the board shows besides its columns: its filters (its two pickers, `pickersShown`), and its
 * new-task form when asked, whose case picker reads the same options.
 */
export function boardPanelsOf(
  params: URLSearchParams,
  query: TaskQuery,
): { filters: boolean; create: boolean } {
  return { filters: pickersShown(params, query), create: params.get("panel") === "new-task" };
}

/** A task page's address (the board's or the table's, `taskPaths`) for a query, with a panel open. */
export function taskPageHref(path: string, query: TaskQuery, panel?: TaskPanel): string {
  const params = new URLSearchParams(taskQueryString(query));
  if (panel) params.set("panel", panel);
  const text = params.toString();
  return `${path}${text ? `?${text}` : ""}`;
}
