/**
 * The permission page's state, all in the address (as the case table's): the search, the page of
 * people, the page of the history, and a change being confirmed (`change` = the person's id, with
 * the level and firm chosen). A GET form sets the change, so the confirmation works without
 * JavaScript; nothing is written until its POST.
 */

export const PEOPLE_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 10;
/** The firm select's value for "no firm" (an empty value would be dropped by the form parser). */
export const NO_FIRM = "none";

export type PermissionQuery = {
  q: string;
  page: number;
  history: number;
  /** A change to confirm: whose, to which level, to which firm (or NO_FIRM). */
  change: { userId: string; level: string; firm: string } | null;
};

function pageOf(value: string | null): number {
  const page = Number.parseInt(value ?? "1", 10);
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export function parsePermissionQuery(params: URLSearchParams): PermissionQuery {
  const userId = params.get("change")?.trim() ?? "";
  const level = params.get("level")?.trim() ?? "";
  const firm = params.get("firm")?.trim() || NO_FIRM;
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    page: pageOf(params.get("page")),
    history: pageOf(params.get("history")),
    change: userId && level ? { userId, level, firm } : null,
  };
}

/** The page's query string for this state with some of it changed; defaults are left out. */
export function permissionSearch(
  query: PermissionQuery,
  changes: Partial<Pick<PermissionQuery, "q" | "page" | "history">> = {},
): string {
  const next = { q: query.q, page: query.page, history: query.history, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.page > 1) params.set("page", String(next.page));
  if (next.history > 1) params.set("history", String(next.history));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function pageCountOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
