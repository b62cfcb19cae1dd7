import type { SignedInUser } from "~/features/auth/user";
import { DEFAULT_CASE_QUERY } from "~/features/cases/case-query";
import { queryCases } from "~/features/cases/queries.server";
import { can } from "~/lib/access";
import type { Supabase } from "~/lib/database";
import { searchNav, type Translate } from "~/lib/navigation/search";
import { dashboardNavFor } from "./nav-config";
import { CASE_SEARCH_MIN, type CaseHit, type DashboardSearch } from "./search";

/** How many cases a search lists. */
const CASE_HITS = 10;

/**
 * Searches the dashboard for one person: the pages of their menu (in the reader's language and in
 * English) and their own cases by reference or title — for an admin, every case — read through
 * row level security, newest first.
 */
export async function searchDashboard(
  supabase: Supabase,
  user: SignedInUser,
  q: string,
  languages: [Translate, ...Translate[]],
): Promise<DashboardSearch> {
  const nav = user.profileLoaded ? dashboardNavFor(user.accessLevel) : [];
  const pages = searchNav(nav, q, ...languages);
  let cases: CaseHit[] = [];
  if (q.length >= CASE_SEARCH_MIN && user.profileLoaded) {
    const { rows } = await queryCases(supabase, user, {
      ...DEFAULT_CASE_QUERY,
      q,
      scope: can(user.accessLevel, "isAdmin") ? "all" : "mine",
      sort: "updated_at",
      dir: "desc",
      size: CASE_HITS,
    });
    cases = rows.map(({ id, reference, title, status }) => ({ id, reference, title, status }));
  }
  return { q, pages, cases };
}
