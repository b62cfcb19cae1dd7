import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalSupabase } from "../../supabase/local/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    supabaseUrl: string;
  }
}

/** Starts supabase/local on a free port over a fresh temporary PGlite database (migrated and seeded) and storage folder. */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), "supabase-local-test-"));
  const local = await startLocalSupabase({
    port: 0,
    dataDir: join(root, "pglite"),
    storageDir: join(root, "storage"),
    logRequests: false,
    // The suite signs the demo accounts in many times from 127.0.0.1: lift Auth's rate limits
    // (tests/integration/backend/rate-limit.test.ts checks them on a server of its own).
    rateLimitSignInSignUps: 0,
    rateLimitTokenVerifications: 0,
    rateLimitTokenRefresh: 0,
    rateLimitPerAddress: 0,
  });
  project.provide("supabaseUrl", local.url);
  return async () => {
    await local.close();
    rmSync(root, { recursive: true, force: true });
  };
}
