import { redirect } from "react-router";
import { isLanguage } from "~/lib/i18n/languages";

/**
 * The total of a paged read, when its page tells it: a page with rows that is not full is the
 * last one, so the total is its offset plus its rows (and an empty first page means none). A full
 * page, or an empty one past the start (the list shrank since the link was made), cannot tell:
 * `undefined`, and the caller counts. Most people's lists fit in one page, so most reads of a
 * list skip the count (a second statement with every row's access check).
 */
export function pageTotal(offset: number, pageSize: number, rows: number): number | undefined {
  if (rows >= pageSize) return undefined;
  if (rows === 0 && offset > 0) return undefined;
  return offset + rows;
}

/**
 * The answer to a page past the end of its list (fewer rows since the link was made): a redirect
 * to `lastPage`, the list's address at its last page, keeping the `?lng=` the address asked for
 * (the redirect would otherwise show the last page in another language).
 */
export function redirectToLastPage(requested: URL, lastPage: string): Response {
  const language = requested.searchParams.get("lng");
  if (!language || !isLanguage(language)) return redirect(lastPage);
  const [path = "", search = ""] = lastPage.split("?");
  const params = new URLSearchParams(search);
  params.set("lng", language);
  return redirect(`${path}?${params}`);
}
