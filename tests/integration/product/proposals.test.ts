import type { PostgrestError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import type { TablesInsert } from "../../../app/lib/database.ts";
import type { FeeType } from "../../../app/lib/database-values.ts";
import {
  createCase,
  insertCase,
  proposalFields,
  propose,
  service,
  storedCase,
  storedProposal,
} from "../helpers.ts";
import { caseWorld, expectError, LEGAL_PROPOSAL_MOVES, members, PROPOSAL_STATUSES } from "./cases-world.ts";

/**
 * Proposals: who may send, edit and decide them, their figures and status rules, and
 * accept_proposal, which engages a case atomically.
 * Through supabase-js against supabase/local; the people and cases are a world of this file's
 * own (./cases-world.ts).
 */

const world = caseWorld();
const { people, fixtures } = world;

describe("proposal rules", () => {
  it("refuses proposals on one's own case and on cases that are not open", async () => {
    // Written by the system: a lawyer cannot open a case through the API (see "cases rls: insert").
    const ownCase = await insertCase(people.lawyer.id, { title: "The lawyer's own problem" });
    const own = await people.lawyer.client
      .from("proposals")
      .insert({ case_id: ownCase.id, ...proposalFields() });
    expectError(own, "42501", /your own case/);

    const closed = await insertCase(people.client.id, { status: "closed", lead_lawyer_id: people.rival.id });
    const cancelled = await insertCase(people.client.id, { status: "cancelled" });
    for (const target of [fixtures.draftCase, fixtures.engagedCase, closed, cancelled]) {
      const result = await people.rival.client
        .from("proposals")
        .insert({ case_id: target.id, ...proposalFields("hourly"), status: "draft" });
      expectError(result, "23514", /not open for proposals/);
    }
    const unknown = await people.rival.client
      .from("proposals")
      .insert({ case_id: crypto.randomUUID(), ...proposalFields() });
    expect(unknown.error).not.toBeNull();
  });

  it("takes proposals from lawyers only, in their own name, as drafts or submitted", async () => {
    const target = await createCase(people.stranger.client);
    for (const person of [people.client, people.admin, people.superUser]) {
      const result = await person.client
        .from("proposals")
        .insert({ case_id: target.id, ...proposalFields() });
      expectError(result, "42501", /Only lawyers/);
    }
    const forSomeoneElse = await people.lawyer.client
      .from("proposals")
      .insert({ case_id: target.id, lawyer_id: people.rival.id, ...proposalFields() });
    expectError(forSomeoneElse, "42501");
    const accepted = await people.lawyer.client
      .from("proposals")
      .insert({ case_id: target.id, ...proposalFields("fixed", { status: "accepted" }) });
    expectError(accepted, "42501");
    const { count } = await service()
      .from("proposals")
      .select("id", { count: "exact", head: true })
      .eq("case_id", target.id);
    expect(count).toBe(0);
  });

  it("keeps one live proposal per lawyer per case", async () => {
    const target = await createCase(people.stranger.client);
    const draft = await propose(people.lawyer.client, target.id, { status: "draft" });
    expect(draft.law_firm_id).toBe(world.firmA);
    const second = await people.lawyer.client
      .from("proposals")
      .insert({ case_id: target.id, ...proposalFields() });
    expectError(second, "23505", /already have a proposal/);
    expect(second.status).toBe(409);

    const submitted = await people.lawyer.client
      .from("proposals")
      .update({ status: "submitted" })
      .eq("id", draft.id)
      .select("status,submitted_at");
    expect(submitted.data?.[0]?.status).toBe("submitted");
    expect(submitted.data?.[0]?.submitted_at).not.toBeNull();
    const withdrawn = await people.lawyer.client
      .from("proposals")
      .update({ status: "withdrawn" })
      .eq("id", draft.id)
      .select("status,decided_at");
    expect(withdrawn.data?.[0]?.status).toBe("withdrawn");
    expect(withdrawn.data?.[0]?.decided_at).not.toBeNull();
    const again = await propose(people.lawyer.client, target.id, proposalFields("retainer"));
    expect(again.status).toBe("submitted");
  });

  it("requires the figures of each fee type and only those", async () => {
    const target = await createCase(people.stranger.client);
    for (const feeType of ["fixed", "hourly", "contingency", "retainer"] as const) {
      const made = await propose(
        people.rival.client,
        target.id,
        proposalFields(feeType, { status: "draft" }),
      );
      await people.rival.client.from("proposals").delete().eq("id", made.id);
    }
    const invalid: (Partial<TablesInsert<"proposals">> & { fee_type: FeeType })[] = [
      { fee_type: "fixed", amount: null },
      { fee_type: "fixed", amount: 0 },
      { fee_type: "fixed", amount: 500, hourly_rate: 100 },
      { fee_type: "hourly", hourly_rate: 200, estimated_hours: null },
      { fee_type: "hourly", hourly_rate: 200, estimated_hours: 10, amount: 2000 },
      { fee_type: "contingency", contingency_percent: 0 },
      { fee_type: "contingency", contingency_percent: 100.5 },
      { fee_type: "contingency", contingency_percent: 30, amount: 100 },
      { fee_type: "retainer", amount: null },
      { fee_type: "retainer", amount: 1000, contingency_percent: 10 },
      // @ts-expect-error: not a fee type, which the database refuses too
      { fee_type: "barter", amount: 1 },
      { fee_type: "fixed", amount: 100, currency: "dollars" },
      { fee_type: "fixed", amount: 100, scope: "" },
    ];
    for (const fields of invalid) {
      const result = await people.rival.client.from("proposals").insert({
        case_id: target.id,
        currency: "USD",
        scope: "Scope",
        status: "submitted",
        ...fields,
      });
      expectError(result, "23514");
    }
  });

  it("lets the client mark viewed and decline, never rewrite, submit or withdraw", async () => {
    const target = await createCase(people.client.client);
    const proposal = await propose(people.lawyer.client, target.id);
    const db = people.client.client;
    expectError(
      await db.from("proposals").update({ scope: "Cheaper please" }).eq("id", proposal.id),
      "42501",
      /Only the lawyer who wrote/,
    );
    expectError(
      await db.from("proposals").update({ status: "withdrawn" }).eq("id", proposal.id),
      "42501",
      /submit or withdraw/,
    );
    const viewed = await db
      .from("proposals")
      .update({ status: "viewed" })
      .eq("id", proposal.id)
      .select("status,viewed_at");
    expect(viewed.data?.[0]?.status).toBe("viewed");
    expect(viewed.data?.[0]?.viewed_at).not.toBeNull();
    expectError(
      await db.from("proposals").update({ status: "accepted" }).eq("id", proposal.id),
      "42501",
      /accept_proposal/,
    );
    const declined = await db
      .from("proposals")
      .update({ status: "declined" })
      .eq("id", proposal.id)
      .select("status");
    expect(declined.data).toEqual([{ status: "declined" }]);
    // Decided: the lawyer can no longer touch it, and nobody edits its terms.
    expect(
      (
        await people.lawyer.client
          .from("proposals")
          .update({ scope: "Late" })
          .eq("id", proposal.id)
          .select("id")
      ).data,
    ).toEqual([]);
    expectError(
      await people.admin.client.from("proposals").update({ scope: "Late" }).eq("id", proposal.id),
      "23514",
      /can no longer be edited/,
    );
  });

  it("lets the lawyer and their firm's admin edit and withdraw, never view, decline or accept", async () => {
    const target = await createCase(people.client.client);
    const proposal = await propose(people.lawyer.client, target.id);
    for (const status of ["viewed", "declined"] as const) {
      expectError(
        await people.lawyer.client.from("proposals").update({ status }).eq("id", proposal.id),
        "42501",
        /Only the case's client/,
      );
    }
    expectError(
      await people.lawyer.client.from("proposals").update({ status: "accepted" }).eq("id", proposal.id),
      "42501",
      /accept_proposal/,
    );
    const edited = await people.firmAdmin.client
      .from("proposals")
      .update({ fee_type: "hourly", amount: null, hourly_rate: 300, estimated_hours: 5 })
      .eq("id", proposal.id)
      .select("fee_type");
    expect(edited.data).toEqual([{ fee_type: "hourly" }]);
    const withdrawn = await people.firmAdmin.client
      .from("proposals")
      .update({ status: "withdrawn" })
      .eq("id", proposal.id)
      .select("status");
    expect(withdrawn.data).toEqual([{ status: "withdrawn" }]);
  });

  it("cannot submit a draft once the case has left open", async () => {
    const target = await createCase(people.client.client);
    const draft = await propose(people.lawyer.client, target.id, { status: "draft" });
    await people.client.client.from("cases").update({ status: "cancelled" }).eq("id", target.id);
    expectError(
      await people.lawyer.client.from("proposals").update({ status: "submitted" }).eq("id", draft.id),
      "23514",
      /not open for proposals/,
    );
    expect((await storedProposal(draft.id))?.status).toBe("draft");
  });

  const illegalProposalMoves = PROPOSAL_STATUSES.flatMap((from) =>
    PROPOSAL_STATUSES.filter((to) => to !== from && !LEGAL_PROPOSAL_MOVES.includes(`${from}>${to}`)).map(
      (to) => [from, to],
    ),
  );

  it.each(illegalProposalMoves)("refuses the proposal move %s → %s", async (from, to) => {
    const target = await insertCase(people.client.id);
    const { data, error } = await service()
      .from("proposals")
      .insert({
        case_id: target.id,
        lawyer_id: people.lawyer.id,
        ...proposalFields("fixed", { status: from }),
      })
      .select("id")
      .single();
    if (error) throw new Error(error.message);
    const result = await people.admin.client.from("proposals").update({ status: to }).eq("id", data.id);
    expectError(result, "23514", new RegExp(`cannot go from ${from} to ${to}`));
    expect((await storedProposal(data.id))?.status).toBe(from);
  });
});

describe("accept_proposal", () => {
  it("engages the case atomically: lead, firm, members, the other proposals declined", async () => {
    const matter = await createCase(people.client.client, { title: "Atomic acceptance" });
    const chosen = await propose(people.lawyer.client, matter.id);
    const other = await propose(people.rival.client, matter.id, proposalFields("hourly"));
    const drafted = await propose(people.drafter.client, matter.id, { status: "draft" });

    const result = await people.client.client.rpc("accept_proposal", { p_proposal_id: chosen.id });
    expect(result.error).toBeNull();
    expect(result.data).toMatchObject({
      id: matter.id,
      status: "engaged",
      lead_lawyer_id: people.lawyer.id,
      law_firm_id: world.firmA,
    });
    expect(await storedProposal(chosen.id)).toMatchObject({
      status: "accepted",
      decided_at: expect.any(String),
    });
    expect(await storedProposal(other.id)).toMatchObject({
      status: "declined",
      decided_at: expect.any(String),
    });
    // A draft was never offered to the client: it stays the lawyer's draft.
    expect((await storedProposal(drafted.id))?.status).toBe("draft");
    expect(await members(matter.id)).toEqual([
      { user_id: people.client.id, role: "client" },
      { user_id: people.lawyer.id, role: "lead" },
    ]);
  });

  it("lets exactly one of two concurrent accepts on one case win", async () => {
    for (let round = 0; round < 5; round += 1) {
      const matter = await createCase(people.client.client, { title: `Race ${round}` });
      const first = await propose(people.lawyer.client, matter.id);
      const second = await propose(people.rival.client, matter.id, proposalFields("retainer"));
      const results = await Promise.all([
        people.client.client.rpc("accept_proposal", { p_proposal_id: first.id }),
        people.client.client.rpc("accept_proposal", { p_proposal_id: second.id }),
      ]);
      const winners = results.filter((r) => r.error === null);
      const losers = results.filter((r) => r.error !== null);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      expectError(losers[0] as { error: PostgrestError }, "23514", /is engaged, not open/);

      const winner = winners[0] === results[0] ? first : second;
      const loser = winner === first ? second : first;
      const stored = await storedCase(matter.id);
      expect(stored).toMatchObject({
        status: "engaged",
        lead_lawyer_id: winner.lawyer_id,
        law_firm_id: winner.law_firm_id,
      });
      expect((await storedProposal(winner.id))?.status).toBe("accepted");
      expect((await storedProposal(loser.id))?.status).toBe("declined");
      expect((await members(matter.id)).map((m) => m.user_id).sort()).toEqual(
        [people.client.id, winner.lawyer_id].sort(),
      );
      const accepted = await service()
        .from("case_activity")
        .select("id")
        .eq("case_id", matter.id)
        .eq("action", "proposal_accepted");
      expect(accepted.data).toHaveLength(1);
    }
  });

  it("lets exactly one of two concurrent accepts of one proposal win", async () => {
    const matter = await createCase(people.client.client);
    const proposal = await propose(people.lawyer.client, matter.id);
    const results = await Promise.all([
      people.client.client.rpc("accept_proposal", { p_proposal_id: proposal.id }),
      people.client.client.rpc("accept_proposal", { p_proposal_id: proposal.id }),
    ]);
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(await members(matter.id)).toHaveLength(2);
  });

  it("is refused to anyone but the case's client, and for proposals that cannot be accepted", async () => {
    const matter = await createCase(people.client.client);
    const mine = await propose(people.lawyer.client, matter.id);
    for (const intruder of [people.lawyer, people.rival, people.stranger, people.firmAdmin]) {
      const result = await intruder.client.rpc("accept_proposal", { p_proposal_id: mine.id });
      expectError(result, "42501", /Only the case's client/);
      expect(result.status).toBe(403);
    }
    expect((await storedCase(matter.id))?.status).toBe("open");
    expect((await storedProposal(mine.id))?.status).toBe("submitted");

    const draft = await propose(people.rival.client, matter.id, { status: "draft" });
    expectError(
      await people.client.client.rpc("accept_proposal", { p_proposal_id: draft.id }),
      "23514",
      /draft proposal cannot be accepted/,
    );
    await people.lawyer.client.from("proposals").update({ status: "withdrawn" }).eq("id", mine.id);
    expectError(
      await people.client.client.rpc("accept_proposal", { p_proposal_id: mine.id }),
      "23514",
      /withdrawn proposal cannot be accepted/,
    );
    expectError(
      await people.client.client.rpc("accept_proposal", { p_proposal_id: crypto.randomUUID() }),
      "23503",
      /does not exist/,
    );
    expect((await storedCase(matter.id))?.status).toBe("open");

    const cancelled = await createCase(people.client.client);
    const late = await propose(people.lawyer.client, cancelled.id);
    await people.client.client.from("cases").update({ status: "cancelled" }).eq("id", cancelled.id);
    expectError(
      await people.client.client.rpc("accept_proposal", { p_proposal_id: late.id }),
      "23514",
      /is cancelled, not open/,
    );
  });

  it("can be used by an admin acting for the client", async () => {
    const matter = await createCase(people.client.client);
    const proposal = await propose(people.rival.client, matter.id);
    const result = await people.admin.client.rpc("accept_proposal", { p_proposal_id: proposal.id });
    expect(result.error).toBeNull();
    expect(result.data).toMatchObject({
      status: "engaged",
      lead_lawyer_id: people.rival.id,
      law_firm_id: world.firmB,
    });
  });
});
