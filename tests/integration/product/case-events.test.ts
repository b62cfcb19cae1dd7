import { describe, expect, it } from "vitest";
import { caseUpdatesOf, createCase, createUser, mailbox, propose, storedProposal } from "../helpers.ts";
import { caseWorld, type Person } from "./cases-world.ts";

/**
 * What happens around a case: the notifications its events send and its activity log.
 * Through supabase-js against supabase/local; the people and cases are a world of this file's
 * own (./cases-world.ts).
 */

const world = caseWorld();
const { people } = world;

describe("case events: notifications", () => {
  it("tells the client of a new or withdrawn proposal, and each lawyer of the decision", async () => {
    const owner = await createUser("user");
    const winner = await createUser("lawyer", { law_firm: world.firmA });
    const loser = await createUser("lawyer", { law_firm: world.firmB });
    const matter = await createCase(owner.client, { title: "Lease <b>dispute</b>" });

    const draft = await propose(winner.client, matter.id, { status: "draft" });
    expect(await caseUpdatesOf(owner.id)).toEqual([]);
    await winner.client.from("proposals").update({ status: "submitted" }).eq("id", draft.id);
    const submittedNotes = await caseUpdatesOf(owner.id);
    expect(submittedNotes).toHaveLength(1);
    expect(submittedNotes[0]?.title).toContain("New proposal from <strong>Test lawyer</strong>");
    expect(submittedNotes[0]?.title).toContain(`<strong>${matter.reference}</strong>`);
    expect(submittedNotes[0]?.title).toContain("Lease &lt;b&gt;dispute&lt;/b&gt;");

    const losing = await propose(loser.client, matter.id);
    const withdrawing = await createUser("lawyer", { law_firm: world.firmB });
    const withdrawn = await propose(withdrawing.client, matter.id);
    await withdrawing.client.from("proposals").update({ status: "withdrawn" }).eq("id", withdrawn.id);
    const clientNotes = await caseUpdatesOf(owner.id);
    expect(clientNotes).toHaveLength(4);
    expect(clientNotes[0]?.title).toContain("withdrew their proposal");

    expect((await owner.client.rpc("accept_proposal", { p_proposal_id: draft.id })).error).toBeNull();
    const won = await caseUpdatesOf(winner.id);
    expect(won).toHaveLength(1);
    expect(won[0]?.title).toMatch(/Your proposal on .* was <strong>accepted<\/strong>/);
    const lost = await caseUpdatesOf(loser.id);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.title).toContain("was declined");
    expect((await storedProposal(losing.id))?.status).toBe("declined");
    // The client acted: nothing new for them, and a withdrawn proposal is not declined again.
    expect(await caseUpdatesOf(owner.id)).toHaveLength(4);
    expect(await caseUpdatesOf(withdrawing.id)).toEqual([]);
  });

  it("tells the members of a status change, but not the person who made it", async () => {
    const owner = await createUser("user");
    const lead = await createUser("lawyer", { law_firm: world.firmA });
    const associate = await createUser("lawyer", { law_firm: world.firmA });
    const matter = await createCase(owner.client);
    const proposal = await propose(lead.client, matter.id);
    await owner.client.rpc("accept_proposal", { p_proposal_id: proposal.id });
    const added = await lead.client
      .from("case_members")
      .insert({ case_id: matter.id, user_id: associate.id, role: "associate" })
      .select("role");
    expect(added.data).toEqual([{ role: "associate" }]);
    expect((await caseUpdatesOf(associate.id))[0]?.title).toContain("You were added to case");
    const before = {
      owner: (await caseUpdatesOf(owner.id)).length,
      lead: (await caseUpdatesOf(lead.id)).length,
      associate: (await caseUpdatesOf(associate.id)).length,
    };

    await lead.client.from("cases").update({ status: "on_hold" }).eq("id", matter.id);
    const ownerNotes = await caseUpdatesOf(owner.id);
    expect(ownerNotes).toHaveLength(before.owner + 1);
    expect(ownerNotes[0]?.title).toContain(`<strong>${matter.reference}</strong>`);
    expect(ownerNotes[0]?.title).toContain("moved to <em>on hold</em>");
    expect(await caseUpdatesOf(associate.id)).toHaveLength(before.associate + 1);
    expect(await caseUpdatesOf(lead.id)).toHaveLength(before.lead);

    await lead.client.from("case_members").delete().eq("case_id", matter.id).eq("user_id", associate.id);
    expect((await caseUpdatesOf(associate.id))[0]?.title).toContain("You were removed from case");
  });

  it("tells the lawyers when a client cancels a case with pending proposals", async () => {
    const owner = await createUser("user");
    const lawyer = await createUser("lawyer", { law_firm: world.firmA });
    const matter = await createCase(owner.client);
    const proposal = await propose(lawyer.client, matter.id);
    await owner.client.from("cases").update({ status: "cancelled" }).eq("id", matter.id);
    expect((await storedProposal(proposal.id))?.status).toBe("declined");
    expect((await caseUpdatesOf(lawyer.id))[0]?.title).toContain("was declined");
  });

  it("honours the person's preferences: in-app off, e-mail on", async () => {
    const owner = await createUser("user");
    const lawyer = await createUser("lawyer", { law_firm: world.firmA });
    const preferences = await owner.client.from("user_notification_preferences").insert([
      { user_id: owner.id, notification_type: "case_update", medium: "in_app", enabled: false },
      { user_id: owner.id, notification_type: "case_update", medium: "email", enabled: true },
    ]);
    expect(preferences.error).toBeNull();
    const matter = await createCase(owner.client, { title: "Preferences case" });
    await propose(lawyer.client, matter.id);
    expect(await caseUpdatesOf(owner.id)).toEqual([]);
    const mail = (await mailbox(owner.email)).find((message) => message.subject.includes(matter.reference));
    expect(mail?.subject).toBe(
      `MyLawyer: New proposal from Test lawyer on ${matter.reference} Preferences case`,
    );
  });
});

describe("case events: activity", () => {
  it("records who changed what and when, for those who follow the case only", async () => {
    const matter = await createCase(people.client.client, { title: "Timeline case" });
    await people.client.client
      .from("cases")
      .update({ title: "Timeline case (edited)", budget_max: 1800 })
      .eq("id", matter.id);
    const won = await propose(people.lawyer.client, matter.id);
    await propose(people.rival.client, matter.id);
    await people.client.client.rpc("accept_proposal", { p_proposal_id: won.id });
    await people.client.client
      .from("case_contacts")
      .update({ preferred_contact: "phone" })
      .eq("case_id", matter.id);

    const { data, error } = await people.client.client
      .from("case_activity")
      .select("actor_id,action,details")
      .eq("case_id", matter.id)
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { actor_id: people.client.id, action: "created", details: { status: "open" } },
      { actor_id: people.client.id, action: "updated", details: { fields: ["budget_max", "title"] } },
      {
        actor_id: people.lawyer.id,
        action: "proposal_submitted",
        details: { proposal_id: won.id, lawyer_id: people.lawyer.id },
      },
      { actor_id: people.rival.id, action: "proposal_submitted", details: expect.any(Object) },
      { actor_id: people.client.id, action: "proposal_accepted", details: expect.any(Object) },
      { actor_id: people.client.id, action: "proposal_declined", details: expect.any(Object) },
      { actor_id: people.client.id, action: "status_changed", details: { from: "open", to: "engaged" } },
      {
        actor_id: people.client.id,
        action: "member_added",
        details: { user_id: people.client.id, role: "client" },
      },
      {
        actor_id: people.client.id,
        action: "member_added",
        details: { user_id: people.lawyer.id, role: "lead" },
      },
      {
        actor_id: people.client.id,
        action: "contact_updated",
        details: { fields: ["preferred_contact"] },
      },
    ]);

    const count = async (person: Person) =>
      (await person.client.from("case_activity").select("id").eq("case_id", matter.id)).data?.length;
    expect(await count(people.lawyer)).toBe(10);
    expect(await count(people.firmAdmin)).toBe(10);
    expect(await count(people.rival)).toBe(0);
    expect(await count(people.stranger)).toBe(0);
    const forged = await people.client.client
      .from("case_activity")
      .insert({ case_id: matter.id, action: "created" });
    expect(forged.status).toBe(403);
  });
});
