import type { CaseRow } from "./cases";
import type { CaseCardData } from "./components/case-card";
import type { CaseFormatter } from "./format";

/** The columns a case card shows, for `select()`. */
export const CASE_CARD_COLUMNS =
  "id, reference, title, status, priority, practice_area, jurisdiction, budget_min, budget_max, currency, needed_by, updated_at";

export type CaseCardRow = Pick<
  CaseRow,
  | "id"
  | "reference"
  | "title"
  | "status"
  | "priority"
  | "practice_area"
  | "jurisdiction"
  | "budget_min"
  | "budget_max"
  | "currency"
  | "needed_by"
  | "updated_at"
>;

/** A case as a card shows it, money and dates written in the reader's language. */
export function toCaseCard(
  row: CaseCardRow,
  format: CaseFormatter,
  proposals: number | null = null,
): CaseCardData {
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    status: row.status,
    priority: row.priority,
    practiceArea: row.practice_area,
    jurisdiction: row.jurisdiction,
    budget: format.budget(row.budget_min, row.budget_max, row.currency),
    neededBy: format.day(row.needed_by),
    updated: format.day(row.updated_at),
    proposals,
  };
}
