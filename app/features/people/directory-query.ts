import {
  CASE_PAGE_SIZES,
  CASE_QUERY_TEXT_MAX,
  casePageCount,
  cleanText,
  manyOf,
  oneOf,
  positiveInteger,
} from "~/features/cases/case-query";
import {
  JURISDICTIONS,
  type Jurisdiction,
  PRACTICE_AREAS,
  type PracticeArea,
  SPOKEN_LANGUAGES,
  type SpokenLanguage,
} from "./people";
import { PROFILE_LIMITS } from "./profile-limits";

/**
 * The directory's query as it travels in the address (`/dashboard/lawyer_user/list` and `/cards`),
 * read and written with the case table's helpers: never fails (what is not understood is dropped),
 * and writes only what differs from the defaults.
 */

const DIRECTORY_SORTS = ["name", "hourly_rate", "years_experience", "rating"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

export type DirectoryQuery = {
  /** Searched in the name, firm and city; "" for none. */
  q: string;
  practiceArea: PracticeArea[];
  jurisdiction: Jurisdiction[];
  language: SpokenLanguage[];
  /** The hourly rate's range; null for no bound. */
  rateMin: number | null;
  rateMax: number | null;
  sort: DirectorySort;
  dir: "asc" | "desc";
  page: number;
  size: (typeof CASE_PAGE_SIZES)[number];
};

export const DEFAULT_DIRECTORY_QUERY: Readonly<DirectoryQuery> = Object.freeze({
  q: "",
  practiceArea: [],
  jurisdiction: [],
  language: [],
  rateMin: null,
  rateMax: null,
  sort: "name",
  dir: "asc",
  page: 1,
  size: 25,
});

export const DIRECTORY_PARAMS = {
  q: "q",
  practiceArea: "practice_area",
  jurisdiction: "jurisdiction",
  language: "language",
  rateMin: "rate_min",
  rateMax: "rate_max",
  sort: "sort",
  dir: "dir",
  page: "page",
  size: "size",
} as const satisfies Record<keyof DirectoryQuery, string>;

export { CASE_PAGE_SIZES as DIRECTORY_PAGE_SIZES, CASE_QUERY_TEXT_MAX as DIRECTORY_TEXT_MAX };

/** A rate bound: a number from 0 to the database's maximum, or none. */
function rate(value: string | null): number | null {
  const text = value?.trim() ?? "";
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(text)) return null;
  const number = Number(text);
  return number <= PROFILE_LIMITS.rateMax ? number : null;
}

/** Reads the directory's query from the address. Never throws. */
export function parseDirectoryQuery(params: URLSearchParams): DirectoryQuery {
  const names = DIRECTORY_PARAMS;
  const sort = oneOf(DIRECTORY_SORTS, params.get(names.sort));
  const dir = oneOf(["asc", "desc"] as const, params.get(names.dir));
  const size = Number(params.get(names.size));
  let rateMin = rate(params.get(names.rateMin));
  let rateMax = rate(params.get(names.rateMax));
  // Bounds given the wrong way round mean the same range.
  if (rateMin !== null && rateMax !== null && rateMin > rateMax) [rateMin, rateMax] = [rateMax, rateMin];
  return {
    q: cleanText(params.get(names.q)),
    practiceArea: manyOf(PRACTICE_AREAS, params.getAll(names.practiceArea)),
    jurisdiction: manyOf(JURISDICTIONS, params.getAll(names.jurisdiction)),
    language: manyOf(SPOKEN_LANGUAGES, params.getAll(names.language)),
    rateMin,
    rateMax,
    sort: sort ?? DEFAULT_DIRECTORY_QUERY.sort,
    dir: dir ?? (sort && sort !== "name" ? "desc" : DEFAULT_DIRECTORY_QUERY.dir),
    page: positiveInteger(params.get(names.page)) ?? DEFAULT_DIRECTORY_QUERY.page,
    size: CASE_PAGE_SIZES.find((allowed) => allowed === size) ?? DEFAULT_DIRECTORY_QUERY.size,
  };
}

/** `?…` for a link to the query with `changes` (only what differs from the defaults). */
export function directorySearch(query: DirectoryQuery, changes: Partial<DirectoryQuery> = {}): string {
  const next = { ...query, ...changes };
  const names = DIRECTORY_PARAMS;
  const params = new URLSearchParams();
  if (next.q) params.set(names.q, next.q);
  for (const area of next.practiceArea) params.append(names.practiceArea, area);
  for (const place of next.jurisdiction) params.append(names.jurisdiction, place);
  for (const language of next.language) params.append(names.language, language);
  if (next.rateMin !== null) params.set(names.rateMin, String(next.rateMin));
  if (next.rateMax !== null) params.set(names.rateMax, String(next.rateMax));
  if (next.sort !== DEFAULT_DIRECTORY_QUERY.sort || next.dir !== DEFAULT_DIRECTORY_QUERY.dir) {
    params.set(names.sort, next.sort);
    params.set(names.dir, next.dir);
  }
  if (next.page !== DEFAULT_DIRECTORY_QUERY.page) params.set(names.page, String(next.page));
  if (next.size !== DEFAULT_DIRECTORY_QUERY.size) params.set(names.size, String(next.size));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** How many filters narrow the directory (the "Filters" badge). */
export function directoryFilterCount(query: DirectoryQuery): number {
  return (
    query.practiceArea.length +
    query.jurisdiction.length +
    query.language.length +
    (query.rateMin !== null ? 1 : 0) +
    (query.rateMax !== null ? 1 : 0)
  );
}

export { casePageCount as directoryPageCount };
