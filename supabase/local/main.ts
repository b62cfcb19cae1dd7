import { startLocalSupabase } from "./server.ts";

/** `npm run backend`: the local Supabase on 127.0.0.1:54321 (SUPABASE_LOCAL_PORT changes it). */
const started = Date.now();
const local = await startLocalSupabase();
const { config } = local;
console.log(`[supabase/local] ready in ${Date.now() - started} ms on ${local.url}
  database   ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite ${config.dataDir}`}
  API URL    ${config.publicUrl}
  mailbox    ${config.publicUrl}/mailbox
  anon key   ${config.anonKey}
  publishable key ${config.publishableKey}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[supabase/local] ${signal}: stopping`);
  await local.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
