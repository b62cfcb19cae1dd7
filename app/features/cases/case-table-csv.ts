import type { TFunction } from "i18next";
import { CASE_TABLE_COLUMN_LABEL, type CaseTableColumn, type CaseTableRow } from "./case-table-view";

/**
 * The table's visible columns as CSV cells: the same text the table shows (statuses, priorities
 * and practice areas in the person's language, budgets and dates as written on the page), so
 * the export matches the table. `t` is the `cases` namespace.
 */
export function caseCsvCells(
  columns: readonly CaseTableColumn[],
  rows: readonly CaseTableRow[],
  t: TFunction<"cases">,
): { header: string[]; cells: (string | null)[][] } {
  const cell = (row: CaseTableRow, column: CaseTableColumn): string | null => {
    switch (column) {
      case "reference":
        return row.reference;
      case "title":
        return row.title;
      case "status":
        return t(`status.${row.status}`);
      case "priority":
        return t(`priority.${row.priority}`);
      case "practice_area":
        return t(`practiceArea.${row.practiceArea}`);
      case "jurisdiction":
        return row.jurisdiction;
      case "budget":
        return row.budget;
      case "needed_by":
        return row.neededBy?.text ?? null;
      case "client":
        return row.client;
      case "updated_at":
        return row.updated?.text ?? null;
    }
  };
  return {
    header: columns.map((column) => t(CASE_TABLE_COLUMN_LABEL[column])),
    cells: rows.map((row) => columns.map((column) => cell(row, column))),
  };
}
