import { isExternalPath, type NavGroup, type NavItem } from "./nav";

/**
 * One page the searchable navigation can open: its title, the titles of the sections it lives in
 * (`trail`, outermost first: "Cases" for Cases › List) and its navigation group.
 */
type NavSearchHit = { title: string; trail: string[]; path: string; group: string | null };

/** The result of a query: nothing typed yet, no match, or the matches grouped by nav group. */
export type NavSearchResult =
  | { state: "empty" }
  | { state: "notFound" }
  | { state: "found"; groups: { group: string | null; hits: NavSearchHit[] }[] };

/** Turns a `navbar` key of the model into shown text, in one language. */
export type Translate = (key: string) => string;

/** Where a result lives, as a person reads it: "Cases › List". */
export function hitLabel(hit: Pick<NavSearchHit, "title" | "trail">): string {
  return [...hit.trail, hit.title].join(" › ");
}

type Leaf = { item: NavItem; trail: NavItem[] };

function leaves(items: readonly NavItem[], trail: NavItem[] = []): Leaf[] {
  return items.flatMap((item) =>
    item.children?.length ? leaves(item.children, [...trail, item]) : [{ item, trail }],
  );
}

/**
 * Filters the pages a person may see (pass groups already filtered by access level) by the words
 * of their title, their sections' titles and their group, or by their path (spec §2 search),
 * keeping the order of the navigation and its groups. Every word typed must match a word of the
 * page in one of the `languages` (the reader's, then English), in any case, with or without
 * accents, singular or plural ("cases", "Proposal", "préférence", "القضايا"), or as the start of
 * a word ("notif"). The first language gives the shown titles.
 */
export function searchNav(
  groups: readonly NavGroup[],
  query: string,
  ...languages: [Translate, ...Translate[]]
): NavSearchResult {
  const terms = queryTerms(query);
  if (terms.length === 0) return { state: "empty" };
  const needle = fold(query.trim());
  const [shown] = languages;
  const found = groups
    .map((group) => {
      const name = group.subheader ? shown(group.subheader) : null;
      const hits = leaves(group.items)
        .filter(({ item }) => !isExternalPath(item.path))
        .filter(({ item, trail }) => {
          if (fold(item.path).includes(needle)) return true;
          const keys = [item, ...trail].map((entry) => entry.title);
          if (group.subheader) keys.push(group.subheader);
          const words = languages.flatMap((translate) => keys.flatMap((key) => wordsOf(translate(key))));
          return terms.every((term) => words.some((word) => termMatches(term, word)));
        })
        .map(({ item, trail }) => ({
          title: shown(item.title),
          // A section's own overview page is its first child: "Cases › Overview".
          trail: trail.map((entry) => shown(entry.title)),
          path: item.path,
          group: name,
        }));
      return { group: name, hits };
    })
    .filter((group) => group.hits.length > 0);
  return found.length > 0 ? { state: "found", groups: found } : { state: "notFound" };
}

/** Lower case without diacritics (and Vietnamese đ as d), so "resume" finds "Résumé". */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}|\p{Mn}/gu, "")
    .replace(/đ/gi, "d")
    .toLocaleLowerCase()
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/ـ/g, "");
}

/** Words that say nothing about a page in the five languages ("my cases", "les affaires"). */
const STOP_WORDS = new Set([
  ...["a", "an", "the", "of", "my", "to", "for", "and", "in", "on"],
  ...["le", "la", "les", "l", "de", "des", "du", "d", "un", "une", "mes", "mon", "ma", "et"],
  ...["cac", "nhung", "cua", "toi"],
  ...["في", "من", "على"],
]);

const HAN = /\p{Script=Han}/u;

/** The folded words of a text: runs of letters and digits. */
function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem);
}

/** The words of a query that carry meaning: stop words go unless nothing else is left. */
function queryTerms(query: string): string[] {
  const words = wordsOf(query);
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

/**
 * A word typed matches a word of a page when it starts it, both stemmed. Chinese is written
 * without spaces, so there a word matches anywhere inside the page's text ("管理" in "案件管理").
 */
function termMatches(term: string, word: string): boolean {
  return HAN.test(term) ? word.includes(term) : word.startsWith(term);
}

/**
 * Stemming-lite: the plural and article endings of the five languages' titles, so that singular
 * and plural meet. English and French plurals (-s, -es, -ies, -x, -aux); Arabic's article (ال),
 * sound plurals (-ات, -ون, -ين) and feminine ending; Vietnamese and Chinese do not inflect.
 * Short words are left alone ("bus", "as").
 */
export function stem(word: string): string {
  if (/^\p{Script=Arabic}+$/u.test(word)) {
    let arabic = word;
    if (arabic.length > 4 && arabic.startsWith("ال")) arabic = arabic.slice(2);
    if (arabic.length > 4 && /(ات|ون|ين)$/.test(arabic)) arabic = arabic.slice(0, -2);
    if (arabic.length > 3 && arabic.endsWith("ه")) arabic = arabic.slice(0, -1);
    return arabic;
  }
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("aux") && word.length > 4) return `${word.slice(0, -3)}al`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  if (word.endsWith("x")) return word.slice(0, -1);
  return word;
}
