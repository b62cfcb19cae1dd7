import type { TFunction } from "i18next";
import type { TaskCard } from "./queries.server";

/** The table's columns, in order (each is also the CSV's). */
export const TASK_TABLE_COLUMNS = [
  "title",
  "case",
  "status",
  "priority",
  "assignee",
  "due_date",
  "labels",
  "updated_at",
] as const;
type TaskTableColumn = (typeof TASK_TABLE_COLUMNS)[number];

/** The `tasks` key of each column's header. */
export const TASK_COLUMN_LABEL: Record<TaskTableColumn, string> = {
  title: "field.title",
  case: "field.case",
  status: "field.status",
  priority: "field.priority",
  assignee: "field.assignee",
  due_date: "field.dueDate",
  labels: "field.labelList",
  updated_at: "field.updated",
};

/** The columns a header sorts by (the others are not sortable). */
export const TASK_COLUMN_SORT: Partial<
  Record<TaskTableColumn, "title" | "status" | "priority" | "due_date" | "updated_at">
> = {
  title: "title",
  status: "status",
  priority: "priority",
  due_date: "due_date",
  updated_at: "updated_at",
};

/** The table's rows as CSV cells, as the table writes them (in the person's language). */
export function taskCsvCells(
  rows: readonly TaskCard[],
  t: TFunction<"tasks">,
): { header: string[]; cells: (string | null)[][] } {
  const cell = (row: TaskCard, column: TaskTableColumn): string | null => {
    switch (column) {
      case "title":
        return row.title;
      case "case":
        return row.caseReference;
      case "status":
        return t(`status.${row.status}`);
      case "priority":
        return t(`priority.${row.priority}`);
      case "assignee":
        return row.assignee?.name ?? null;
      case "due_date":
        return row.due?.text ?? null;
      case "labels":
        return row.labels.join(", ");
      case "updated_at":
        return row.updated?.text ?? null;
    }
  };
  return {
    header: TASK_TABLE_COLUMNS.map((column) => t(TASK_COLUMN_LABEL[column])),
    cells: rows.map((row) => TASK_TABLE_COLUMNS.map((column) => cell(row, column))),
  };
}
