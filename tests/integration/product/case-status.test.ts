import { describe, expect, it } from "vitest";
import type { TablesUpdate } from "../../../app/lib/database.ts";
import type { CaseStatus } from "../../../app/lib/database-values.ts";
import { caseFields, createCase, insertCase, propose, service, storedCase } from "../helpers.ts";
import { CASE_STATUSES, caseWorld, expectError, LEGAL_CASE_MOVES } from "./cases-world.ts";

/**
 * The status rules of a case: the legal moves, who may make each, and the columns the database sets.
 * Through supabase-js against supabase/local; the people and cases are a world of this file's
 * own (./cases-world.ts).
 */

const world = caseWorld();
const { people, fixtures } = world;

describe("case status transitions", () => {
  const needsLead = (status: CaseStatus) => ["engaged", "on_hold", "closed"].includes(status);
  const caseIn = (status: CaseStatus) =>
    insertCase(people.client.id, {
      status,
      lead_lawyer_id: needsLead(status) ? people.lawyer.id : null,
    });
  const illegal = CASE_STATUSES.flatMap((from) =>
    CASE_STATUSES.filter((to) => to !== from && !LEGAL_CASE_MOVES.includes(`${from}>${to}`)).map((to) => [
      from,
      to,
    ]),
  );

  it("lists 22 illegal moves", () => {
    expect(illegal).toHaveLength(22);
  });

  it.each(illegal)("refuses %s → %s, to admins and to the service role alike", async (from, to) => {
    const matter = await caseIn(from);
    for (const db of [people.admin.client, service()]) {
      const result = await db.from("cases").update({ status: to }).eq("id", matter.id);
      expectError(result, "23514", new RegExp(`cannot go from ${from} to ${to}`));
      expect(result.status).toBe(400);
    }
    expect((await storedCase(matter.id))?.status).toBe(from);
  });

  it("allows each legal move but open → engaged, which only accept_proposal makes", async () => {
    for (const move of LEGAL_CASE_MOVES) {
      const [from, to] = move.split(">") as [CaseStatus, CaseStatus];
      const matter = await caseIn(from);
      const result = await people.admin.client
        .from("cases")
        .update({ status: to })
        .eq("id", matter.id)
        .select("status");
      if (move === "open>engaged") {
        expectError(result, "42501", /engaged only when its client accepts a proposal/);
        const bySystem = await service()
          .from("cases")
          .update({ status: to, lead_lawyer_id: people.lawyer.id })
          .eq("id", matter.id);
        expectError(bySystem, "42501", /accepts a proposal/);
        expect((await storedCase(matter.id))?.status).toBe("open");
      } else {
        expect(result.error, move).toBeNull();
        expect(result.data).toEqual([{ status: to }]);
      }
    }
  });

  it("lets the client publish and cancel, but not engage, hold or close", async () => {
    const db = people.client.client;
    const draft = await createCase(db, { status: "draft" });
    const published = await db
      .from("cases")
      .update({ status: "open" })
      .eq("id", draft.id)
      .select("status,opened_at");
    expect(published.data?.[0]?.status).toBe("open");
    expect(published.data?.[0]?.opened_at).not.toBeNull();
    expectError(
      await db.from("cases").update({ status: "engaged" }).eq("id", draft.id),
      "42501",
      /accepts a proposal/,
    );
    expectError(
      await db.from("cases").update({ status: "on_hold" }).eq("id", draft.id),
      "23514",
      /open to on_hold/,
    );
    expectError(
      await db.from("cases").update({ status: "draft" }).eq("id", draft.id),
      "23514",
      /open to draft/,
    );
    const cancelled = await db
      .from("cases")
      .update({ status: "cancelled" })
      .eq("id", draft.id)
      .select("closed_at");
    expect(cancelled.data?.[0]?.closed_at).not.toBeNull();
    // Cancelled is final, and no longer the client's to edit.
    expect((await db.from("cases").update({ status: "open" }).eq("id", draft.id).select("id")).data).toEqual(
      [],
    );
  });

  it("lets the lawyers running a case hold, resume and close it, but not cancel it or rewrite the client's words", async () => {
    const matter = await createCase(people.client.client, { title: "Case to run" });
    const proposal = await propose(people.lawyer.client, matter.id);
    expect(
      (await people.client.client.rpc("accept_proposal", { p_proposal_id: proposal.id })).error,
    ).toBeNull();
    const lead = people.lawyer.client;

    expectError(
      await lead.from("cases").update({ status: "cancelled" }).eq("id", matter.id),
      "23514",
      /engaged to cancelled/,
    );
    expectError(
      await lead.from("cases").update({ title: "Rewritten" }).eq("id", matter.id),
      "42501",
      /Only the client edits/,
    );
    for (const status of ["on_hold", "engaged", "on_hold"] as const) {
      const step = await lead.from("cases").update({ status }).eq("id", matter.id).select("status");
      expect(step.data).toEqual([{ status }]);
    }
    const closed = await people.firmAdmin.client
      .from("cases")
      .update({ status: "closed" })
      .eq("id", matter.id)
      .select("status,closed_at");
    expect(closed.data?.[0]?.status).toBe("closed");
    expect(closed.data?.[0]?.closed_at).not.toBeNull();
    expect(
      (await lead.from("cases").update({ status: "engaged" }).eq("id", matter.id).select("id")).data,
    ).toEqual([]);
    expect((await storedCase(matter.id))?.status).toBe("closed");
  });

  it("never lets the API write the columns the database sets", async () => {
    const insert = await people.client.client
      .from("cases")
      .insert(caseFields({ reference: "CASE-2026-9999", lead_lawyer_id: people.lawyer.id }));
    expectError(insert, "42501");
    expect(insert.status).toBe(403);
    for (const change of [
      { lead_lawyer_id: people.lawyer.id },
      { client_id: people.stranger.id },
      { reference: "X" },
    ]) {
      const update = await people.client.client.from("cases").update(change).eq("id", fixtures.openCase.id);
      expect(update.status).toBe(403);
    }
    const firm = await people.lawyer.client
      .from("proposals")
      .update({ law_firm_id: world.firmB })
      .eq("id", fixtures.lawyerOnOpen.id);
    expect(firm.status).toBe(403);
  });

  it("assigns references and checks the form's rules", async () => {
    const db = people.client.client;
    const matter = await createCase(db, { status: "draft" });
    expect(matter.reference).toMatch(/^CASE-\d{4}-\d{4,}$/);
    expect(Number(matter.reference.split("-")[2])).toBeGreaterThan(24);
    expect(matter.client_id).toBe(people.client.id);

    const valid = await db
      .from("cases")
      .update({ needed_by: "2099-12-31" })
      .eq("id", matter.id)
      .select("needed_by");
    expect(valid.data).toEqual([{ needed_by: "2099-12-31" }]);
    const refused: TablesUpdate<"cases">[] = [
      { needed_by: "2100-01-01" },
      { needed_by: "1899-12-31" },
      { budget_min: 900, budget_max: 100 },
      { budget_min: -1 },
      { currency: "usd" },
      // @ts-expect-error: not a priority, which the database refuses too
      { priority: "whenever" },
      // @ts-expect-error: not a practice area, which the database refuses too
      { practice_area: "astrology" },
      { title: " " },
    ];
    for (const change of refused) {
      expectError(await db.from("cases").update(change).eq("id", matter.id), "23514");
    }
    const unpublishable = await db.from("cases").insert(caseFields({ status: "open", description: "" }));
    expectError(unpublishable, "23514");
    expect(unpublishable.error?.details).toBe("case:description_required");
  });
});
