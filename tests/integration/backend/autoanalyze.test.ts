import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../app/lib/database.ts";
import { SECRET_KEY_DEFAULT } from "../../../supabase/local/config.ts";
import { type LocalSupabase, startLocalSupabase } from "../../../supabase/local/server.ts";

/** Rows Postgres believes a table has (pg_class.reltuples: -1 until it is first analyzed). */
async function estimatedRows(local: LocalSupabase, table: string): Promise<number> {
  return local.db.tx(async (q) => {
    const { rows } = await q.query<{ n: number }>(
      "select reltuples::float8 as n from pg_class where oid = $1::regclass",
      [table],
    );
    return Number(rows[0]?.n ?? -1);
  });
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("autoanalyze (the planner's statistics follow REST writes, as autovacuum does)", () => {
  let local: LocalSupabase;
  beforeAll(async () => {
    local = await startLocalSupabase({ port: 0, dataDir: "memory://", logRequests: false });
  });
  afterAll(async () => {
    await local?.close();
  });

  it("analyzes a table once more than 50 rows were written to it, and not before", async () => {
    const admin = createClient<Database>(local.url, SECRET_KEY_DEFAULT, { auth: { persistSession: false } });
    const { data: person } = await admin.from("users").select("uuid").limit(1).single();
    const userId = person?.uuid ?? "";
    const before = await estimatedRows(local, "public.notifications");
    const insert = (count: number) =>
      admin.from("notifications").insert(
        Array.from({ length: count }, (_, index) => ({
          user_id: userId,
          title: `Statistics ${index}`,
          type: "case_update",
        })),
      );

    expect((await insert(10)).error).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await estimatedRows(local, "public.notifications")).toBe(before);

    expect((await insert(300)).error).toBeNull();
    await eventually(async () => (await estimatedRows(local, "public.notifications")) >= 310);
  });
});
