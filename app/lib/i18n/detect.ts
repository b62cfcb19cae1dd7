import { FALLBACK_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from "./languages";

/** Every place a language preference can come from, in the spec's detection order (§9). */
export interface LanguageSources {
  query?: string | null;
  cookie?: string | null;
  localStorage?: string | null;
  sessionStorage?: string | null;
  /** The raw `Accept-Language` header or the browser's `navigator.languages`. */
  browser?: string | readonly string[] | null;
  htmlTag?: string | null;
}

/** Maps a tag such as `fr-CA`, `zh-Hans` or `ZH` onto one of our languages, or null. */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = SUPPORTED_LANGUAGES.find((l) => l === lower);
  if (exact) return exact;
  const base = lower.split(/[-_]/)[0];
  if (base === "zh") return "cn";
  return SUPPORTED_LANGUAGES.find((l) => l === base) ?? null;
}

/** Parses `Accept-Language` into tags ordered by quality, highest first. */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

function fromBrowser(browser: LanguageSources["browser"]): Language | null {
  if (!browser) return null;
  const tags = typeof browser === "string" ? parseAcceptLanguage(browser) : browser;
  for (const tag of tags) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return null;
}

/**
 * Picks the language: query string, cookie, local storage, session storage, browser language,
 * html tag, then the fallback (en). The first source holding a supported language wins.
 */
export function detectLanguage(sources: LanguageSources): Language {
  return (
    matchLanguage(sources.query) ??
    matchLanguage(sources.cookie) ??
    matchLanguage(sources.localStorage) ??
    matchLanguage(sources.sessionStorage) ??
    fromBrowser(sources.browser) ??
    matchLanguage(sources.htmlTag) ??
    FALLBACK_LANGUAGE
  );
}
