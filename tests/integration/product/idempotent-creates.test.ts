import { describe, expect, it } from "vitest";
import { caseFields, createCase, proposalFields, service } from "../helpers.ts";
import { caseWorld, expectError, reachedOneRow } from "./cases-world.ts";

/**
 * A form posted twice creates one row (supabase/migrations/20261126040000_idempotent_creates.sql).
 * Through supabase-js against supabase/local; the people and cases are a world of this file's
 * own (./cases-world.ts).
 */

const { people } = caseWorld();

describe("idempotent creates (supabase/migrations/20261126040000_idempotent_creates.sql)", () => {
  it("creates one case per form key and person, whatever is posted the second time", async () => {
    const db = people.stranger.client;
    const key = crypto.randomUUID();
    const title = `Double click ${key}`;
    const first = await db
      .from("cases")
      .insert(caseFields({ title, idempotency_key: key }))
      .select("id")
      .single();
    expect(first.error).toBeNull();
    // The second click: same key, even as a draft this time.
    const second = await db
      .from("cases")
      .insert(caseFields({ title, status: "draft", idempotency_key: key }));
    expectError(second, "23505", /cases_idempotency_key_idx/);
    const stored = await service().from("cases").select("id").eq("title", title);
    expect(stored.data).toEqual([{ id: first.data?.id }]);

    // The key is the person's: another client's form with the same key is another case.
    const other = await people.client.client
      .from("cases")
      .insert(caseFields({ title, idempotency_key: key }))
      .select("id");
    expect(reachedOneRow(other)).toBe(true);
    // Without a key (the REST API) nothing is constrained, and the key cannot be changed later.
    expect(reachedOneRow(await db.from("cases").insert(caseFields({ title })).select("id"))).toBe(true);
    const moved = await db
      .from("cases")
      .update({ idempotency_key: crypto.randomUUID() })
      .eq("id", first.data?.id ?? "");
    expectError(moved, "42501");
  });

  it("creates one proposal per form key and lawyer", async () => {
    const target = await createCase(people.client.client, { title: "Idempotent proposal case" });
    const key = crypto.randomUUID();
    const first = await people.rival.client
      .from("proposals")
      .insert({ case_id: target.id, ...proposalFields("fixed", { status: "draft" }), idempotency_key: key })
      .select("id")
      .single();
    expect(first.error).toBeNull();
    const second = await people.rival.client
      .from("proposals")
      .insert({ case_id: target.id, ...proposalFields("fixed", { status: "draft" }), idempotency_key: key });
    expectError(second, "23505");
    const stored = await service().from("proposals").select("id").eq("case_id", target.id);
    expect(stored.data).toEqual([{ id: first.data?.id }]);
  });
});
