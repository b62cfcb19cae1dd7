import { describe, expect, it } from "vitest";
import { AssetSizer, assetsOf, byteBudgetFailures, staticImportsOf } from "../../scripts/bench/assets";
import { BUDGETED_PAGES, DASHBOARD_JS_FILES_BUDGET, pathOf } from "../../scripts/bench/budgets";
import { MODULE_AFTER_PAINT_TYPE, PRELOAD_AFTER_PAINT_REL } from "../../scripts/scripts-after-first-paint";

const PAGE = "http://127.0.0.1:9/dashboard";

/** A page as React Router renders it: stylesheets, module preloads, and the inline entry script. */
const HTML = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="/assets/root-a.css">
<link rel="stylesheet" href="/assets/print-b.css" media="print">
<link rel="preload" as="style" href="/assets/late-c.css">
<link rel="preload" as="font" href="/assets/font.woff2" crossorigin>
<link rel="modulepreload" href="/assets/entry.client-1.js">
</head><body><script>window.__reactRouterContext = {}</script>
<script type="module" async="">import "/assets/manifest-2.js";
import * as route0 from "/assets/root-3.js";
import("/assets/route-4.js");</script></body></html>`;

/** Files of a fake server: the entry imports a shared chunk statically and a panel on use. */
const FILES: Record<string, string> = {
  "/assets/root-a.css": "body{color:red}".repeat(50),
  "/assets/print-b.css": "a{}",
  "/assets/late-c.css": "p{}",
  "/assets/entry.client-1.js": `import{t as e}from"./chunk-5.js";const p=()=>import("./panel-6.js");e(p)`,
  "/assets/manifest-2.js": "window.m={}",
  "/assets/root-3.js": 'import"./chunk-5.js";export{x}from"./chunk-7.js";',
  "/assets/route-4.js": "export default 1",
  "/assets/chunk-5.js": Array.from(
    { length: 300 },
    (_, i) => `export const v${i}=${(i * 7919) % 1009};`,
  ).join(""),
  "/assets/chunk-7.js": "export const x=2",
  "/assets/panel-6.js": "export default 'lazy'",
};

const fetcher = async (url: string) => {
  const body = FILES[new URL(url).pathname];
  return body === undefined ? new Response("missing", { status: 404 }) : new Response(body);
};

describe("first-visit assets", () => {
  it("reads scripts, preloads and stylesheets from the HTML, blocking ones apart", () => {
    const assets = assetsOf(HTML, PAGE);
    expect(assets.js.map((url) => new URL(url).pathname).sort()).toEqual([
      "/assets/entry.client-1.js",
      "/assets/manifest-2.js",
      "/assets/root-3.js",
      "/assets/route-4.js",
    ]);
    expect(assets.css.map((url) => new URL(url).pathname).sort()).toEqual([
      "/assets/late-c.css",
      "/assets/print-b.css",
      "/assets/root-a.css",
    ]);
    expect(assets.blockingCss.map((url) => new URL(url).pathname)).toEqual(["/assets/root-a.css"]);
  });

  it("reads the same scripts from a page that starts them after its first paint", () => {
    const afterPaint = HTML.replace('rel="modulepreload"', `rel="${PRELOAD_AFTER_PAINT_REL}"`).replace(
      'type="module"',
      `type="${MODULE_AFTER_PAINT_TYPE}"`,
    );
    expect(afterPaint).not.toContain('"module');
    expect(assetsOf(afterPaint, PAGE)).toEqual(assetsOf(HTML, PAGE));
  });

  it("finds static imports and re-exports in minified modules, not dynamic ones", () => {
    expect(staticImportsOf(FILES["/assets/entry.client-1.js"] ?? "")).toEqual(["./chunk-5.js"]);
    expect(staticImportsOf(FILES["/assets/root-3.js"] ?? "")).toEqual(["./chunk-5.js", "./chunk-7.js"]);
  });

  it("follows static imports through the files, counting each file once, largest first", async () => {
    const visit = await new AssetSizer(fetcher).firstVisit(HTML, PAGE);
    const jsPaths = visit.js.map((file) => file.url);
    expect([...jsPaths].sort()).toEqual([
      "/assets/chunk-5.js",
      "/assets/chunk-7.js",
      "/assets/entry.client-1.js",
      "/assets/manifest-2.js",
      "/assets/root-3.js",
      "/assets/route-4.js",
    ]);
    expect(jsPaths[0]).toBe("/assets/chunk-5.js");
    expect(visit.jsGzipBytes).toBe(visit.js.reduce((sum, file) => sum + file.gzipBytes, 0));
    expect(visit.cssFiles).toBe(1);
    expect(visit.css).toHaveLength(3);
  });

  it("lists the files, largest first, of a page over its budget, and nothing when within", async () => {
    const visit = await new AssetSizer(fetcher).firstVisit(HTML, PAGE);
    const within = {
      jsGzipBytes: visit.jsGzipBytes,
      cssGzipBytes: visit.cssGzipBytes,
      cssFiles: 1,
      serverP50Ms: 1,
    };
    expect(byteBudgetFailures(visit, within)).toEqual([]);
    const failures = byteBudgetFailures(visit, { ...within, jsGzipBytes: 10, cssFiles: 0 });
    expect(failures[0]).toMatch(/^JavaScript .* in 6 files, over its budget of 0\.0 KiB:$/);
    expect(failures[1]).toContain("/assets/chunk-5.js");
    expect(failures.find((line) => line.startsWith("CSS"))).toMatch(/in 1 render-blocking files/);
  });

  it("fails a page that downloads more JavaScript files than its budget, whatever their bytes", async () => {
    const visit = await new AssetSizer(fetcher).firstVisit(HTML, PAGE);
    const within = { cssGzipBytes: visit.cssGzipBytes, cssFiles: 1, serverP50Ms: 1, jsFiles: 6 };
    expect(byteBudgetFailures(visit, within)).toEqual([]);
    const failures = byteBudgetFailures(visit, { ...within, jsFiles: 5 });
    expect(failures[0]).toBe("JavaScript in 6 files, over its budget of 5 files (ADR 0024):");
    expect(failures.slice(1)).toHaveLength(6);
  });
});

describe("budgeted pages", () => {
  it("give the issue's goals: home, sign-in, the dashboard and the case pages", () => {
    const budgetOf = (path: string) => BUDGETED_PAGES.find((page) => page.path === path)?.budget;
    expect(budgetOf("/")?.jsGzipBytes).toBe(120 * 1024);
    expect(budgetOf("/")?.requests).toBe(20);
    expect(budgetOf("/auth/supabase/sign-in")?.jsGzipBytes).toBe(150 * 1024);
    for (const path of ["/dashboard", "/dashboard/case/table", "/dashboard/case", "/dashboard/case/list"])
      expect(budgetOf(path)?.jsGzipBytes).toBe(190 * 1024);
    for (const page of BUDGETED_PAGES.filter((page) => page.path.startsWith("/dashboard")))
      expect(page.budget.jsFiles, page.path).toBe(DASHBOARD_JS_FILES_BUDGET);
    for (const page of BUDGETED_PAGES) {
      expect(page.budget.cssGzipBytes).toBe(25 * 1024);
      expect(page.budget.cssFiles).toBe(2);
      expect(page.budget.serverP50Ms).toBe(page.path.startsWith("/dashboard") ? 50 : 20);
    }
  });

  it("fill in the case a case page shows", () => {
    const casePage = BUDGETED_PAGES.find((page) => page.path.includes("{caseId}"));
    expect(casePage && pathOf(casePage, { caseId: "abc" })).toBe("/dashboard/case/abc");
  });
});
