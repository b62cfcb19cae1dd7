/**
 * Serves the app with its backend: the local Supabase stand-in (unless SUPABASE_URL points at a
 * hosted project; reused when one already answers on its port) and either the production Worker
 * under `wrangler dev` (`npm start`, `npm run preview`) or, with `--dev`, the Vite dev server
 * (`npm run dev`; any further arguments go to it). If either process stops, the other is stopped.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { ANON_JWT_DEFAULT } from "../supabase/local/config.ts";

const port = process.env.PORT ?? "8787";
const backendPort = process.env.SUPABASE_LOCAL_PORT ?? "54321";
const useLocalBackend = !process.env.SUPABASE_URL && existsSync("supabase/local/main.ts");
const devMode = process.argv[2] === "--dev";
const extraArgs = process.argv.slice(devMode ? 3 : 2);
const offline = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

const children: ChildProcess[] = [];
let stopping = false;

function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  child.on("exit", (code) => stop(code ?? 1));
  children.push(child);
  return child;
}

/** Auth's health check, which like every /auth/v1 path wants an API key. */
const HEALTH_HEADERS = { apikey: process.env.SUPABASE_ANON_KEY ?? ANON_JWT_DEFAULT };

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { headers: HEALTH_HEADERS })).ok;
  } catch {
    return false;
  }
}

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

const workerVars: string[] = [];
if (useLocalBackend) {
  const health = `http://127.0.0.1:${backendPort}/auth/v1/health`;
  if (await answers(health)) {
    console.log(`[serve] reusing the local Supabase already running on port ${backendPort}`);
  } else {
    run(process.execPath, ["supabase/local/main.ts"], { SUPABASE_LOCAL_PORT: backendPort });
    // A first start creates the database (migrations and seed): allow for a slow machine.
    await waitFor(health, 180_000);
  }
  workerVars.push("--var", `SUPABASE_URL:http://127.0.0.1:${backendPort}`);
} else if (process.env.SUPABASE_URL) {
  workerVars.push("--var", `SUPABASE_URL:${process.env.SUPABASE_URL}`);
  if (process.env.SUPABASE_ANON_KEY)
    workerVars.push("--var", `SUPABASE_ANON_KEY:${process.env.SUPABASE_ANON_KEY}`);
}

// The Worker's optional settings (app/lib/env.server.ts), passed on when the environment sets them.
for (const name of [
  "AUTH_SESSION_CHECK_SECONDS",
  "AUTH_SESSION_COOKIE_MAX_AGE",
  "TRUST_CF_CONNECTING_IP",
  "SUPABASE_SECRET_KEY",
]) {
  const value = process.env[name];
  if (value !== undefined && value !== "") workerVars.push("--var", `${name}:${value}`);
}

if (devMode) {
  // The Vite dev server reads the Worker's variables from wrangler.toml (the default backend port);
  // another port or a hosted project reaches the Worker through the process environment.
  const override: Record<string, string> =
    process.env.SUPABASE_URL || backendPort !== "54321"
      ? {
          CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
          SUPABASE_URL: process.env.SUPABASE_URL ?? `http://127.0.0.1:${backendPort}`,
        }
      : {};
  run("npx", ["react-router", "dev", ...extraArgs], { ...offline, ...override });
} else {
  run("npx", ["wrangler", "dev", "--port", port, "--ip", "127.0.0.1", ...workerVars, ...extraArgs], offline);
}
