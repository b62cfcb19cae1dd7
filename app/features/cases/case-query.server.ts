import type { QueryData } from "@supabase/supabase-js";
import type { SignedInUser } from "~/features/auth/user";
import type { Supabase } from "~/lib/database";
import type { CaseQuery } from "./case-query";

/** The columns a list of cases reads (no court details or dates of the case's life). */
const CASE_SUMMARY_COLUMNS =
  "id, reference, title, description, status, priority, practice_area, jurisdiction, client_id, lead_lawyer_id, law_firm_id, budget_min, budget_max, currency, needed_by, created_at, updated_at";

function selectCaseSummaries(supabase: Supabase) {
  return supabase.from("cases").select(CASE_SUMMARY_COLUMNS, { count: "exact" });
}

/** A case as a list shows it. */
export type CaseSummary = QueryData<ReturnType<typeof selectCaseSummaries>>[number];

type CaseQueryResult = { rows: CaseSummary[]; total: number };

/**
 * A `*text*` pattern for PostgREST's `ilike` that is safe inside an `or=(…)` list: characters with
 * a meaning there (`,()."\:`) or in LIKE (`%_*`) become the `*` wildcard, so "Smith, J." still
 * finds "Smith, J." and nothing can break out of the filter.
 */
export function containsPattern(text: string): string {
  return `*${text.replace(/[,()."\\:%_*]/g, "*")}*`.replace(/\*{2,}/g, "*");
}

/**
 * Text lower-cased the way `public.cases.search` is (Postgres `lower`): one character at a time, so
 * a final Σ gives σ as it does there. A character JavaScript lower-cases into more than one
 * (İ gives i + a combining dot) becomes the `*` wildcard rather than a pattern that cannot match.
 */
export function caseSearchFold(text: string): string {
  return Array.from(text, (char) => {
    const lower = char.toLowerCase();
    return lower.length === char.length ? lower : "*";
  }).join("");
}

type CaseQueryOptions = {
  /** Read this many rows from `offset` instead of the query's page (the CSV export). */
  limit?: number;
  offset?: number;
};

/**
 * One page of the cases a person may see that match a query, and how many match in all. Row level
 * security decides what is visible; the query only narrows it. Sorted by the chosen column (empty
 * values last in both directions), then by reference so pages never overlap. A page past the end
 * gives no rows and the real total.
 */
export async function queryCases(
  supabase: Supabase,
  user: SignedInUser,
  query: CaseQuery,
  options: CaseQueryOptions = {},
): Promise<CaseQueryResult> {
  const offset = options.offset ?? (query.page - 1) * query.size;
  const limit = options.limit ?? query.size;
  // Each filter method adds itself to the request and returns it, so none needs reassigning.
  // "Mine" (client of, on the team of, or the firm's as its admin) is public.my_cases(), filtered
  // like the table: a lawyer's case ids would not fit in the request's address.
  const request =
    query.scope === "mine"
      ? supabase.rpc("my_cases", {}, { get: true, count: "exact" }).select(CASE_SUMMARY_COLUMNS)
      : selectCaseSummaries(supabase);
  // Title, reference or jurisdiction contain the text, in any case: `search` holds the three
  // lower-cased, so a plain `like` answers, which costs less than three `ilike`s per row.
  if (query.q) request.like("search", containsPattern(caseSearchFold(query.q)));
  if (query.status.length > 0) request.in("status", query.status);
  if (query.practiceArea.length > 0) request.in("practice_area", query.practiceArea);
  if (query.priority.length > 0) request.in("priority", query.priority);
  if (query.jurisdiction) request.ilike("jurisdiction", containsPattern(query.jurisdiction));
  if (query.scope === "marketplace") request.eq("status", "open").neq("client_id", user.id);
  request.order(query.sort, { ascending: query.dir === "asc", nullsFirst: false });
  if (query.sort !== "reference") request.order("reference", { ascending: true });
  const { data, count, error } = await request.range(offset, offset + limit - 1);
  if (!error) return { rows: data ?? [], total: count ?? 0 };
  // PGRST103: the page starts past the last row; the first row's read gives the total.
  if (error.code !== "PGRST103" || offset === 0) throw new Error(`Failed to read cases: ${error.message}`);
  const { total } = await queryCases(supabase, user, query, { offset: 0, limit: 1 });
  return { rows: [], total };
}
