import { type CaseQuery, type CaseSortColumn, caseQuerySearchParams } from "./case-query";
import type { CaseCardData } from "./components/case-card";

/**
 * How the cases table looks, kept in the address next to its query (so it works without
 * JavaScript and a shared link shows the same table): which columns and how dense the rows are.
 */

/** The table's columns in display order; the reference is always shown (it links to the case). */
export const CASE_TABLE_COLUMNS = [
  "reference",
  "title",
  "status",
  "priority",
  "practice_area",
  "jurisdiction",
  "budget",
  "needed_by",
  "client",
  "updated_at",
] as const;
export type CaseTableColumn = (typeof CASE_TABLE_COLUMNS)[number];

/** The column of `public.cases` each table column sorts by (the client's name is not sortable). */
export const CASE_TABLE_SORT: Partial<Record<CaseTableColumn, CaseSortColumn>> = {
  reference: "reference",
  title: "title",
  status: "status",
  priority: "priority",
  practice_area: "practice_area",
  jurisdiction: "jurisdiction",
  budget: "budget_max",
  needed_by: "needed_by",
  updated_at: "updated_at",
};

/** The label of each column in the `cases` namespace (`field.*`). */
export const CASE_TABLE_COLUMN_LABEL: Record<CaseTableColumn, string> = {
  reference: "field.reference",
  title: "field.title",
  status: "field.status",
  priority: "field.priority",
  practice_area: "field.practiceArea",
  jurisdiction: "field.jurisdiction",
  budget: "field.budget",
  needed_by: "field.neededBy",
  client: "field.client",
  updated_at: "field.updated",
};

export const TABLE_DENSITIES = ["compact", "standard", "comfortable"] as const;
type TableDensity = (typeof TABLE_DENSITIES)[number];

export type CaseTableView = { columns: CaseTableColumn[]; density: TableDensity };

export const DEFAULT_CASE_TABLE_VIEW: Readonly<CaseTableView> = Object.freeze({
  columns: [...CASE_TABLE_COLUMNS],
  density: "standard",
});

export const CASE_TABLE_VIEW_PARAMS = { columns: "cols", density: "density" } as const;

/**
 * Reads the view from the address. Without `cols` every column shows; with it, the listed ones
 * (the column form always sends `cols=reference`, so unticking every other column is possible).
 */
export function parseCaseTableView(params: URLSearchParams): CaseTableView {
  const listed = params.getAll(CASE_TABLE_VIEW_PARAMS.columns).flatMap((value) => value.split(","));
  const columns =
    listed.length === 0
      ? [...DEFAULT_CASE_TABLE_VIEW.columns]
      : CASE_TABLE_COLUMNS.filter((column) => column === "reference" || listed.includes(column));
  const density =
    TABLE_DENSITIES.find((value) => value === params.get(CASE_TABLE_VIEW_PARAMS.density)) ??
    DEFAULT_CASE_TABLE_VIEW.density;
  return { columns, density };
}

/** The query and the view as one address's search (only what differs from the defaults). */
export function caseTableSearch(
  query: CaseQuery,
  view: CaseTableView,
  changes: Partial<CaseQuery> = {},
): string {
  const params = caseQuerySearchParams(query, changes);
  if (view.columns.length !== CASE_TABLE_COLUMNS.length) {
    for (const column of view.columns) params.append(CASE_TABLE_VIEW_PARAMS.columns, column);
  }
  if (view.density !== DEFAULT_CASE_TABLE_VIEW.density)
    params.set(CASE_TABLE_VIEW_PARAMS.density, view.density);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** One row as the table and the CSV show it: a card's values, and the client's name. */
export type CaseTableRow = Omit<CaseCardData, "proposals"> & {
  /** The client's name when the person may see it (never in the marketplace). */
  client: string | null;
};
