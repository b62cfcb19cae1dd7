/**
 * `npm run bench`: builds the app, serves the production Worker (`npm run preview`) and measures
 * every page of scripts/bench/budgets.ts against its budgets (issue 20): the HTML bytes, the gzip
 * bytes and files of the JavaScript and CSS a first visit downloads (scripts/bench/assets.ts, the
 * measure the CI check uses), the requests of a first visit in Chromium, and the server response
 * time (p50/p99 of sequential requests, one to each page in turn, round after round). Then
 * Lighthouse mobile and LCP on the slow profile for the pages marked for it, next to the floor page
 * (scripts/bench/floor/), as ratios to it.
 * A readable table goes to stderr with the logs, the JSON to stdout, so the output can be piped
 * (`npm run -s bench > bench.json`). Over-budget numbers are reported, never failing the run: the
 * byte budgets fail in CI (tests/e2e/budgets.spec.ts), times are too noisy to.
 *
 * The Worker gets its own throw-away backend (an in-memory database on a free port, seeded with the
 * demo accounts), to which the bench adds 10,000 generated cases (scripts/bench/cases.ts) before
 * measuring. A signed-in page is measured as the demo account it names, signed in once through the
 * sign-in form; every one of its responses must be the page itself (200), or the run fails.
 *
 * Options: `--skip-build` reuses build/ (and the floor's build, made when missing); `--requests=N` server-time samples
 * per page (default 300); `--port=N` or PORT (default 8788, or any free port when that one is
 * taken); `--no-lighthouse` skips Lighthouse and the floor; `--lighthouse-runs=N` (default 3, the
 * median is reported); `--only=TEXT` measures only the pages whose path contains TEXT.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../app/features/auth/demo-accounts.ts";
import { type AssetFile, AssetSizer, formatKiB } from "./bench/assets.ts";
import { RequestCounter } from "./bench/browser.ts";
import {
  BUDGETED_PAGES,
  type Budget,
  type BudgetedPage,
  type DemoAccountName,
  pathOf,
} from "./bench/budgets.ts";
import { generateBenchCases } from "./bench/cases.ts";
import { buildFloor, floorIsBuilt, serveFloor } from "./bench/floor.ts";
import { type LighthouseResult, lighthouseOf } from "./bench/lighthouse.ts";
import { type CookieJar, signInWithForm } from "./bench/sign-in.ts";
import { generateBenchTasks } from "./bench/tasks.ts";

/** How many cases the bench generates before measuring (issue 8, point 6). */
const GENERATED_CASES = 10_000;
/** How many tasks, across how many of those cases (issue 22, item 8). */
const GENERATED_TASKS = 10_000;
const CASES_WITH_TASKS = 1_000;
/** The board's action: one card move, as the board's script posts it (React Router's `.data` request). */
const TASK_MOVE_PATH = "/dashboard/task_management/task_management.data";
const TASK_MOVE_BUDGET_MS = 50;

interface RouteResult {
  status: number;
  account?: DemoAccountName;
  html_bytes: number;
  js_gzip_bytes: number;
  js_files: number;
  css_gzip_bytes: number;
  /** Render-blocking stylesheets. */
  css_files: number;
  /** Requests of a first visit in Chromium, until the network is idle. */
  requests: number;
  p50_ms: number;
  p99_ms: number;
  budget: Budget;
  /** What is over its budget ("js", "js_files", "css", "css_files", "requests", "p50"); empty when within. */
  over_budget: string[];
  /** Every JavaScript and CSS file of the first visit and its gzip bytes, largest first. */
  files: { js: Record<string, number>; css: Record<string, number> };
  lighthouse?: LighthouseResult & { score_ratio: number; lcp_ratio: number };
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

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? Number.NaN) * 100) / 100;
}

/**
 * Requests a page. A signed-in page sends the session's cookies, keeps whatever the answer sets
 * (a refreshed session) and must answer 200 itself: a redirect (to sign-in) fails the run; any
 * page must answer the status it names (200 unless a status page).
 */
async function request(url: string, page: BudgetedPage, session: CookieJar | undefined): Promise<Response> {
  if (page.account && !session) throw new Error(`${page.path} needs a session, but no one signed in`);
  const response = await fetch(url, {
    headers: session ? { Cookie: session.header } : {},
    redirect: "manual",
  });
  session?.update(response);
  if (response.status !== (page.status ?? 200)) {
    const location = response.headers.get("Location");
    throw new Error(
      `${page.path} ${page.account ? `signed in as ${page.account} ` : ""}answered ${response.status}` +
        `${location ? ` → ${location}` : ""}, not the page (${page.status ?? 200})`,
    );
  }
  return response;
}

const byUrl = (files: AssetFile[]) => Object.fromEntries(files.map((file) => [file.url, file.gzipBytes]));

/** A page's first visit: its HTML, the JavaScript and CSS it downloads, its requests in Chromium. */
async function firstVisit(
  origin: string,
  path: string,
  page: BudgetedPage,
  session: CookieJar | undefined,
  sizer: AssetSizer,
  browser: RequestCounter,
) {
  const url = `${origin}${path}`;
  const first = await request(url, page, session);
  const html = Buffer.from(await first.arrayBuffer());
  const visit = await sizer.firstVisit(html.toString("utf8"), url);
  const counted = page.serverTimeOnly ? undefined : await browser.count(url, session?.header);
  if (counted && !counted.idle)
    log(`${path}: the network was not idle 20 s after load; requests counted until then`);
  return {
    status: first.status,
    htmlBytes: html.byteLength,
    visit,
    requests: counted?.requests ?? Number.NaN,
  };
}

/**
 * The server's response times of every page, in rounds: one request to each page in turn, REQUESTS
 * rounds (after WARMUP), so that a slow minute of a shared machine falls on every page alike rather
 * than on whichever page was being measured then. Each sample is a whole response, body read.
 */
async function serverTimes(
  targets: { url: string; page: BudgetedPage; session: CookieJar | undefined }[],
): Promise<number[][]> {
  const once = async ({ url, page, session }: (typeof targets)[number]) => {
    const start = performance.now();
    await (await request(url, page, session)).arrayBuffer();
    return performance.now() - start;
  };
  for (let i = 0; i < WARMUP; i++) for (const target of targets) await once(target);
  const samples = targets.map((): number[] => []);
  for (let i = 0; i < REQUESTS; i++) {
    for (const [k, target] of targets.entries()) samples[k]?.push(await once(target));
  }
  return samples.map((times) => times.sort((a, b) => a - b));
}

/** A page's row of the report: what its first visit downloads and its server time, against its budget. */
function routeResult(
  page: BudgetedPage,
  { status, htmlBytes, visit, requests }: Awaited<ReturnType<typeof firstVisit>>,
  samples: number[],
): RouteResult {
  const { budget } = page;
  const p50 = percentile(samples, 50);
  const over = [
    budget.jsGzipBytes !== undefined && visit.jsGzipBytes > budget.jsGzipBytes && "js",
    budget.jsFiles !== undefined && visit.js.length > budget.jsFiles && "js_files",
    visit.cssGzipBytes > budget.cssGzipBytes && "css",
    visit.cssFiles > budget.cssFiles && "css_files",
    budget.requests !== undefined && requests > budget.requests && "requests",
    p50 > budget.serverP50Ms && "p50",
  ].filter((item): item is string => typeof item === "string");
  return {
    status,
    ...(page.account ? { account: page.account } : {}),
    html_bytes: htmlBytes,
    js_gzip_bytes: visit.jsGzipBytes,
    js_files: visit.js.length,
    css_gzip_bytes: visit.cssGzipBytes,
    css_files: visit.cssFiles,
    requests,
    p50_ms: p50,
    p99_ms: percentile(samples, 99),
    budget,
    over_budget: over,
    files: { js: byUrl(visit.js), css: byUrl(visit.css) },
  };
}

/**
 * A card move's round trip as the board's script makes it: the demo lawyer moves one task back
 * and forth between two columns through the board's action (`public.move_task`), over the bench's
 * 10,000 tasks. The revalidation that follows is the board's page load, measured with the pages.
 */
async function measureTaskMoves(origin: string, taskId: string): Promise<{ p50_ms: number; p99_ms: number }> {
  const session = await signInWithForm(origin, {
    email: DEMO_ACCOUNTS.lawyer.email,
    password: DEMO_PASSWORD,
  });
  const move = async (status: string) => {
    const response = await fetch(`${origin}${TASK_MOVE_PATH}`, {
      method: "POST",
      headers: {
        Cookie: session.header,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin,
      },
      body: new URLSearchParams({ intent: "move", task: taskId, status }),
      redirect: "manual",
    });
    session.update(response);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`moving a task answered ${response.status}`);
  };
  const statuses = ["in_progress", "todo"];
  for (let i = 0; i < WARMUP; i++) await move(statuses[i % 2] as string);
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await move(statuses[i % 2] as string);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50_ms: percentile(samples, 50), p99_ms: percentile(samples, 99) };
}

/** One row per page: measured / budget, with a ✗ where over. */
function summaryTable(routes: Record<string, RouteResult>): string {
  const cell = (value: string, limit: string | undefined, over: boolean) =>
    `${value}${limit === undefined ? "" : ` / ${limit}`}${over ? " ✗" : ""}`;
  const rows = Object.entries(routes).map(([path, r]) => {
    const has = (item: string) => r.over_budget.includes(item);
    const jsLimit = r.budget.jsGzipBytes === undefined ? undefined : formatKiB(r.budget.jsGzipBytes);
    return [
      path.length > 48 ? `${path.slice(0, 47)}…` : path,
      cell(
        `${formatKiB(r.js_gzip_bytes)} (${r.js_files})`,
        jsLimit === undefined && r.budget.jsFiles === undefined
          ? undefined
          : `${jsLimit ?? "–"}${r.budget.jsFiles === undefined ? "" : ` (${r.budget.jsFiles})`}`,
        has("js") || has("js_files"),
      ),
      cell(
        `${formatKiB(r.css_gzip_bytes)} (${r.css_files})`,
        `${formatKiB(r.budget.cssGzipBytes)} (${r.budget.cssFiles})`,
        has("css") || has("css_files"),
      ),
      cell(
        Number.isNaN(r.requests) ? "–" : String(r.requests),
        r.budget.requests?.toString(),
        has("requests"),
      ),
      `${(r.html_bytes / 1024).toFixed(1)} KiB`,
      cell(`${r.p50_ms} ms`, `${r.budget.serverP50Ms}`, has("p50")),
      `${r.p99_ms} ms`,
      r.lighthouse ? `${r.lighthouse.score} (${r.lighthouse.score_ratio}×)` : "",
      r.lighthouse ? `${r.lighthouse.lcpMs} ms (${r.lighthouse.lcp_ratio}×)` : "",
    ];
  });
  const header = [
    "page",
    "JS gzip (files) / budget",
    "CSS gzip (blocking) / budget",
    "requests",
    "HTML",
    "p50 / budget",
    "p99",
    "Lighthouse (÷ floor)",
    "LCP slow (÷ floor)",
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: string[]) =>
    row
      .map((value, column) => value.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

async function main() {
  const lighthouse = args.get("no-lighthouse") !== "true" && args.get("lighthouse") !== "false";
  const lighthouseRuns = Number(args.get("lighthouse-runs") ?? 3);
  const only = args.get("only");
  if (args.get("skip-build") !== "true") {
    build();
    if (lighthouse) buildFloor(log);
  } else if (lighthouse && !floorIsBuilt()) {
    // A fresh clone has no floor build, and finding that out after measuring every page lost it all.
    buildFloor(log);
  }
  const port = (await isPortFree(DEFAULT_PORT)) ? DEFAULT_PORT : await anyFreePort();
  const origin = `http://127.0.0.1:${port}`;
  let backendPort = await anyFreePort();
  while (backendPort === port) backendPort = await anyFreePort();
  const server = startServer(port, backendPort);
  const browser = new RequestCounter();
  const stop = () => void Promise.all([stopServer(server), browser.close()]).then(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await waitUntilServing(origin, server);
    log(`generating ${GENERATED_CASES} cases`);
    const generated = await generateBenchCases(`http://127.0.0.1:${backendPort}`, GENERATED_CASES);
    log(`generated ${generated.inserted} cases in ${generated.ms} ms`);
    log(`generating ${GENERATED_TASKS} tasks across ${CASES_WITH_TASKS} cases`);
    const tasks = await generateBenchTasks(
      `http://127.0.0.1:${backendPort}`,
      CASES_WITH_TASKS,
      GENERATED_TASKS,
    );
    log(`generated ${tasks.inserted} tasks in ${tasks.ms} ms`);
    const pages = BUDGETED_PAGES.filter((page) => only === undefined || page.path.includes(only));
    const sessions = new Map<DemoAccountName, CookieJar>();
    for (const page of pages) {
      if (!page.account || sessions.has(page.account)) continue;
      log(`signing ${page.account} in`);
      const email = DEMO_ACCOUNTS[page.account].email;
      sessions.set(page.account, await signInWithForm(origin, { email, password: DEMO_PASSWORD }));
    }
    const sizer = new AssetSizer();
    const targets = pages.map((page) => {
      const path = pathOf(page, { caseId: generated.sampleCaseId });
      return {
        page,
        path,
        url: `${origin}${path}`,
        session: page.account ? sessions.get(page.account) : undefined,
      };
    });
    const visits = [];
    for (const { page, path, session } of targets) {
      log(`first visit of ${path}`);
      visits.push(await firstVisit(origin, path, page, session, sizer, browser));
    }
    await browser.close();
    log(`server time: ${REQUESTS} rounds of one request to each of the ${targets.length} pages`);
    const times = await serverTimes(targets);
    const routes: Record<string, RouteResult> = {};
    for (const [k, { page, path }] of targets.entries()) {
      const visit = visits[k];
      if (visit) routes[path] = routeResult(page, visit, times[k] ?? []);
    }
    const taskMove =
      only === undefined || TASK_MOVE_PATH.includes(only)
        ? await measureTaskMoves(origin, tasks.sampleTaskId)
        : undefined;

    let floor: LighthouseResult | undefined;
    if (lighthouse) {
      const served = await serveFloor();
      try {
        log(`Lighthouse mobile, ${lighthouseRuns} run(s) each: the floor page`);
        floor = await lighthouseOf(`${served.origin}/`, lighthouseRuns);
      } finally {
        served.server.close();
      }
      const ratio = (value: number, base: number) => Math.round((value / base) * 100) / 100;
      for (const { path, session } of targets.filter((target) => target.page.lighthouse)) {
        const route = routes[path];
        if (!route) continue;
        log(`Lighthouse mobile: ${path}`);
        const result = await lighthouseOf(`${origin}${path}`, lighthouseRuns, session?.header);
        route.lighthouse = {
          ...result,
          score_ratio: ratio(result.score, floor.score),
          lcp_ratio: ratio(result.lcpMs, floor.lcpMs),
        };
      }
    }

    console.error(`\n${summaryTable(routes)}`);
    if (floor)
      console.error(`\nfloor page: Lighthouse ${floor.score}, LCP on the slow profile ${floor.lcpMs} ms`);
    const over = Object.entries(routes).filter(([, r]) => r.over_budget.length > 0);
    console.error(`${over.length} of ${Object.keys(routes).length} pages over a budget (✗)\n`);
    if (taskMove)
      console.error(
        `task move (board action round trip): p50 ${taskMove.p50_ms} ms / ${TASK_MOVE_BUDGET_MS}${taskMove.p50_ms > TASK_MOVE_BUDGET_MS ? " ✗" : ""}, p99 ${taskMove.p99_ms} ms\n`,
      );
    const cases = {
      generated: generated.inserted,
      insert_ms: generated.ms,
      tasks: { generated: tasks.inserted, across_cases: tasks.cases, insert_ms: tasks.ms },
    };
    const lighthouseJson = floor ? { lighthouse: { floor, runs: lighthouseRuns } } : {};
    const moves = taskMove ? { task_move: { ...taskMove, budget_ms: TASK_MOVE_BUDGET_MS } } : {};
    process.stdout.write(`${JSON.stringify({ cases, ...lighthouseJson, routes, ...moves }, null, 2)}\n`);
  } finally {
    await Promise.all([stopServer(server), browser.close()]);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
