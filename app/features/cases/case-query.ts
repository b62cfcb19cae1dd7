import {
  CASE_PRIORITIES,
  CASE_STATUSES,
  type CasePriority,
  type CaseStatus,
  PRACTICE_AREAS,
  type PracticeArea,
} from "./cases";

/**
 * What a list of cases shows, as it travels in the address (the table, the cards, the JSON API):
 * parsed from search parameters without ever failing — a value that is not understood is dropped
 * and its default applies — and written back to a query string with only what differs from the
 * defaults, so links stay short and shareable.
 */

/** The columns a list may be sorted by (each is a column of `public.cases`). */
const CASE_SORT_COLUMNS = [
  "reference",
  "title",
  "status",
  "priority",
  "practice_area",
  "jurisdiction",
  "needed_by",
  "created_at",
  "updated_at",
  "budget_max",
] as const;
export type CaseSortColumn = (typeof CASE_SORT_COLUMNS)[number];

/**
 * Whose cases: everything the person may see (RLS decides), the ones they are part of, or — for
 * lawyers — the open marketplace (open cases of other people).
 */
export const CASE_SCOPES = ["all", "mine", "marketplace"] as const;
export type CaseScope = (typeof CASE_SCOPES)[number];

const SORT_DIRECTIONS = ["asc", "desc"] as const;
type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const CASE_PAGE_SIZES = [10, 25, 50, 100] as const;
type CasePageSize = (typeof CASE_PAGE_SIZES)[number];

/** Longest search or jurisdiction text kept (the jurisdiction column holds 100 characters). */
export const CASE_QUERY_TEXT_MAX = 100;

/** Far beyond any real list; keeps a hand-typed page number from becoming a huge offset. */
const MAX_PAGE = 100_000;

export type CaseQuery = {
  /** Searched in title, reference and jurisdiction; "" for none. */
  q: string;
  status: CaseStatus[];
  practiceArea: PracticeArea[];
  /** Part of the jurisdiction; "" for any. */
  jurisdiction: string;
  priority: CasePriority[];
  scope: CaseScope;
  sort: CaseSortColumn;
  dir: SortDirection;
  /** 1-based. */
  page: number;
  size: CasePageSize;
};

/** Most recently changed first, 25 a page. */
export const DEFAULT_CASE_QUERY: Readonly<CaseQuery> = Object.freeze({
  q: "",
  status: [],
  practiceArea: [],
  jurisdiction: "",
  priority: [],
  scope: "all",
  sort: "updated_at",
  dir: "desc",
  page: 1,
  size: 25,
});

/** The parameter names, shared by forms (input `name`s) and links. */
export const CASE_QUERY_PARAMS = {
  q: "q",
  status: "status",
  practiceArea: "practice_area",
  jurisdiction: "jurisdiction",
  priority: "priority",
  scope: "scope",
  sort: "sort",
  dir: "dir",
  page: "page",
  size: "size",
} as const satisfies Record<keyof CaseQuery, string>;

/** The value if it is one of the allowed ones (shared with the people directory's query). */
export function oneOf<Value extends string>(
  allowed: readonly Value[],
  value: string | null,
): Value | undefined {
  return allowed.find((candidate) => candidate === value);
}

/** The allowed values among a repeated parameter, each once, in the list's own order. */
export function manyOf<Value extends string>(allowed: readonly Value[], values: readonly string[]): Value[] {
  const wanted = new Set(values.flatMap((value) => value.split(",")).map((value) => value.trim()));
  return allowed.filter((value) => wanted.has(value));
}

/** One line of plain text: runs of white space become one space, other control characters (NUL, which Postgres cannot store, among them) go. */
export function cleanText(value: string | null): string {
  return (value ?? "")
    .replace(/\s+/g, " ")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, CASE_QUERY_TEXT_MAX)
    .trim();
}

export function positiveInteger(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return number >= 1 ? Math.min(number, MAX_PAGE) : undefined;
}

/** Reads a list's query from the address. Never throws. */
export function parseCaseQuery(params: URLSearchParams): CaseQuery {
  const sort = oneOf(CASE_SORT_COLUMNS, params.get(CASE_QUERY_PARAMS.sort));
  const dir = oneOf(SORT_DIRECTIONS, params.get(CASE_QUERY_PARAMS.dir));
  const size = Number(params.get(CASE_QUERY_PARAMS.size));
  return {
    q: cleanText(params.get(CASE_QUERY_PARAMS.q)),
    status: manyOf(CASE_STATUSES, params.getAll(CASE_QUERY_PARAMS.status)),
    practiceArea: manyOf(PRACTICE_AREAS, params.getAll(CASE_QUERY_PARAMS.practiceArea)),
    jurisdiction: cleanText(params.get(CASE_QUERY_PARAMS.jurisdiction)),
    priority: manyOf(CASE_PRIORITIES, params.getAll(CASE_QUERY_PARAMS.priority)),
    scope: oneOf(CASE_SCOPES, params.get(CASE_QUERY_PARAMS.scope)) ?? DEFAULT_CASE_QUERY.scope,
    sort: sort ?? DEFAULT_CASE_QUERY.sort,
    // A column chosen without a direction sorts ascending; no column at all is the default order.
    dir: dir ?? (sort ? "asc" : DEFAULT_CASE_QUERY.dir),
    page: positiveInteger(params.get(CASE_QUERY_PARAMS.page)) ?? DEFAULT_CASE_QUERY.page,
    size: CASE_PAGE_SIZES.find((allowed) => allowed === size) ?? DEFAULT_CASE_QUERY.size,
  };
}

/**
 * The query as search parameters, leaving out defaults; `changes` are applied first (e.g.
 * `{ page: 2 }` for the next page's link). Parsing the result gives the same query back.
 */
export function caseQuerySearchParams(query: CaseQuery, changes: Partial<CaseQuery> = {}): URLSearchParams {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  const names = CASE_QUERY_PARAMS;
  if (next.q) params.set(names.q, next.q);
  for (const status of next.status) params.append(names.status, status);
  for (const area of next.practiceArea) params.append(names.practiceArea, area);
  if (next.jurisdiction) params.set(names.jurisdiction, next.jurisdiction);
  for (const priority of next.priority) params.append(names.priority, priority);
  if (next.scope !== DEFAULT_CASE_QUERY.scope) params.set(names.scope, next.scope);
  if (next.sort !== DEFAULT_CASE_QUERY.sort || next.dir !== DEFAULT_CASE_QUERY.dir) {
    params.set(names.sort, next.sort);
    params.set(names.dir, next.dir);
  }
  if (next.page !== DEFAULT_CASE_QUERY.page) params.set(names.page, String(next.page));
  if (next.size !== DEFAULT_CASE_QUERY.size) params.set(names.size, String(next.size));
  return params;
}

/** `?…` for a link (or "" when everything is the default). */
export function caseQueryString(query: CaseQuery, changes: Partial<CaseQuery> = {}): string {
  const text = caseQuerySearchParams(query, changes).toString();
  return text ? `?${text}` : "";
}

/** Whether any filter narrows the list (for "no results" versus "nothing yet" and Reset). */
export function hasCaseFilters(query: CaseQuery): boolean {
  return (
    query.q !== "" ||
    query.status.length > 0 ||
    query.practiceArea.length > 0 ||
    query.jurisdiction !== "" ||
    query.priority.length > 0
  );
}

/** The number of pages for a total (at least 1, so "page 1 of 1" when empty). */
export function casePageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The statuses a case listed in this scope can have, so that a status filter offers only what can
 * appear: the marketplace lists open cases alone (`queryCases`), so it has nothing to choose.
 */
export function statusesInScope(scope: CaseScope): readonly CaseStatus[] {
  return scope === "marketplace" ? ["open"] : CASE_STATUSES;
}
