import type { SignedInUser } from "~/features/auth/user";
import type { Supabase } from "~/lib/database";
import { toCaseCard } from "./case-card.server";
import { type CaseQuery, type CaseScope, casePageCount } from "./case-query";
import { queryCases } from "./case-query.server";
import type { CaseListPageProps } from "./components/case-list";
import type { CaseFormatter } from "./format";

/** Lawyers choose between everything they may see, their own cases and the open marketplace. */
function listScopesFor(user: SignedInUser): CaseScope[] {
  return user.accessLevel === "lawyer" || user.accessLevel === "lawyer_admin"
    ? ["all", "mine", "marketplace"]
    : [];
}

/** How many proposals the reader may see on each case (RLS decides which they see). */
async function proposalCounts(supabase: Supabase, caseIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (caseIds.length === 0) return counts;
  const { data, error } = await supabase.from("proposals").select("case_id").in("case_id", caseIds);
  if (error) throw new Error(`Failed to count proposals: ${error.message}`);
  for (const row of data ?? []) counts.set(row.case_id, (counts.get(row.case_id) ?? 0) + 1);
  return counts;
}

/** One page of the card list: the cases of the query, each with its visible proposals counted. */
export async function loadCaseList(
  supabase: Supabase,
  user: SignedInUser,
  query: CaseQuery,
  format: CaseFormatter,
): Promise<CaseListPageProps> {
  const scopes = listScopesFor(user);
  // The marketplace is for lawyers; anyone else asking for it sees their usual list.
  const effective: CaseQuery =
    scopes.includes(query.scope) || query.scope !== "marketplace" ? query : { ...query, scope: "all" };
  const { rows, total } = await queryCases(supabase, user, effective);
  const counts = await proposalCounts(
    supabase,
    rows.map((row) => row.id),
  );
  return {
    query: effective,
    cards: rows.map((row) => toCaseCard(row, format, counts.get(row.id) ?? 0)),
    total,
    pageCount: casePageCount(total, effective.size),
    scopes,
  };
}
