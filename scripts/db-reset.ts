import { rmSync } from "node:fs";
import { configFromEnv } from "../supabase/local/config.ts";
import { openDatabase } from "../supabase/local/server.ts";

/**
 * `npm run db:reset`: recreates the local database from supabase/migrations and supabase/seed.sql.
 * PGlite: the data directory is deleted and rebuilt. DATABASE_URL: the product schema (public),
 * auth data, Storage and Realtime schemas, migration history and mailbox are dropped, then everything is
 * applied again. Stored object bytes (`.data/storage`) are deleted either way.
 * Stop the running backend first.
 */
const config = configFromEnv();
if (config.databaseUrl) {
  const { openPostgres } = await import("../supabase/local/db.ts");
  const db = await openPostgres(config.databaseUrl);
  await db.tx((q) =>
    q.exec(`drop schema if exists public cascade; create schema public;
      drop schema if exists auth cascade; drop schema if exists supabase_migrations cascade;
      drop schema if exists storage cascade; drop schema if exists realtime cascade;
      drop schema if exists supabase_local cascade;`),
  );
  await db.close();
} else {
  rmSync(config.dataDir, { recursive: true, force: true });
}
if (!config.storageDir.startsWith("memory://")) rmSync(config.storageDir, { recursive: true, force: true });
const started = Date.now();
const db = await openDatabase(config);
await db.close();
console.log(`[db:reset] database recreated from the migrations and the seed in ${Date.now() - started} ms`);
