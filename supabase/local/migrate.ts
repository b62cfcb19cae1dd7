import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "./db.ts";

/** What hosted Supabase provides before any migration: core (roles, auth), then Realtime and Storage. */
const BOOTSTRAP_FILES = ["./bootstrap.sql", "./realtime/schema.sql", "./storage/schema.sql"];
const BOOTSTRAP = BOOTSTRAP_FILES.map((file) => new URL(file, import.meta.url))
  .filter((file) => existsSync(file))
  .map((file) => readFileSync(file, "utf8"))
  .join("\n");
/** Local-only SQL that needs the product schema (the e-mail outbox's delivery to the mailbox). */
const AFTER_MIGRATIONS = readFileSync(new URL("./outbox.sql", import.meta.url), "utf8");
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

export type MigrationReport = { applied: string[]; seeded: boolean };

/** Lists the migration files in version order. */
export function listMigrations(dir: string): { version: string; name: string; path: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((entry) => entry.match !== null)
    .map(({ file, match }) => ({ version: match?.[1] ?? "", name: match?.[2] ?? "", path: join(dir, file) }))
    .sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
}

/** `create extension [if not exists] name` in SQL, the name quoted or not. */
const CREATE_EXTENSION = /create\s+extension\s+(?:if\s+not\s+exists\s+)?"?([A-Za-z0-9_-]+)"?/gi;

/** The extensions the migrations and the seed create (PGlite must load them when it opens). */
export function extensionsCreatedBy(migrationsDir: string, seedFile?: string): Set<string> {
  const files = listMigrations(migrationsDir).map((migration) => migration.path);
  if (seedFile && existsSync(seedFile)) files.push(seedFile);
  const names = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(CREATE_EXTENSION))
      if (match[1]) names.add(match[1]);
  }
  return names;
}

/**
 * Brings the database up to date: Supabase's bootstrap, then each migration not yet recorded in
 * supabase_migrations.schema_migrations (each in its own transaction), the local outbox delivery,
 * then the seed once.
 */
export async function migrate(
  db: Database,
  migrationsDir: string,
  seedFile?: string,
): Promise<MigrationReport> {
  await db.tx((q) => q.exec(BOOTSTRAP));
  const recorded = await db.tx((q) =>
    q.query<{ version: string }>("select version from supabase_migrations.schema_migrations"),
  );
  const done = new Set(recorded.rows.map((row) => row.version));
  const applied: string[] = [];
  for (const migration of listMigrations(migrationsDir)) {
    if (done.has(migration.version)) continue;
    const sql = readFileSync(migration.path, "utf8");
    await db.tx(async (q) => {
      try {
        await q.exec(sql);
      } catch (error) {
        throw new Error(
          `migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`,
        );
      }
      await q.query(
        "insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)",
        [migration.version, migration.name, [sql]],
      );
    });
    applied.push(`${migration.version}_${migration.name}`);
  }
  await db.tx((q) => q.exec(AFTER_MIGRATIONS));
  let seeded = false;
  if (seedFile && existsSync(seedFile)) {
    const sql = readFileSync(seedFile, "utf8");
    const hash = createHash("sha256").update(sql).digest("hex");
    seeded = await db.tx(async (q) => {
      const seen = await q.query("select 1 from supabase_migrations.seed_files where path = $1", [
        "supabase/seed.sql",
      ]);
      if (seen.rows.length > 0) return false;
      try {
        await q.exec(sql);
      } catch (error) {
        throw new Error(`seed failed: ${(error as Error).message}`);
      }
      await q.query("insert into supabase_migrations.seed_files (path, hash) values ($1, $2)", [
        "supabase/seed.sql",
        hash,
      ]);
      return true;
    });
  }
  return { applied, seeded };
}
