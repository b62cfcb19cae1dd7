import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../../../supabase/local/db.ts";
import { extensionsCreatedBy } from "../../../supabase/local/migrate.ts";

/**
 * Extensions beyond the two every project has (pgcrypto, uuid-ossp): a migration or seed that
 * creates one of PGlite's contrib extensions applies, since the server loads what the SQL names.
 */
describe("extensions the migrations create", () => {
  const dir = mkdtempSync(join(tmpdir(), "extensions-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds every `create extension` of the migrations and the seed", () => {
    writeFileSync(
      join(dir, "20260101000000_one.sql"),
      'create extension if not exists "citext" with schema extensions;',
    );
    writeFileSync(join(dir, "20260102000000_two.sql"), "CREATE EXTENSION pg_trgm;\ncreate table t (id int);");
    writeFileSync(join(dir, "notes.sql"), "create extension hstore;");
    const seed = join(dir, "seed.sql");
    writeFileSync(seed, "create extension if not exists ltree;");
    expect([...extensionsCreatedBy(dir, seed)].sort()).toEqual(["citext", "ltree", "pg_trgm"]);
  });

  it("loads the named contrib extensions; one PGlite does not ship fails as on a server without it", async () => {
    const db = await openPglite("memory://", ["citext", "pg_trgm", "no_such_extension"]);
    try {
      const rows = await db.tx(async (q) => {
        await q.exec("create extension citext; create extension pg_trgm");
        return q.query<{ same: boolean; similar: number }>(
          "select 'Hello'::citext = 'hello'::citext as same, similarity('case law', 'case laws') as similar",
        );
      });
      expect(rows.rows[0]?.same).toBe(true);
      expect(rows.rows[0]?.similar).toBeGreaterThan(0.5);
      await expect(db.tx((q) => q.exec("create extension no_such_extension"))).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});
