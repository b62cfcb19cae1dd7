import type { i18n as I18n } from "i18next";
import { use } from "react";

/**
 * Translations a client-side navigation needs and the page did not come with (issue 20 item 2).
 * The first page's namespaces are in its HTML (`./inline.ts`); a later page whose route declares
 * another one in `handle.i18n` gets it from the static copy at `/locales/<lng>/<ns>.json` before
 * it shows: the root suspends on the load, and as router updates are transitions React keeps the
 * previous page on screen meanwhile — no raw keys, no fallback. Each file is fetched once.
 */

type Fetch = (input: string) => Promise<Response>;

const bundleLoads = new Map<string, Promise<void>>();
const pageLoads = new Map<string, Promise<void>>();
/** Files that could not be loaded: not asked for again, so a page never waits on them twice. */
const failed = new Set<string>();

export function localesUrl(lng: string, ns: string): string {
  return `/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`;
}

/** The namespaces of `lng` that `i18n` does not hold yet (and that did not fail to load). */
export function missingNamespaces(i18n: I18n, lng: string, namespaces: readonly string[]): string[] {
  return namespaces.filter((ns) => !i18n.hasResourceBundle(lng, ns) && !failed.has(`${lng}|${ns}`));
}

function loadBundle(i18n: I18n, lng: string, ns: string, fetchFile: Fetch): Promise<void> {
  const key = `${lng}|${ns}`;
  let load = bundleLoads.get(key);
  if (!load) {
    load = fetchFile(localesUrl(lng, ns))
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.url}`);
        i18n.addResourceBundle(lng, ns, await response.json(), true, true);
      })
      .catch((error: unknown) => {
        // Keys instead of text beat a page that never shows; the failure is logged.
        failed.add(key);
        console.error(`translations ${key} did not load`, error);
      });
    bundleLoads.set(key, load);
  }
  return load;
}

/**
 * Loads the namespaces of `lng` that are missing; null when there is nothing to load. The promise
 * never rejects and is the same for the same missing set, so a render can wait on it with `use`.
 */
export function loadTranslations(
  i18n: I18n,
  lng: string,
  namespaces: readonly string[],
  fetchFile: Fetch = (input) => fetch(input),
): Promise<void> | null {
  const missing = missingNamespaces(i18n, lng, namespaces);
  if (missing.length === 0) return null;
  const key = `${lng}|${missing.join(",")}`;
  let load = pageLoads.get(key);
  if (!load) {
    load = Promise.all(missing.map((ns) => loadBundle(i18n, lng, ns, fetchFile))).then(() => {
      pageLoads.delete(key);
    });
    pageLoads.set(key, load);
  }
  return load;
}

/**
 * Suspends the render until the page's namespaces of `lng` are loaded. Only in the browser: the
 * server holds every translation.
 */
export function usePageTranslations(i18n: I18n, lng: string, namespaces: readonly string[]): void {
  if (typeof document === "undefined") return;
  const load = loadTranslations(i18n, lng, namespaces);
  if (load) use(load);
}
