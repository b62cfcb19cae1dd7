import { gzipSync } from "node:zlib";
import { MODULE_AFTER_PAINT_TYPE, PRELOAD_AFTER_PAINT_REL } from "../scripts-after-first-paint.ts";
import type { Budget } from "./budgets.ts";

/**
 * What a first visit to a page downloads before it can run, read from the page's HTML, and its
 * gzip size: measured the same way by `npm run bench` and by the CI check of the budgets
 * (tests/e2e/budgets.spec.ts), so the two never disagree on a number.
 *
 * JavaScript: the module scripts (by `src`, and the modules inline module scripts import, which is
 * how React Router loads its entry and route modules), the module preloads, and every module those
 * import statically, followed through the files themselves (a chunk the browser must fetch before
 * the entry runs counts even when no preload names it). Dynamic `import()`s are not followed: they
 * load later, on use. CSS: every stylesheet the page links or preloads; the render-blocking ones
 * (`rel="stylesheet"` not for print) are counted as files.
 */

export interface AssetFile {
  /** Path (and query) on the page's origin, or the full URL of another origin. */
  url: string;
  gzipBytes: number;
}

export interface FirstVisit {
  /** Largest first. */
  js: AssetFile[];
  /** Largest first. */
  css: AssetFile[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** Render-blocking stylesheets. */
  cssFiles: number;
}

/** Reads an attribute of one start tag (quoted or not). */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);
}

/** Static `import … from "x"`, `import "x"` and `export … from "x"` of a module (minified or not). */
const STATIC_IMPORT = /(?:^|[;\n}\s])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"'\n]+)["']/g;

/** The module specifiers a module's source imports statically. */
export function staticImportsOf(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT)].map((match) => match[1] ?? "").filter(Boolean);
}

/** The scripts, module preloads and stylesheets a page's HTML names, as absolute URLs. */
export function assetsOf(
  html: string,
  pageUrl: string,
): { js: string[]; css: string[]; blockingCss: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const blockingCss = new Set<string>();
  const resolve = (href: string) => new URL(href.replaceAll("&amp;", "&"), pageUrl).href;

  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (!href) continue;
    const as = (attribute(tag, "as") ?? "").toLowerCase();
    // The page starts its preloads after its first paint, from an inert form of them.
    if (rel.includes("modulepreload") || rel.includes(PRELOAD_AFTER_PAINT_REL)) js.add(resolve(href));
    else if (rel.includes("stylesheet")) {
      css.add(resolve(href));
      const media = (attribute(tag, "media") ?? "all").toLowerCase();
      if (media !== "print" && !/\sdisabled\b/i.test(tag)) blockingCss.add(resolve(href));
    } else if (rel.includes("preload") && as === "style") css.add(resolve(href));
  }
  for (const [, open = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = (attribute(open, "type") ?? "").toLowerCase();
    if (type !== "module" && type !== MODULE_AFTER_PAINT_TYPE) continue;
    const src = attribute(open, "src");
    if (src) js.add(resolve(src));
    for (const specifier of staticImportsOf(body)) js.add(resolve(specifier));
    // React Router's inline script may load its route modules with a dynamic import, at once.
    for (const match of body.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
      if (match[1]) js.add(resolve(match[1]));
    }
  }
  return { js: [...js], css: [...css], blockingCss: [...blockingCss] };
}

/** Fetches a file (with the page's cookies, when given). */
export type Fetcher = (url: string) => Promise<Response>;

/**
 * Measures files by their gzip size (level 9 would flatter; Node's default is what a server's
 * on-the-fly compression gives), caching each URL for the run: built assets never change.
 */
export class AssetSizer {
  readonly #sizes = new Map<string, { gzipBytes: number; source: string }>();
  readonly #fetch: Fetcher;

  constructor(fetcher: Fetcher = (url) => fetch(url)) {
    this.#fetch = fetcher;
  }

  async file(url: string): Promise<{ gzipBytes: number; source: string }> {
    const known = this.#sizes.get(url);
    if (known) return known;
    const response = await this.#fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const measured = { gzipBytes: gzipSync(bytes).byteLength, source: bytes.toString("utf8") };
    this.#sizes.set(url, measured);
    return measured;
  }

  /** Everything a first visit to the page with this HTML downloads before it runs, and its gzip bytes. */
  async firstVisit(html: string, pageUrl: string): Promise<FirstVisit> {
    const origin = new URL(pageUrl).origin;
    const named = assetsOf(html, pageUrl);
    const jsSizes = new Map<string, number>();
    const queue = [...named.js];
    while (queue.length > 0) {
      const url = queue.shift() as string;
      if (jsSizes.has(url)) continue;
      const { gzipBytes, source } = await this.file(url);
      jsSizes.set(url, gzipBytes);
      for (const specifier of staticImportsOf(source)) {
        // Bare specifiers cannot load in a browser; only relative and absolute URLs are files.
        if (!/^(\.{1,2}\/|\/|https?:)/.test(specifier)) continue;
        const imported = new URL(specifier, url);
        if (imported.origin === origin) queue.push(imported.href);
      }
    }
    const cssSizes = new Map<string, number>();
    for (const url of named.css) cssSizes.set(url, (await this.file(url)).gzipBytes);
    const files = (sizes: Map<string, number>) =>
      [...sizes]
        .map(([url, gzipBytes]) => ({
          url: url.startsWith(origin) ? url.slice(origin.length) : url,
          gzipBytes,
        }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const sum = (sizes: Map<string, number>) =>
      [...sizes.values()].reduce((total, bytes) => total + bytes, 0);
    return {
      js: files(jsSizes),
      css: files(cssSizes),
      jsGzipBytes: sum(jsSizes),
      cssGzipBytes: sum(cssSizes),
      cssFiles: named.blockingCss.length,
    };
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Where a first visit is over its byte budget (JavaScript gzip, CSS gzip, render-blocking CSS
 * files), each with the files, largest first: empty when it is within.
 */
export function byteBudgetFailures(visit: FirstVisit, budget: Budget): string[] {
  const failures: string[] = [];
  const list = (files: AssetFile[]) =>
    files.map((file) => `    ${kib(file.gzipBytes).padStart(10)}  ${file.url}`);
  if (budget.jsGzipBytes !== undefined && visit.jsGzipBytes > budget.jsGzipBytes) {
    failures.push(
      `JavaScript ${kib(visit.jsGzipBytes)} gzip in ${visit.js.length} files, over its budget of ${kib(budget.jsGzipBytes)}:`,
      ...list(visit.js),
    );
  }
  if (budget.jsFiles !== undefined && visit.js.length > budget.jsFiles) {
    failures.push(
      `JavaScript in ${visit.js.length} files, over its budget of ${budget.jsFiles} files (ADR 0024):`,
      ...list(visit.js),
    );
  }
  if (visit.cssGzipBytes > budget.cssGzipBytes || visit.cssFiles > budget.cssFiles) {
    failures.push(
      `CSS ${kib(visit.cssGzipBytes)} gzip in ${visit.cssFiles} render-blocking files, over its budget of ` +
        `${kib(budget.cssGzipBytes)} in ${budget.cssFiles}:`,
      ...list(visit.css),
    );
  }
  return failures;
}

export function formatKiB(bytes: number): string {
  return kib(bytes);
}
