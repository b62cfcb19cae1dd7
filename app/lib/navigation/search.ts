import { isExternalPath, type NavGroup, type NavItem } from "./nav";

/** One page the searchable navigation can open. */
export type NavSearchHit = { title: string; path: string; group: string | null };

/** The result of a query: nothing typed yet, no match, or the matches grouped by nav group. */
export type NavSearchResult =
  | { state: "empty" }
  | { state: "notFound" }
  | { state: "found"; groups: { group: string | null; hits: NavSearchHit[] }[] };

function leaves(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => (item.children?.length ? leaves(item.children) : [item]));
}

/**
 * Filters the pages a person may see (pass groups already filtered by access level) by title or
 * path, case- and accent-insensitively, keeping the order of the navigation and its groups
 * (spec §2 search). `translate` turns the model's title and subheader keys into the shown text.
 */
export function searchNav(
  groups: readonly NavGroup[],
  query: string,
  translate: (key: string) => string,
): NavSearchResult {
  const needle = fold(query.trim());
  if (needle === "") return { state: "empty" };
  const found = groups
    .map((group) => {
      const name = group.subheader ? translate(group.subheader) : null;
      const hits = leaves(group.items)
        .filter((item) => !isExternalPath(item.path))
        .map((item) => ({ title: translate(item.title), path: item.path, group: name }))
        .filter((hit) => fold(hit.title).includes(needle) || fold(hit.path).includes(needle));
      return { group: name, hits };
    })
    .filter((group) => group.hits.length > 0);
  return found.length > 0 ? { state: "found", groups: found } : { state: "notFound" };
}

/** Lower case without diacritics, so "resume" finds "Résumé". */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase();
}
