import type { SignedInUser } from "~/features/auth/user";
import type { Supabase } from "~/lib/database";
import { toCaseCard } from "./case-card.server";
import { personName } from "./case-people.server";
import type { CaseQuery } from "./case-query";
import { type CaseSummary, queryCases } from "./case-query.server";
import type { CaseTableRow } from "./case-table-view";
import type { CaseFormatter } from "./format";

/** Rows the REST API returns at most per request (supabase/config.toml `max_rows`). */
const REST_MAX_ROWS = 1000;

/** The most rows one CSV export holds; a larger selection is cut here (and says so by its count). */
const CASE_EXPORT_LIMIT = 10_000;

/**
 * The clients' names of some cases, by case id (`public.case_client_names`: only to those who
 * follow a case, as `case_people` names them; a marketplace lawyer gets none). One call for the
 * whole page, not one per row.
 */
async function clientNames(supabase: Supabase, caseIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (caseIds.length === 0) return names;
  const { data, error } = await supabase.rpc("case_client_names", { p_case_ids: caseIds });
  if (error) throw new Error(`Failed to read the clients of cases: ${error.message}`);
  for (const row of data ?? []) {
    const name = personName(row);
    if (name) names.set(row.case_id, name);
  }
  return names;
}

async function toTableRows(
  supabase: Supabase,
  cases: CaseSummary[],
  format: CaseFormatter,
): Promise<CaseTableRow[]> {
  const clients = await clientNames(
    supabase,
    cases.map((row) => row.id),
  );
  return cases.map((row) => {
    const { proposals: _notCounted, ...card } = toCaseCard(row, format);
    // The table shows the time of the last change too, not only its day.
    return { ...card, client: clients.get(row.id) ?? null, updated: format.dateTime(row.updated_at) };
  });
}

/** One page of the table: its rows written for the reader and the number of matching cases. */
export async function caseTablePage(
  supabase: Supabase,
  user: SignedInUser,
  query: CaseQuery,
  format: CaseFormatter,
): Promise<{ rows: CaseTableRow[]; total: number }> {
  const { rows, total } = await queryCases(supabase, user, query);
  return { rows: await toTableRows(supabase, rows, format), total };
}

/**
 * Every row of the query (all pages, in the table's order) up to CASE_EXPORT_LIMIT, read in
 * batches the REST API allows.
 */
export async function caseTableExportRows(
  supabase: Supabase,
  user: SignedInUser,
  query: CaseQuery,
  format: CaseFormatter,
): Promise<CaseTableRow[]> {
  const cases: CaseSummary[] = [];
  for (let offset = 0; offset < CASE_EXPORT_LIMIT; offset += REST_MAX_ROWS) {
    const limit = Math.min(REST_MAX_ROWS, CASE_EXPORT_LIMIT - offset);
    const batch = await queryCases(supabase, user, query, { offset, limit });
    cases.push(...batch.rows);
    if (batch.rows.length < limit || cases.length >= batch.total) break;
  }
  const rows: CaseTableRow[] = [];
  for (let start = 0; start < cases.length; start += REST_MAX_ROWS) {
    rows.push(...(await toTableRows(supabase, cases.slice(start, start + REST_MAX_ROWS), format)));
  }
  return rows;
}
