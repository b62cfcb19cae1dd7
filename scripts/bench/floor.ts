import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The floor page (scripts/bench/floor/): a React 19 + Mantine 9 AppShell page built the way the
 * app is (React Router framework mode, Vite, the app's own versions from its node_modules), its
 * HTML rendered at build time. The bench serves it gzipped as the local Worker serves the app and
 * reports the app's pages as ratios to it, so a slow machine or a noisy run weighs on both alike.
 */
const FLOOR_DIR = join(import.meta.dirname, "floor");
const CLIENT_DIR = join(FLOOR_DIR, "build", "client");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};

/** Whether the floor page has been built (`--skip-build` builds it only when it has not). */
export function floorIsBuilt(): boolean {
  return existsSync(join(CLIENT_DIR, "index.html"));
}

/** Builds the floor page into scripts/bench/floor/build/ with the app's React Router CLI. */
export function buildFloor(log: (...parts: unknown[]) => void): void {
  log("building the floor page (scripts/bench/floor)");
  const cli = join(import.meta.dirname, "..", "..", "node_modules", ".bin", "react-router");
  // With the Node that runs the bench (24), not whichever one the CLI's `#!/usr/bin/env node` finds.
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: FLOOR_DIR,
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (result.status !== 0) throw new Error(`building the floor page failed (exit ${result.status})`);
}

/** Serves the built floor page on a free port; resolves with its origin and the server to close. */
export function serveFloor(): Promise<{ origin: string; server: Server }> {
  if (!floorIsBuilt()) throw new Error("the floor page is not built");
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://floor").pathname));
    const file = join(CLIENT_DIR, path.endsWith("/") ? `${path}index.html` : path);
    if (!file.startsWith(CLIENT_DIR) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
    response.writeHead(200, {
      "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    });
    response.end(gzip ? gzipSync(body) : body);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ origin: `http://127.0.0.1:${port}`, server });
    });
  });
}
