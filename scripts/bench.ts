/**
 * `npm run bench`: builds the app, serves the production Worker (`npm run preview`) and prints one
 * JSON object to stdout — per route, the HTML bytes, the gzip bytes of the JavaScript and CSS a
 * first visit downloads, and the server response time (p50/p99 over sequential requests). Logs go
 * to stderr so the output can be piped (`npm run bench --silent > bench.json`).
 *
 * Options: `--skip-build` reuses build/; `--requests=N` (default 300); `--port=N` or PORT (default
 * 8788, or any free port when that one is taken).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";

interface BenchRoute {
  path: string;
  /** Extra request headers, e.g. a session cookie for the dashboard routes. */
  headers?: Record<string, string>;
}

/** The routes measured. Later issues append theirs (dashboard routes pass a session cookie). */
const ROUTES: BenchRoute[] = [
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
].map((path) => ({ path }));

interface RouteResult {
  html_bytes: number;
  js_gzip_bytes: number;
  css_gzip_bytes: number;
  p50_ms: number;
  p99_ms: number;
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

/** Starts `npm run preview` in its own process group, so stopping it stops wrangler and workerd too. */
function startServer(port: number): ChildProcess {
  log(`npm run preview on port ${port}`);
  return spawn("npm", ["run", "preview"], {
    // Wrangler logs every request at "info"; thousands of lines would bury the useful ones.
    env: { WRANGLER_LOG: "warn", ...process.env, PORT: String(port) },
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

async function measure(origin: string, route: BenchRoute): Promise<RouteResult> {
  const url = `${origin}${route.path}`;
  const init = { headers: route.headers ?? {} };
  const first = await fetch(url, init);
  const html = Buffer.from(await first.arrayBuffer());
  const assets = assetsOf(html.toString("utf8"), first.url);
  let js = 0;
  let css = 0;
  for (const asset of assets.js) js += await gzipBytes(asset);
  for (const asset of assets.css) css += await gzipBytes(asset);

  for (let i = 0; i < WARMUP; i++) await (await fetch(url, init)).arrayBuffer();
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return {
    html_bytes: html.byteLength,
    js_gzip_bytes: js,
    css_gzip_bytes: css,
    p50_ms: percentile(samples, 50),
    p99_ms: percentile(samples, 99),
  };
}

async function main() {
  if (args.get("skip-build") !== "true") build();
  const port = (await isPortFree(DEFAULT_PORT)) ? DEFAULT_PORT : await anyFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer(port);
  const stop = () => void stopServer(server).then(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await waitUntilServing(origin, server);
    const routes: Record<string, RouteResult> = {};
    for (const route of ROUTES) {
      log(`measuring ${route.path}`);
      routes[route.path] = await measure(origin, route);
    }
    process.stdout.write(`${JSON.stringify({ routes }, null, 2)}\n`);
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
