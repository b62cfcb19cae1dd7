/**
 * `npm run bench`: builds the app, serves the production Worker (`npm run preview`) and prints one
 * JSON object to stdout — per route, the status, the HTML bytes, the gzip bytes of the JavaScript
 * and CSS a first visit downloads, and the server response time (p50/p99 over sequential
 * requests); for a route with a budget, whether its JavaScript is within it and which files it is.
 * Logs go to stderr so the output can be piped (`npm run bench --silent > bench.json`).
 *
 * The Worker gets its own throw-away backend (an in-memory database on a free port, seeded with the
 * demo accounts), to which the bench adds 10,000 generated cases (scripts/bench/cases.ts) before
 * measuring. Signed-in routes are measured as the demo client, or as the account the route names
 * (the case pages as the demo admin, who sees every case, so the table pages through all of
 * them), each signed in once through the sign-in form; every one of their responses must be the
 * page itself (200), or the run fails. A route with a server budget reports whether its p50 is
 * within it (issue 8: a page of the case table under 50 ms).
 *
 * Options: `--skip-build` reuses build/; `--requests=N` (default 300); `--port=N` or PORT (default
 * 8788, or any free port when that one is taken).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../app/features/auth/demo-accounts.ts";
import { generateBenchCases } from "./bench/cases.ts";
import { type Account, type CookieJar, signInWithForm } from "./bench/sign-in.ts";

interface BenchRoute {
  path: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Requested with a signed-in session's cookies; anything but a 200 fails the run. */
  signedIn?: boolean;
  /** Who is signed in for the route (default: the demo client). */
  account?: Account;
  /** The most gzipped JavaScript a first visit should download; reported, never failing the run. */
  jsGzipBudgetBytes?: number;
  /** The most server time the p50 should take; reported, never failing the run. */
  serverP50BudgetMs?: number;
}

/** The account signed-in routes are measured as (supabase/seed.sql). */
const DEMO_CLIENT: Account = { email: DEMO_ACCOUNTS.client.email, password: DEMO_PASSWORD };
/** Sees every case (admins do, under RLS), so the case table pages through all the generated ones. */
const DEMO_ADMIN: Account = { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD };

/** How many cases the bench generates before measuring (issue 8, point 6). */
const GENERATED_CASES = 10_000;
/** A page of the case table should be served within this (issue 8, point 6). */
const CASE_TABLE_P50_BUDGET_MS = 50;
/** Every dashboard page and every public page within these (issue 20). */
const DASHBOARD_P50_BUDGET_MS = 50;
const PUBLIC_P50_BUDGET_MS = 20;

const PUBLIC_ROUTES: BenchRoute[] = [
  "/",
  "/about-us",
  "/contact-us",
  "/faqs",
  "/privacy-policy",
  "/pricing",
  "/payment",
  "/coming-soon",
  "/maintenance",
  "/error/403",
  "/error/404",
  "/error/500",
  "/404",
].map((path) => ({ path, serverP50BudgetMs: PUBLIC_P50_BUDGET_MS }));

/**
 * The routes measured. Later issues append theirs (dashboard routes with `signedIn: true`).
 * `caseId` is a real case of the bench's backend, for the case page.
 */
function routesToMeasure(caseId: string): BenchRoute[] {
  const asAdmin = {
    signedIn: true,
    account: DEMO_ADMIN,
    serverP50BudgetMs: DASHBOARD_P50_BUDGET_MS,
  } as const;
  const tablePage = { ...asAdmin, serverP50BudgetMs: CASE_TABLE_P50_BUDGET_MS } as const;
  return [
    ...PUBLIC_ROUTES,
    {
      path: "/dashboard",
      signedIn: true,
      jsGzipBudgetBytes: 200 * 1024,
      serverP50BudgetMs: DASHBOARD_P50_BUDGET_MS,
    },
    { path: "/dashboard/case/table", ...tablePage },
    // A page deep in the list, sorted by another column, filtered: the slow paths of the same page.
    { path: "/dashboard/case/table?sort=needed_by&dir=asc&page=150", ...tablePage },
    { path: "/dashboard/case/table?status=open&q=dispute", ...tablePage },
    { path: `/dashboard/case/${caseId}`, ...asAdmin },
    { path: "/dashboard/case", ...asAdmin },
    { path: "/dashboard/case/list", ...asAdmin },
    { path: "/dashboard/case_management", ...asAdmin },
  ];
}

interface ServerBudgetResult {
  p50_budget_ms: number;
  within_budget: boolean;
}

interface BudgetResult {
  js_gzip_budget_bytes: number;
  within_budget: boolean;
  /** Every JavaScript file of the first visit and its gzip bytes, largest first. */
  js_files: Record<string, number>;
}

interface RouteResult {
  status: number;
  html_bytes: number;
  js_gzip_bytes: number;
  css_gzip_bytes: number;
  p50_ms: number;
  p99_ms: number;
  budget?: BudgetResult;
  server_budget?: ServerBudgetResult;
}

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key = "", value = "true"] = arg.replace(/^--/, "").split("=");
    return [key, value] as const;
  }),
);
const REQUESTS = Number(args.get("requests") ?? 300);
const WARMUP = 20;
const DEFAULT_PORT = Number(args.get("port") ?? process.env.PORT ?? 8788);

const log = (...parts: unknown[]) => console.error("[bench]", ...parts);

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function build() {
  log("npm run build");
  const result = spawnSync("npm", ["run", "build"], { stdio: ["ignore", process.stderr, process.stderr] });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

/**
 * Starts `npm run preview` in its own process group, so stopping it stops wrangler, workerd and the
 * backend too. The backend is the bench's own: in memory, on `backendPort`, with Auth's rate limits
 * lifted (every run signs in, and more signed-in accounts may come).
 */
function startServer(port: number, backendPort: number): ChildProcess {
  log(`npm run preview on port ${port}, backend on port ${backendPort}`);
  return spawn("npm", ["run", "preview"], {
    env: {
      // Wrangler logs every request at "info"; thousands of lines would bury the useful ones.
      WRANGLER_LOG: "warn",
      ...process.env,
      PORT: String(port),
      SUPABASE_LOCAL_PORT: String(backendPort),
      SUPABASE_LOCAL_DATA_DIR: "memory://",
      SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: "0",
      SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: "0",
      SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: "0",
      SUPABASE_AUTH_RATE_LIMIT_PER_ADDRESS: "0",
    },
    stdio: ["ignore", process.stderr, process.stderr],
    detached: true,
  });
}

async function stopServer(server: ChildProcess) {
  if (server.pid === undefined || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    return;
  }
  const stopped = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
  if (!stopped) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

async function waitUntilServing(origin: string, server: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited early (code ${server.exitCode})`);
    try {
      const response = await fetch(`${origin}/`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${origin} did not answer within ${timeoutMs} ms`);
}

/**
 * The JavaScript and CSS a first visit downloads: module scripts (by `src` and by the `import`s of
 * inline module scripts, which is how React Router loads its entry), module preloads and
 * stylesheets. Paths are resolved against the page URL.
 */
function assetsOf(html: string, pageUrl: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const resolve = (href: string) => new URL(href.replaceAll("&amp;", "&"), pageUrl).href;
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
      .exec(tag)
      ?.slice(1)
      .find(Boolean);

  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (!href) continue;
    if (rel.includes("modulepreload")) js.add(resolve(href));
    else if (rel.includes("stylesheet")) css.add(resolve(href));
  }
  for (const [, open = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if ((attribute(open, "type") ?? "").toLowerCase() !== "module") continue;
    const src = attribute(open, "src");
    if (src) js.add(resolve(src));
    for (const match of body.matchAll(/\bimport\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+)["']/g)) {
      if (match[1]) js.add(resolve(match[1]));
    }
  }
  return { js: [...js], css: [...css] };
}

const gzipSizes = new Map<string, number>();

async function gzipBytes(url: string): Promise<number> {
  const known = gzipSizes.get(url);
  if (known !== undefined) return known;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const size = gzipSync(Buffer.from(await response.arrayBuffer())).byteLength;
  gzipSizes.set(url, size);
  return size;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? Number.NaN) * 100) / 100;
}

/**
 * Requests a route. A signed-in route sends the session's cookies, keeps whatever the answer sets
 * (a refreshed session) and must answer 200 itself: a redirect (to sign-in) fails the run.
 */
async function request(url: string, route: BenchRoute, session: CookieJar | undefined): Promise<Response> {
  if (!route.signedIn) return fetch(url, { headers: route.headers ?? {} });
  if (!session) throw new Error(`${route.path} needs a session, but no one signed in`);
  const response = await fetch(url, {
    headers: { ...route.headers, Cookie: session.header },
    redirect: "manual",
  });
  session.update(response);
  if (response.status !== 200) {
    const location = response.headers.get("Location");
    throw new Error(
      `${route.path} signed in as ${(route.account ?? DEMO_CLIENT).email} answered ${response.status}` +
        `${location ? ` → ${location}` : ""}, not the signed-in page`,
    );
  }
  return response;
}

function budgetOf(limit: number, jsFiles: Map<string, number>, origin: string): BudgetResult {
  const largestFirst = [...jsFiles].sort(([, a], [, b]) => b - a);
  const total = largestFirst.reduce((sum, [, bytes]) => sum + bytes, 0);
  return {
    js_gzip_budget_bytes: limit,
    within_budget: total <= limit,
    js_files: Object.fromEntries(largestFirst.map(([url, bytes]) => [url.replace(origin, ""), bytes])),
  };
}

async function measure(
  origin: string,
  route: BenchRoute,
  session: CookieJar | undefined,
): Promise<RouteResult> {
  const url = `${origin}${route.path}`;
  const first = await request(url, route, session);
  const html = Buffer.from(await first.arrayBuffer());
  const assets = assetsOf(html.toString("utf8"), first.url);
  const jsFiles = new Map<string, number>();
  for (const asset of assets.js) jsFiles.set(asset, await gzipBytes(asset));
  let css = 0;
  for (const asset of assets.css) css += await gzipBytes(asset);

  for (let i = 0; i < WARMUP; i++) await (await request(url, route, session)).arrayBuffer();
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const response = await request(url, route, session);
    await response.arrayBuffer();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const result: RouteResult = {
    status: first.status,
    html_bytes: html.byteLength,
    js_gzip_bytes: [...jsFiles.values()].reduce((sum, bytes) => sum + bytes, 0),
    css_gzip_bytes: css,
    p50_ms: percentile(samples, 50),
    p99_ms: percentile(samples, 99),
  };
  if (route.jsGzipBudgetBytes !== undefined)
    result.budget = budgetOf(route.jsGzipBudgetBytes, jsFiles, origin);
  if (route.serverP50BudgetMs !== undefined)
    result.server_budget = {
      p50_budget_ms: route.serverP50BudgetMs,
      within_budget: result.p50_ms <= route.serverP50BudgetMs,
    };
  return result;
}

async function main() {
  if (args.get("skip-build") !== "true") build();
  const port = (await isPortFree(DEFAULT_PORT)) ? DEFAULT_PORT : await anyFreePort();
  const origin = `http://127.0.0.1:${port}`;
  let backendPort = await anyFreePort();
  while (backendPort === port) backendPort = await anyFreePort();
  const server = startServer(port, backendPort);
  const stop = () => void stopServer(server).then(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await waitUntilServing(origin, server);
    log(`generating ${GENERATED_CASES} cases`);
    const generated = await generateBenchCases(`http://127.0.0.1:${backendPort}`, GENERATED_CASES);
    log(`generated ${generated.inserted} cases in ${generated.ms} ms`);
    const ROUTES = routesToMeasure(generated.sampleCaseId);
    const sessions = new Map<string, CookieJar>();
    for (const route of ROUTES) {
      const account = route.account ?? DEMO_CLIENT;
      if (!route.signedIn || sessions.has(account.email)) continue;
      log(`signing ${account.email} in`);
      sessions.set(account.email, await signInWithForm(origin, account));
    }
    const routes: Record<string, RouteResult> = {};
    for (const route of ROUTES) {
      log(`measuring ${route.path}`);
      const result = await measure(origin, route, sessions.get((route.account ?? DEMO_CLIENT).email));
      if (result.budget && !result.budget.within_budget) {
        log(
          `${route.path}: ${result.js_gzip_bytes} B of gzipped JavaScript, over its budget of ${result.budget.js_gzip_budget_bytes} B`,
        );
      }
      if (result.server_budget && !result.server_budget.within_budget) {
        log(
          `${route.path}: p50 ${result.p50_ms} ms, over its budget of ${result.server_budget.p50_budget_ms} ms`,
        );
      }
      routes[route.path] = result;
    }
    const cases = { generated: generated.inserted, insert_ms: generated.ms };
    process.stdout.write(`${JSON.stringify({ cases, routes }, null, 2)}\n`);
  } finally {
    await stopServer(server);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
