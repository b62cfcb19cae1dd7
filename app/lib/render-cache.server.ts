import { readCookie } from "./cookies";
import { pageHydrates } from "./hydration";
import { LANGUAGE_COOKIE } from "./i18n/languages";
import { SETTINGS_COOKIE } from "./settings/settings";

/**
 * The rendered HTML of static pages, kept in the isolate (ADR 0022). A marketing page that ships
 * no JavaScript (ADR 0015) and says `handle.sameForEveryone: true` — as does every route above it —
 * shows the same HTML to every visitor without a session who asks for it in the same language with
 * the same display settings; only the CSP nonce differs. Rendering it took most of its server time,
 * so the first render is kept for a while and later visitors get it with their own nonce.
 *
 * Kept only when nothing else can change the page: a GET without a query string, answered 200,
 * from a visitor whose only cookies are the language and the display settings (a session, a flash
 * message or anything unknown means it is rendered for them).
 */

/** How long a rendered page is served (a deploy starts new isolates anyway). */
export const RENDER_CACHE_TTL_MS = 60_000;
/** At most this many pages (paths × languages × settings), least recently used dropped first. */
export const RENDER_CACHE_MAX_ENTRIES = 64;

const ALLOWED_COOKIES = new Set([LANGUAGE_COOKIE, SETTINGS_COOKIE]);

type MatchedRoute = { id: string; handle?: unknown };

function sameForEveryone(handle: unknown): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as { sameForEveryone?: unknown }).sameForEveryone === true
  );
}

function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter(Boolean);
}

/**
 * The key under which this response's HTML may be kept and served again, or null when it must be
 * rendered for this request alone.
 */
export function renderCacheKey(
  request: Request,
  matches: readonly MatchedRoute[],
  language: string,
  status: number,
): string | null {
  if (request.method !== "GET" || status !== 200) return null;
  const url = new URL(request.url);
  if (url.search !== "") return null;
  const routes = matches.filter((match) => match.id !== "root");
  if (routes.length === 0 || pageHydrates(matches)) return null;
  if (!routes.every((match) => sameForEveryone(match.handle))) return null;
  const cookie = request.headers.get("Cookie");
  if (!cookieNames(cookie).every((name) => ALLOWED_COOKIES.has(name))) return null;
  return [url.pathname, language, readCookie(cookie, SETTINGS_COOKIE) ?? ""].join("\n");
}

type Entry = { html: string; nonce: string | undefined; expires: number };

/** Rendered pages by key, for RENDER_CACHE_TTL_MS, at most RENDER_CACHE_MAX_ENTRIES of them. */
export class RenderCache {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The page kept under `key`, its nonce replaced by `nonce`; undefined when none is fresh. */
  get(key: string, nonce: string | undefined): string | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires <= this.#now()) return undefined;
    this.#entries.set(key, entry);
    if (entry.nonce === undefined || nonce === undefined) return entry.html;
    return entry.html.replaceAll(`nonce="${entry.nonce}"`, `nonce="${nonce}"`);
  }

  /** Keeps `html`, rendered with `nonce`, under `key`. */
  set(key: string, html: string, nonce: string | undefined): void {
    this.#entries.delete(key);
    this.#entries.set(key, { html, nonce, expires: this.#now() + RENDER_CACHE_TTL_MS });
    while (this.#entries.size > RENDER_CACHE_MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
