import type { ResourceLanguage } from "i18next";

/**
 * The page's translations written into its HTML (issue 20 item 2): the root writes the
 * namespaces of the page, in the page's language only, as JSON in an inert
 * `<script type="application/json">`; the client entry reads them and starts i18next at once, so
 * hydration waits for no `/locales/` request. A data block is never run, so it needs no CSP nonce.
 */
export const TRANSLATIONS_ELEMENT_ID = "i18n-resources";

/** The namespaces of one language, by name. */
export type Bundles = Record<string, ResourceLanguage[string]>;

/**
 * Characters that must not appear as such inside a `<script>`: `<` (so no text can close the
 * element or open a comment), `>` and `&` for good measure, and the two line separators that some
 * parsers treat as line ends. Each becomes its JSON escape, which `JSON.parse` reads back as is.
 */
const UNSAFE = /[<>&\u2028\u2029]/g;

function escapeCharacter(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** `bundles` as JSON safe to place inside a `<script>` element. */
export function serializeBundles(bundles: Bundles): string {
  return JSON.stringify(bundles).replace(UNSAFE, escapeCharacter);
}

/** The bundles the server wrote into `doc`, or none when the element is missing or unreadable. */
export function readBundles(doc: Document): Bundles {
  const text = doc.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Bundles) : {};
  } catch {
    return {};
  }
}

/** The page's namespaces of `lng` as `i18n` holds them (the server's instance holds every one). */
export function pickBundles(
  getBundle: (lng: string, ns: string) => ResourceLanguage[string] | undefined,
  lng: string,
  namespaces: readonly string[],
): Bundles {
  const bundles: Bundles = {};
  for (const ns of namespaces) {
    const bundle = getBundle(lng, ns);
    if (bundle) bundles[ns] = bundle;
  }
  return bundles;
}

/** The element's text as the server wrote it, kept by the browser for its own renders. */
let documentText: string | undefined;

/**
 * Reads the bundles the server wrote into `doc` and keeps their text: the root then renders the
 * very same element in the browser, so hydration matches and later renders never rewrite it.
 */
export function takeDocumentBundles(doc: Document): Bundles {
  documentText = doc.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent ?? "";
  return readBundles(doc);
}

/** The text of the translations element: what the document came with, or on the server, written. */
export function translationsText(serialize: () => Bundles): string {
  return documentText ?? serializeBundles(serialize());
}
