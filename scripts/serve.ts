/**
 * Serves the built app the way `npm start` promises: the local Supabase stand-in (when the
 * project has one and SUPABASE_URL doesn't point elsewhere) and the production Worker under
 * `wrangler dev`. If either process stops, the other is stopped too.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";

const port = process.env.PORT ?? "8787";
const backendPort = process.env.SUPABASE_LOCAL_PORT ?? "54321";
const useLocalBackend = !process.env.SUPABASE_URL && existsSync("supabase/local/main.ts");
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

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

const workerVars: string[] = [];
if (useLocalBackend) {
  run(process.execPath, ["supabase/local/main.ts"], { SUPABASE_LOCAL_PORT: backendPort });
  await waitFor(`http://127.0.0.1:${backendPort}/auth/v1/health`, 60_000);
  workerVars.push("--var", `SUPABASE_URL:http://127.0.0.1:${backendPort}`);
} else if (process.env.SUPABASE_URL) {
  workerVars.push("--var", `SUPABASE_URL:${process.env.SUPABASE_URL}`);
  if (process.env.SUPABASE_ANON_KEY)
    workerVars.push("--var", `SUPABASE_ANON_KEY:${process.env.SUPABASE_ANON_KEY}`);
}

run("npx", ["wrangler", "dev", "--port", port, "--ip", "127.0.0.1", ...workerVars], offline);
