import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../app/features/auth/demo-accounts.ts";
import type { Database } from "../app/lib/database.ts";
import { PUBLISHABLE_KEY_DEFAULT, SECRET_KEY_DEFAULT } from "../supabase/local/config.ts";
import { startLocalSupabase } from "../supabase/local/server.ts";
import { benchRealtime } from "./bench/realtime.ts";
import { benchStorage } from "./bench/storage.ts";

/**
 * `npm run bench:backend`: latency of supabase/local through the real supabase-js, on a fresh
 * temporary PGlite database (or BENCH_URL to measure a running server). Prints one JSON object.
 */
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 64);
const CLIENT_ID = "00000000-0000-4000-8000-000000000001";

let dataDir: string | undefined;
let stop = async () => {};
let url = process.env.BENCH_URL;
if (!url) {
  dataDir = mkdtempSync(join(tmpdir(), "supabase-local-bench-"));
  // The bench signs one account in many times: lift Auth's rate limits for it.
  const local = await startLocalSupabase({
    port: 0,
    dataDir,
    rateLimitSignInSignUps: 0,
    rateLimitTokenVerifications: 0,
    rateLimitTokenRefresh: 0,
    rateLimitPerAddress: 0,
  });
  url = local.url;
  stop = () => local.close();
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Number((sorted[Math.max(0, index)] ?? 0).toFixed(2));
}

async function measure(total: number, concurrency: number, operation: (i: number) => Promise<void>) {
  const timings: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const start = performance.now();
      await operation(i);
      timings.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return {
    n: total,
    p50_ms: percentile(timings, 50),
    p99_ms: percentile(timings, 99),
    rps: Math.round(total / seconds),
  };
}

const user = createClient<Database>(url, PUBLISHABLE_KEY_DEFAULT, {
  auth: { persistSession: false, autoRefreshToken: false },
});
const signIn = await user.auth.signInWithPassword({
  email: DEMO_ACCOUNTS.client.email,
  password: DEMO_PASSWORD,
});
if (signIn.error) throw signIn.error;
const admin = createClient<Database>(url, SECRET_KEY_DEFAULT, { auth: { persistSession: false } });

const check = (error: { message: string } | null) => {
  if (error) throw new Error(error.message);
};
const selectById = async () => {
  const { error } = await user.from("users").select("*").eq("uuid", CLIENT_ID).single();
  check(error);
};
const insert = async (i: number) => {
  const { error } = await admin.from("contact_messages").insert({
    name: "Bench",
    email: "bench@example.com",
    subject: `Benchmark ${i}`,
    message: "A benchmark message of reasonable length.",
  });
  check(error);
};
const passwordSignIn = async () => {
  const c = createClient<Database>(url, PUBLISHABLE_KEY_DEFAULT, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await c.auth.signInWithPassword({
    email: DEMO_ACCOUNTS.lawyer.email,
    password: DEMO_PASSWORD,
  });
  check(error);
};

await measure(50, 4, selectById);
const results: Record<string, unknown> = { url, database: process.env.DATABASE_URL ? "postgres" : "pglite" };
for (const concurrency of [1, 16]) {
  results[`concurrency_${concurrency}`] = {
    select_by_id: await measure(ITERATIONS, concurrency, selectById),
    insert: await measure(ITERATIONS, concurrency, insert),
    password_sign_in: await measure(SIGN_INS, concurrency, passwordSignIn),
  };
}
results.realtime = await benchRealtime(url);
results.storage = await benchStorage(url);
await stop();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify(results, null, 2));
