import type { CaseStatus } from "~/features/cases/cases";
import type { NavSearchResult } from "~/lib/navigation/search";

/** The address of the dashboard's search page (and of the data the Cmd+K search fetches). */
export const SEARCH_PATH = "/dashboard/search";
/** The query parameter of the search. */
export const SEARCH_PARAM = "q";
/** Longest query kept (the case search's limit). */
export const SEARCH_TEXT_MAX = 100;
/** Cases are looked up from this many characters: one letter would match nearly all of them. */
export const CASE_SEARCH_MIN = 2;

/** A case of the person's found by its reference or title. */
export type CaseHit = { id: string; reference: string; title: string; status: CaseStatus };

/** What a search finds: the pages of the person's menu and their cases. */
export type DashboardSearch = { q: string; pages: NavSearchResult; cases: CaseHit[] };

/** The query as typed, tidied: control characters and runs of spaces become one space, at most 100 characters. */
export function cleanSearchText(value: string | null): string {
  return (value ?? "")
    .replace(/[\p{Cc}\p{Cf}\s]+/gu, " ")
    .trim()
    .slice(0, SEARCH_TEXT_MAX)
    .trim();
}

/** The search page's address for a query (`/dashboard/search?q=…`). */
export function searchHref(q: string): string {
  const text = cleanSearchText(q);
  return text ? `${SEARCH_PATH}?${new URLSearchParams({ [SEARCH_PARAM]: text })}` : SEARCH_PATH;
}
