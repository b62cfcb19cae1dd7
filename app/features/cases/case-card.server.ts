import type { QueryData } from "@supabase/supabase-js";
import type { Supabase } from "~/lib/database";
import type { CaseCardData } from "./components/case-card";
import type { CaseFormatter } from "./format";

/** The columns a case card shows, for `select()`. */
export const CASE_CARD_COLUMNS =
  "id, reference, title, status, priority, practice_area, jurisdiction, budget_min, budget_max, currency, needed_by, updated_at";

/** The cases as cards read them (with the count of all that match). */
export function selectCaseCards(supabase: Supabase) {
  return supabase.from("cases").select(CASE_CARD_COLUMNS, { count: "exact" });
}

type CaseCardRow = QueryData<ReturnType<typeof selectCaseCards>>[number];

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
