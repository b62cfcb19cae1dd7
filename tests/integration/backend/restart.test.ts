import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../app/lib/database.ts";
import { SECRET_KEY_DEFAULT } from "../../../supabase/local/config.ts";
import { listMigrations, migrate } from "../../../supabase/local/migrate.ts";
import { startLocalSupabase } from "../../../supabase/local/server.ts";
import { DEMO_ACCOUNTS } from "../../fixtures/accounts.ts";

describe("persistence", () => {
  it("keeps data across a restart and applies migrations and the seed only once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "supabase-local-restart-"));
    try {
      const first = await startLocalSupabase({ port: 0, dataDir });
      const admin = createClient<Database>(first.url, SECRET_KEY_DEFAULT, {
        auth: { persistSession: false },
      });
      const created = await admin.auth.admin.createUser({
        email: "persist@example.com",
        password: "Persist-123",
        email_confirm: true,
      });
      expect(created.error).toBeNull();
      const inserted = await admin.from("law_firms").insert({ name: "Kept LLP", slug: "kept-llp" });
      expect(inserted.error).toBeNull();
      const report = await migrate(first.db, first.config.migrationsDir, first.config.seedFile);
      expect(report).toEqual({ applied: [], seeded: false });
      await first.close();

      const second = await startLocalSupabase({ port: 0, dataDir });
      try {
        const again = createClient<Database>(second.url, SECRET_KEY_DEFAULT, {
          auth: { persistSession: false },
        });
        const firms = await again.from("law_firms").select("slug").order("slug");
        expect(firms.data?.map((f) => f.slug)).toEqual(["hartwell-okafor", "kept-llp", "nguyen-legal"]);
        const user = createClient<Database>(second.url, SECRET_KEY_DEFAULT, {
          auth: { persistSession: false },
        });
        const signIn = await user.auth.signInWithPassword({
          email: "persist@example.com",
          password: "Persist-123",
        });
        expect(signIn.error).toBeNull();
        const history = await second.db.tx((q) =>
          q.query<{ version: string }>(
            "select version from supabase_migrations.schema_migrations order by version",
          ),
        );
        expect(history.rows.map((r) => r.version)).toEqual(
          listMigrations(second.config.migrationsDir).map((m) => m.version),
        );
        const demoUsers = await again
          .from("users")
          .select("uuid", { count: "exact", head: true })
          .in(
            "email",
            Object.values(DEMO_ACCOUNTS).map((account) => account.email),
          );
        expect(demoUsers.count).toBe(Object.keys(DEMO_ACCOUNTS).length);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
