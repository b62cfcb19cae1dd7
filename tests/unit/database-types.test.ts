import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_LEVELS } from "../../app/lib/access.ts";
import {
  CASE_PRIORITIES,
  CASE_STATUSES,
  FEE_TYPES,
  JURISDICTIONS,
  MEMBER_ROLES,
  PRACTICE_AREAS,
  PREFERRED_CONTACTS,
  PROPOSAL_STATUSES,
  SPOKEN_LANGUAGES,
  WORKFLOW_ROLES,
} from "../../app/lib/database-values.ts";
import { generateDatabaseTypes } from "../../scripts/db-types.ts";
import { type Database, openPglite } from "../../supabase/local/db.ts";
import { migrate } from "../../supabase/local/migrate.ts";

const MIGRATIONS_DIR = fileURLToPath(new URL("../../supabase/migrations", import.meta.url));
/** Each builds a database from migrations in PGlite: seconds alone, more on a busy machine. */
const TIMEOUT = 120_000;

describe("npm run db:types", { timeout: TIMEOUT }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "db-types-"));
    writeFileSync(
      join(dir, "20260101000000_things.sql"),
      `create table public.owners (id uuid primary key default gen_random_uuid(), name text not null);
       create table public.things (
         id bigint generated always as identity primary key,
         owner_id uuid not null references public.owners (id),
         label text,
         made_at timestamptz not null default now()
       );
       create function public.thing_count(p_owner uuid) returns integer language sql stable
         as $$ select count(*)::integer from public.things where owner_id = p_owner $$;`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the public schema as supabase gen types typescript does, the same every time", async () => {
    const first = await generateDatabaseTypes(dir);
    expect(first).toContain("export type Database = {");
    // Row: every column; Insert: defaults and nullable columns optional, identity never; Update: all optional.
    expect(first).toMatch(
      /things: \{\s+Row: \{\s+id: number\s+label: string \| null\s+made_at: string\s+owner_id: string\s+\}\s+Insert: \{\s+id\?: never\s+label\?: string \| null\s+made_at\?: string\s+owner_id: string\s+\}\s+Update: \{\s+id\?: never\s+label\?: string \| null\s+made_at\?: string\s+owner_id\?: string\s+\}/,
    );
    expect(first).toMatch(
      /foreignKeyName: "things_owner_id_fkey"\s+columns: \["owner_id"\]\s+isOneToOne: false\s+referencedRelation: "owners"\s+referencedColumns: \["id"\]/,
    );
    expect(first).toMatch(/thing_count: \{ Args: \{ p_owner: string \}; Returns: number \}/);
    // The CLI's helper types and the local REST's PostgREST version.
    expect(first).toContain("export type TablesInsert<");
    expect(first).toContain('PostgrestVersion: "14"');
    expect(await generateDatabaseTypes(dir)).toBe(first);
  });
});

/**
 * The `Database` type narrows the text columns that a check constraint limits to a list
 * (app/lib/database.ts); those lists must be the constraints' own, or a value the database allows
 * would not type-check (or one it refuses would).
 */
describe("the narrowed columns' values", { timeout: TIMEOUT }, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite("memory://");
    await migrate(db, MIGRATIONS_DIR);
  }, TIMEOUT);
  afterAll(() => db.close());

  async function allowed(table: string, column: string): Promise<string[]> {
    const { rows } = await db.tx((q) =>
      q.query<{ definition: string }>(
        `select pg_get_constraintdef(c.oid) as definition
           from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.conrelid = $1::regclass and c.contype = 'c' and cardinality(c.conkey) = 1 and a.attname = $2`,
        [`public.${table}`, column],
      ),
    );
    const lists = rows.map((row) =>
      [...row.definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1] ?? ""),
    );
    expect(lists.length, `one check constraint lists ${table}.${column}`).toBe(1);
    return (lists[0] ?? []).toSorted();
  }

  it.each([
    ["cases", "status", CASE_STATUSES],
    ["cases", "practice_area", PRACTICE_AREAS],
    ["cases", "priority", CASE_PRIORITIES],
    ["case_members", "role", MEMBER_ROLES],
    ["case_contacts", "preferred_contact", PREFERRED_CONTACTS],
    ["proposals", "fee_type", FEE_TYPES],
    ["proposals", "status", PROPOSAL_STATUSES],
    ["users", "access_level", ACCESS_LEVELS],
    ["workflow_templates", "practice_area", PRACTICE_AREAS],
    ["workflow_template_steps", "role", WORKFLOW_ROLES],
    ["workflows", "practice_area", PRACTICE_AREAS],
    ["workflow_steps", "role", WORKFLOW_ROLES],
  ] as const)("%s.%s", async (table, column, values) => {
    expect(await allowed(table, column)).toEqual([...values].toSorted());
  });

  // The matching lists (item 7 of issue 21): profiles' arrays are checked against these functions.
  it.each([
    ["matching_practice_areas", PRACTICE_AREAS],
    ["matching_jurisdictions", JURISDICTIONS],
    ["matching_languages", SPOKEN_LANGUAGES],
  ] as const)("%s() is the app's list, in order", async (fn, values) => {
    const { rows } = await db.tx((q) => q.query<{ list: string[] }>(`select public.${fn}() as list`));
    expect(rows[0]?.list).toEqual([...values]);
  });
});
