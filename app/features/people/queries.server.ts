import type { SignedInUser } from "~/features/auth/user";
import { isUuid } from "~/features/cases/cases";
import { caseSearchFold, containsPattern } from "~/features/cases/queries.server";
import type { Supabase } from "~/lib/database";
import { redirectToLastPage } from "~/lib/paging";
import {
  type DirectoryQuery,
  directoryPageCount,
  directorySearch,
  parseDirectoryQuery,
} from "./directory-query";
import type { PersonProfile } from "./people";

/*
 * What people read of people: one profile (public.people_profile: the person as the reader may
 * see them, with their firm and record) and the directory (public.people_directory, a
 * security-invoker view: RLS decides who is in it, the query only narrows). Writes are in
 * ./mutations.server.ts.
 */

/** A person's profile as the reader may see them; null when they may not (or the id is nobody's). */
export async function loadProfile(supabase: Supabase, id: string): Promise<PersonProfile | null> {
  if (!isUuid(id)) return null;
  const { data, error } = await supabase.rpc("people_profile", { p_id: id });
  if (error) throw new Error(`Failed to read a profile: ${error.message}`);
  return (data as PersonProfile | null) ?? null;
}

/** The columns the directory shows. */
const DIRECTORY_COLUMNS =
  "uuid, first_name, last_name, access_level, law_firm, firm_name, avatar_url, practice_areas, jurisdictions, languages, years_experience, hourly_rate, rating, city, country, is_public";

export type DirectoryRow = {
  uuid: string;
  first_name: string;
  last_name: string;
  access_level: string;
  law_firm: string | null;
  firm_name: string | null;
  avatar_url: string | null;
  practice_areas: string[];
  jurisdictions: string[];
  languages: string[];
  years_experience: number | null;
  hourly_rate: number | null;
  rating: number | null;
  city: string | null;
  country: string | null;
  is_public: boolean;
};

/**
 * One page of the people the reader may see that match the query, and how many match in all. A
 * firm's admin sees their firm (the page's filter; RLS would also show them public lawyers).
 */
async function queryDirectory(
  supabase: Supabase,
  user: Pick<SignedInUser, "accessLevel" | "lawFirm">,
  query: DirectoryQuery,
  range: { offset: number; limit: number } = { offset: (query.page - 1) * query.size, limit: query.size },
): Promise<{ rows: DirectoryRow[]; total: number }> {
  const request = supabase.from("people_directory").select(DIRECTORY_COLUMNS, { count: "exact" });
  if (query.q) request.like("search", containsPattern(caseSearchFold(query.q)));
  if (query.practiceArea.length > 0) request.overlaps("practice_areas", query.practiceArea);
  if (query.jurisdiction.length > 0) request.overlaps("jurisdictions", query.jurisdiction);
  if (query.language.length > 0) request.overlaps("languages", query.language);
  if (query.rateMin !== null) request.gte("hourly_rate", query.rateMin);
  if (query.rateMax !== null) request.lte("hourly_rate", query.rateMax);
  if (user.accessLevel === "lawyer_admin" && user.lawFirm) request.eq("law_firm", user.lawFirm);
  const ascending = query.dir === "asc";
  if (query.sort === "name") {
    request.order("last_name", { ascending }).order("first_name", { ascending });
  } else {
    request.order(query.sort, { ascending, nullsFirst: false }).order("last_name", { ascending: true });
  }
  request.order("uuid", { ascending: true });
  const { data, count, error } = await request.range(range.offset, range.offset + range.limit - 1);
  if (!error) return { rows: (data ?? []) as DirectoryRow[], total: count ?? 0 };
  if (error.code !== "PGRST103" || range.offset === 0) {
    throw new Error(`Failed to read the directory: ${error.message}`);
  }
  const { total } = await queryDirectory(supabase, user, query, { offset: 0, limit: 1 });
  return { rows: [], total };
}

/**
 * One page of the directory for the list and the cards (the same query, two views at `path`). A
 * page past the end (fewer people since the link was made) redirects to the last page.
 */
export async function loadDirectoryPage(supabase: Supabase, user: SignedInUser, url: URL, path: string) {
  const query = parseDirectoryQuery(url.searchParams);
  const { rows, total } = await queryDirectory(supabase, user, query);
  const pageCount = directoryPageCount(total, query.size);
  if (rows.length === 0 && query.page > pageCount) {
    throw redirectToLastPage(url, `${path}${directorySearch(query, { page: pageCount })}`);
  }
  return { query, rows, total };
}
