import { randomBytes } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../app/features/auth/demo-accounts.ts";
import type { Database } from "../../app/lib/database.ts";
import { PUBLISHABLE_KEY_DEFAULT } from "../../supabase/local/config.ts";

/** One 5 MB file, uploaded and downloaded this many times (BENCH_STORAGE_ITERATIONS). */
const FILE_BYTES = 5 * 1024 * 1024;
const ITERATIONS = Number(process.env.BENCH_STORAGE_ITERATIONS ?? 10);

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Number((sorted[Math.max(0, index)] ?? 0).toFixed(2));
}

function summary(timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  const seconds = timings.reduce((sum, ms) => sum + ms, 0) / 1000;
  return {
    n: timings.length,
    mb_per_s: Number(((FILE_BYTES * timings.length) / (1024 * 1024) / seconds).toFixed(1)),
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
  };
}

/**
 * Storage throughput through supabase-js as the signed-in demo client: a 5 MB file uploaded
 * (upsert, into `documents/<uid>/bench/`) and downloaded several times, one at a time. The
 * bench files are removed afterwards.
 */
export async function benchStorage(url: string): Promise<Record<string, unknown>> {
  const user = createClient<Database>(url, PUBLISHABLE_KEY_DEFAULT, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signIn = await user.auth.signInWithPassword({
    email: DEMO_ACCOUNTS.client.email,
    password: DEMO_PASSWORD,
  });
  if (signIn.error || !signIn.data.user) throw signIn.error ?? new Error("no user");
  const docs = user.storage.from("documents");
  const folder = `${signIn.data.user.id}/bench`;
  const content = randomBytes(FILE_BYTES);
  const paths: string[] = [];
  const uploads: number[] = [];
  const downloads: number[] = [];
  try {
    // Warm-up: the first request pays for connection set-up and code paths.
    const warm = `${folder}/warm-up.bin`;
    paths.push(warm);
    const warmed = await docs.upload(warm, content, {
      upsert: true,
      contentType: "application/octet-stream",
    });
    if (warmed.error) throw new Error(warmed.error.message);
    for (let i = 0; i < ITERATIONS; i++) {
      const path = `${folder}/file-${i}.bin`;
      paths.push(path);
      let start = performance.now();
      const uploaded = await docs.upload(path, content, {
        upsert: true,
        contentType: "application/octet-stream",
      });
      uploads.push(performance.now() - start);
      if (uploaded.error) throw new Error(uploaded.error.message);
      start = performance.now();
      const downloaded = await docs.download(path);
      const bytes = downloaded.data ? await downloaded.data.arrayBuffer() : undefined;
      downloads.push(performance.now() - start);
      if (downloaded.error || bytes?.byteLength !== FILE_BYTES) {
        throw new Error(downloaded.error?.message ?? "short download");
      }
    }
  } finally {
    if (paths.length > 0) await docs.remove(paths);
  }
  return { file_mb: FILE_BYTES / (1024 * 1024), upload: summary(uploads), download: summary(downloads) };
}
