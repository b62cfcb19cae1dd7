import { describe, expect, it } from "vitest";
import type { Supabase } from "../../../app/lib/database.ts";
import { demo, FIRM_HARTWELL, service, signedIn } from "../helpers.ts";
import { CASE_STATUSES, PROPOSAL_STATUSES } from "./cases-world.ts";

/** The seed's cases and proposals (supabase/seed.sql) as the demo accounts see them. */

describe("seeded cases and proposals", () => {
  it("has about two dozen cases in every status and proposals in every status", async () => {
    const admin = await signedIn(demo.admin.email);
    const cases = await admin
      .from("cases")
      .select("reference,status,client_id")
      .like("reference", "CASE-2026-00%");
    expect(cases.error).toBeNull();
    const seeded = (cases.data ?? []).filter((row) => Number(row.reference.slice(-4)) <= 24);
    expect(seeded).toHaveLength(24);
    const statuses = new Set(seeded.map((row) => row.status));
    expect([...statuses].sort()).toEqual([...CASE_STATUSES].sort());
    const demoClientStatuses = new Set(
      seeded.filter((row) => row.client_id === demo.client.id).map((row) => row.status),
    );
    expect([...demoClientStatuses].sort()).toEqual([...CASE_STATUSES].sort());

    const proposals = await admin
      .from("proposals")
      .select("status,lawyer_id,cases!inner(reference)")
      .like("cases.reference", "CASE-2026-00%");
    const proposalStatuses = new Set((proposals.data ?? []).map((row) => row.status));
    expect([...proposalStatuses].sort()).toEqual([...PROPOSAL_STATUSES].sort());
    const demoLawyerStatuses = new Set(
      (proposals.data ?? []).filter((row) => row.lawyer_id === demo.lawyer.id).map((row) => row.status),
    );
    expect([...demoLawyerStatuses].sort()).toEqual(["accepted", "declined", "draft", "submitted", "viewed"]);
  });

  it("shows each demo account its part of the story", async () => {
    const lawyer = await signedIn(demo.lawyer.email);
    const visible = await lawyer.from("cases").select("reference,status").like("reference", "CASE-2026-00%");
    const statuses = new Set((visible.data ?? []).map((row) => row.status));
    expect(statuses.has("draft")).toBe(false);
    expect(statuses.has("open")).toBe(true);
    expect(statuses.has("engaged")).toBe(true);

    const byReference = async (db: Supabase, reference: string) =>
      (await db.from("cases").select("id").eq("reference", reference).single()).data?.id as string;
    const led = await byReference(lawyer, "CASE-2026-0001");
    const proposedOnly = await byReference(lawyer, "CASE-2026-0002");
    expect((await lawyer.from("case_contacts").select("email").eq("case_id", led)).data).toEqual([
      { email: demo.client.email },
    ]);
    expect((await lawyer.from("case_contacts").select("email").eq("case_id", proposedOnly)).data).toEqual([]);

    const firmAdmin = await signedIn(demo.firmadmin.email);
    const firmCases = await firmAdmin.from("cases").select("reference").eq("law_firm_id", FIRM_HARTWELL);
    expect((firmCases.data ?? []).length).toBeGreaterThanOrEqual(6);

    const timeline = await firmAdmin
      .from("case_activity")
      .select("action,created_at")
      .eq("case_id", led)
      .order("created_at")
      .order("id");
    const actions = (timeline.data ?? []).map((row) => row.action);
    expect(actions[0]).toBe("created");
    expect(actions).toEqual(
      expect.arrayContaining(["proposal_submitted", "proposal_accepted", "member_added"]),
    );
  });

  it("was written without sending notifications: only the demo accounts have the case events it stores", async () => {
    // The history is written with the events off; the triggers would have notified everyone on it.
    const { data: seeded, error: peopleError } = await service()
      .from("users")
      .select("uuid")
      .or("email.like.*@clients.mylawyer.test,email.like.*@lawyers.mylawyer.test");
    expect(peopleError).toBeNull();
    expect(seeded?.length).toBeGreaterThan(5);
    const { data, error } = await service()
      .from("notifications")
      .select("user_id, event")
      .in(
        "user_id",
        (seeded ?? []).map((person) => person.uuid),
      )
      .not("event", "is", null)
      .not("event", "like", "welcome_%");
    expect(error).toBeNull();
    expect(data).toEqual([]);

    // The demo accounts' own: real events of their cases, each leading to its case.
    const stored = await service()
      .from("notifications")
      .select("event, link")
      .eq("user_id", demo.client.id)
      .not("event", "is", null)
      .not("event", "like", "welcome_%");
    expect(stored.data?.length).toBeGreaterThan(0);
    for (const row of stored.data ?? []) expect(row.link).toMatch(/^\/dashboard\/case\/[0-9a-f-]{36}$/);
  });
});
