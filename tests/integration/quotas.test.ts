import type { PostgrestError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import type { Supabase, TablesInsert } from "../../app/lib/database.ts";
import { errorCodeOf } from "../../app/lib/errors.ts";
import { caseFields, proposalFields } from "./case-factories.ts";
import { createUser, service } from "./helpers.ts";

/** Per-person quotas (supabase/migrations/20261126020100_quotas.sql). */

function expectQuota(result: { status: number; error: PostgrestError | null }, quota: string) {
  expect(result.status, quota).toBe(400);
  expect(result.error?.code, quota).toBe("P0001");
  expect(result.error?.details, quota).toBe(`quota:${quota}`);
  expect(result.error?.hint, quota).toMatch(/^The limit is \d+\.$/);
  expect(errorCodeOf(result.error ?? {}), "the app reads the quota").toBe(`quota:${quota}`);
}

async function casesOf(clientId: string): Promise<number> {
  const { count, error } = await service()
    .from("cases")
    .select("id", { count: "exact", head: true })
    .eq("client_id", clientId);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

function manyCases(count: number, overrides: Partial<TablesInsert<"cases">> = {}) {
  return Array.from({ length: count }, (_, index) => caseFields({ title: `Bulk ${index}`, ...overrides }));
}

/** Open cases of a client written by the service role (exempt, and not counted as created today). */
async function openCasesFor(clientId: string, count: number): Promise<string[]> {
  const { data, error } = await service()
    .from("cases")
    .insert(manyCases(count, { client_id: clientId, status: "open" }))
    .select("id");
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => row.id);
}

describe("quotas: rows per insert", () => {
  it("refuses a client's 5,000 cases in one request and writes none", async () => {
    const person = await createUser("user");
    const smallest: TablesInsert<"cases"> = {
      title: "x",
      practice_area: "tax",
      jurisdiction: "NY",
      status: "draft",
    };
    const result = await person.client.from("cases").insert(Array.from({ length: 5000 }, () => smallest));
    expectQuota(result, "rows_per_insert");
    expect(result.error?.message).toBe("At most 10 cases can be created at once");
    expect(await casesOf(person.id)).toBe(0);
  });

  it("takes ten cases at once and refuses eleven", async () => {
    const person = await createUser("user");
    expectQuota(
      await person.client.from("cases").insert(manyCases(11, { status: "draft" })),
      "rows_per_insert",
    );
    expect(await casesOf(person.id)).toBe(0);
    const ten = await person.client.from("cases").insert(manyCases(10, { status: "draft" }));
    expect(ten.error).toBeNull();
    expect(await casesOf(person.id)).toBe(10);
  });

  it("refuses eleven proposals at once", async () => {
    const owner = await createUser("user");
    const lawyer = await createUser("lawyer");
    const caseIds = await openCasesFor(owner.id, 11);
    const result = await lawyer.client
      .from("proposals")
      .insert(caseIds.map((caseId) => ({ case_id: caseId, ...proposalFields() })));
    expectQuota(result, "rows_per_insert");
    const stored = await service().from("proposals").select("id").eq("lawyer_id", lawyer.id);
    expect(stored.data).toEqual([]);
  });
});

describe("quotas: a client's cases", () => {
  it("allows at most 20 draft or open cases at a time", async () => {
    const person = await createUser("user");
    await openCasesFor(person.id, 25);
    const mine: string[] = [];
    for (let start = 0; start < 20; start += 10) {
      const batch = await person.client
        .from("cases")
        .insert(manyCases(10, { status: "draft" }))
        .select("id");
      expect(batch.error).toBeNull();
      mine.push(...(batch.data ?? []).map((row) => row.id));
    }
    const more = await person.client.from("cases").insert(caseFields({ status: "open" }));
    expectQuota(more, "open_cases");
    expect(more.error?.message).toBe("At most 20 cases can be in draft or open at a time");
    expect(await casesOf(person.id)).toBe(45);
    const cancel = await person.client
      .from("cases")
      .update({ status: "cancelled" })
      .eq("id", mine[0] ?? "")
      .select("id");
    expect(cancel.data).toHaveLength(1);
    expect((await person.client.from("cases").insert(caseFields({ status: "open" }))).error).toBeNull();
  });

  it("counts a bulk insert whole toward the open cases", async () => {
    const person = await createUser("user");
    const first = await person.client.from("cases").insert(manyCases(10, { status: "draft" }));
    expect(first.error).toBeNull();
    const second = await person.client.from("cases").insert(manyCases(5, { status: "draft" }));
    expect(second.error).toBeNull();
    expectQuota(await person.client.from("cases").insert(manyCases(6, { status: "draft" })), "open_cases");
    expect(await casesOf(person.id)).toBe(15);
  });

  it("allows at most 50 new cases a day, even when they are deleted", async () => {
    const person = await createUser("user");
    for (let round = 0; round < 5; round += 1) {
      const batch = await person.client
        .from("cases")
        .insert(manyCases(10, { status: "draft" }))
        .select("id");
      expect(batch.error).toBeNull();
      const removed = await person.client
        .from("cases")
        .delete()
        .in(
          "id",
          (batch.data ?? []).map((row) => row.id),
        )
        .select("id");
      expect(removed.data).toHaveLength(10);
    }
    const next = await person.client.from("cases").insert(caseFields({ status: "draft" }));
    expectQuota(next, "cases_per_day");
    expect(await casesOf(person.id)).toBe(0);
  });
});

describe("quotas: a lawyer's proposals", () => {
  it("allows at most 50 proposals a day", async () => {
    const owner = await createUser("user");
    const lawyer = await createUser("lawyer");
    const caseIds = await openCasesFor(owner.id, 51);
    for (let start = 0; start < 50; start += 10) {
      const batch = await lawyer.client
        .from("proposals")
        .insert(caseIds.slice(start, start + 10).map((caseId) => ({ case_id: caseId, ...proposalFields() })));
      expect(batch.error).toBeNull();
    }
    const next = await lawyer.client
      .from("proposals")
      .insert({ case_id: caseIds[50] ?? "", ...proposalFields() });
    expectQuota(next, "proposals_per_day");
    expect(next.error?.message).toBe("At most 50 proposals can be sent per day");
    const stored = await service()
      .from("proposals")
      .select("id", { count: "exact", head: true })
      .eq("lawyer_id", lawyer.id);
    expect(stored.count).toBe(50);
  });
});

describe("quotas: who is exempt", () => {
  it("admins, super users and the service role", async () => {
    const person = await createUser("user");
    const admins: Supabase[] = [(await createUser("admin")).client, (await createUser("super_user")).client];
    for (const admin of admins) {
      const bulk = await admin.from("cases").insert(manyCases(15, { client_id: person.id, status: "open" }));
      expect(bulk.error).toBeNull();
    }
    expect(await openCasesFor(person.id, 30)).toHaveLength(30);
    expect(await casesOf(person.id)).toBe(60);
  });
});
