import { describe, expect, it } from "vitest";
import type { Database } from "../../../app/lib/database.ts";
import {
  caseFields,
  client,
  createCase,
  createUser,
  proposalFields,
  propose,
  service,
  storedCase,
  storedProposal,
} from "../helpers.ts";
import {
  ACTORS,
  type Actor,
  addAssociate,
  caseWorld,
  members,
  type Person,
  reachedOneRow,
  removeMember,
} from "./cases-world.ts";

/**
 * The row level security of cases, their members, proposals and activity, actor by actor, and
 * the client's contact details, which only the lawyers running the case see.
 * Through supabase-js against supabase/local; the people and cases are a world of this file's
 * own (./cases-world.ts).
 */

const world = caseWorld();
const { people, fixtures } = world;

describe("cases rls: anon", () => {
  it("is refused everything", async () => {
    const anon = client();
    for (const table of ["cases", "case_members", "proposals", "case_contacts", "case_activity"] as const) {
      const read = await anon.from(table).select("*");
      expect(read.status, table).toBe(401);
    }
    expect((await anon.from("cases").insert(caseFields())).status).toBe(401);
    expect(
      (await anon.from("proposals").insert({ case_id: fixtures.openCase.id, ...proposalFields() })).status,
    ).toBe(401);
    const accept = await anon.rpc("accept_proposal", { p_proposal_id: fixtures.lawyerOnOpen.id });
    expect(accept.status).toBe(401);
  });
});

describe("cases rls: functions", () => {
  it("keeps the triggers' helpers out of the API", async () => {
    const lawyer = people.lawyer.client;
    const calls: [keyof Database["public"]["Functions"], Record<string, unknown>][] = [
      ["check_proposal_intake", { p_case_id: fixtures.draftCase.id, p_lawyer_id: people.lawyer.id }],
      [
        "check_case_member",
        { p_case_id: fixtures.engagedCase.id, p_user_id: people.rival.id, p_role: "associate" },
      ],
      [
        "notify_case_event",
        { p_user_id: people.client.id, p_case_id: fixtures.draftCase.id, p_event: "member_removed" },
      ],
      [
        "create_notification_event",
        { p_user_id: people.client.id, p_type: "account", p_event: "welcome_client" },
      ],
      ["notification_text", { p_key: "email.view", p_locale: "en" }],
      ["case_params", { p_case_id: fixtures.draftCase.id }],
      ["log_case_activity", { p_case_id: fixtures.engagedCase.id, p_action: "updated" }],
      ["case_label", { p_case_id: fixtures.draftCase.id }],
      ["person_name", { p_user_id: people.client.id }],
    ];
    for (const [name, args] of calls) {
      const result = await lawyer.rpc(name, args);
      expect(result.error?.code, name).toBe("42501");
    }
    const statuses = await lawyer.rpc("next_case_statuses", { p_status: "engaged" });
    expect(statuses.data).toEqual(["on_hold", "closed"]);
  });
});

describe("cases rls: select", () => {
  type Visible = { cases: string[]; members: string[]; proposals: string[] };
  const all: Visible = {
    cases: ["draftCase", "openCase", "engagedCase", "strangerCase"],
    members: ["client", "lawyer"],
    proposals: ["lawyerOnOpen", "rivalOnOpen", "draftOnOpen", "lawyerWon", "rivalLost"],
  };
  const visible: Record<Actor, Visible> = {
    client: {
      cases: ["draftCase", "openCase", "engagedCase"],
      members: ["client", "lawyer"],
      proposals: ["lawyerOnOpen", "rivalOnOpen", "lawyerWon", "rivalLost"],
    },
    stranger: { cases: ["strangerCase"], members: [], proposals: [] },
    lawyer: {
      cases: ["openCase", "engagedCase", "strangerCase"],
      members: ["client", "lawyer"],
      proposals: ["lawyerOnOpen", "lawyerWon"],
    },
    rival: {
      cases: ["openCase", "engagedCase", "strangerCase"],
      members: [],
      proposals: ["rivalOnOpen", "rivalLost"],
    },
    firmAdmin: {
      cases: ["openCase", "engagedCase", "strangerCase"],
      members: ["client", "lawyer"],
      proposals: ["lawyerOnOpen", "lawyerWon"],
    },
    admin: all,
    superUser: all,
  };

  it.each(ACTORS)("%s sees exactly its cases, members and proposals", async (actor) => {
    const db = people[actor].client;
    const expected = visible[actor];
    const byId = (names: string[], rows: Record<string, { id: string }>) =>
      names.map((name) => rows[name]?.id).sort();

    const cases = await db
      .from("cases")
      .select("id")
      .in(
        "id",
        all.cases.map((name) => fixtures[name as keyof typeof fixtures].id),
      );
    expect(cases.error).toBeNull();
    expect((cases.data ?? []).map((row) => row.id).sort()).toEqual(byId(expected.cases, fixtures));

    const memberRows = await db.from("case_members").select("user_id").eq("case_id", fixtures.engagedCase.id);
    expect(memberRows.error).toBeNull();
    expect((memberRows.data ?? []).map((row) => row.user_id).sort()).toEqual(
      expected.members.map((name) => people[name as Actor].id).sort(),
    );

    const proposals = await db
      .from("proposals")
      .select("id")
      .in(
        "id",
        all.proposals.map((name) => fixtures[name as keyof typeof fixtures].id),
      );
    expect(proposals.error).toBeNull();
    expect((proposals.data ?? []).map((row) => row.id).sort()).toEqual(byId(expected.proposals, fixtures));
  });
});

describe("cases rls: insert", () => {
  const allowed: Record<
    Actor,
    { ownCase: boolean; caseForAnother: boolean; member: boolean; proposal: boolean }
  > = {
    client: { ownCase: true, caseForAnother: false, member: false, proposal: false },
    stranger: { ownCase: true, caseForAnother: false, member: false, proposal: false },
    // Only clients (access level user) open cases: a lawyer would become the client of their own case.
    lawyer: { ownCase: false, caseForAnother: false, member: true, proposal: true },
    rival: { ownCase: false, caseForAnother: false, member: false, proposal: true },
    firmAdmin: { ownCase: false, caseForAnother: false, member: true, proposal: true },
    admin: { ownCase: true, caseForAnother: true, member: true, proposal: false },
    superUser: { ownCase: true, caseForAnother: true, member: true, proposal: false },
  };

  it.each(ACTORS)("%s inserts what it may and nothing else", async (actor) => {
    const me = people[actor];
    const expected = allowed[actor];

    const own = await me.client
      .from("cases")
      .insert(caseFields({ status: "draft" }))
      .select("id,client_id");
    expect(reachedOneRow(own), "own case").toBe(expected.ownCase);
    if (own.data?.[0]) expect(own.data[0].client_id).toBe(me.id);

    const forAnother = await me.client
      .from("cases")
      .insert(caseFields({ status: "draft", client_id: people.associate.id }))
      .select("id");
    expect(reachedOneRow(forAnother), "case for another person").toBe(expected.caseForAnother);

    await removeMember(fixtures.engagedCase.id, people.associate.id);
    const member = await me.client
      .from("case_members")
      .insert({ case_id: fixtures.engagedCase.id, user_id: people.associate.id, role: "associate" })
      .select("user_id");
    expect(reachedOneRow(member), "member").toBe(expected.member);
    expect((await members(fixtures.engagedCase.id)).some((m) => m.user_id === people.associate.id)).toBe(
      expected.member,
    );
    await removeMember(fixtures.engagedCase.id, people.associate.id);

    const proposal = await me.client
      .from("proposals")
      .insert({ case_id: fixtures.strangerCase.id, ...proposalFields() })
      .select("id");
    expect(reachedOneRow(proposal), "proposal").toBe(expected.proposal);

    const created = [...(own.data ?? []), ...(forAnother.data ?? [])].map((row) => row.id);
    if (created.length > 0) await service().from("cases").delete().in("id", created);
    if (proposal.data?.[0]) await service().from("proposals").delete().eq("id", proposal.data[0].id);
  });
});

describe("cases rls: update", () => {
  const allowed: Record<
    Actor,
    { openCase: boolean; engagedCase: boolean; member: boolean; proposal: boolean }
  > = {
    client: { openCase: true, engagedCase: false, member: false, proposal: false },
    stranger: { openCase: false, engagedCase: false, member: false, proposal: false },
    lawyer: { openCase: false, engagedCase: true, member: true, proposal: true },
    rival: { openCase: false, engagedCase: false, member: false, proposal: false },
    firmAdmin: { openCase: false, engagedCase: true, member: true, proposal: true },
    admin: { openCase: true, engagedCase: true, member: true, proposal: true },
    superUser: { openCase: true, engagedCase: true, member: true, proposal: true },
  };

  it.each(ACTORS)("%s updates what it may and nothing else", async (actor) => {
    const db = people[actor].client;
    const expected = allowed[actor];
    const budget = 2000 + ACTORS.indexOf(actor);

    const open = await db
      .from("cases")
      .update({ budget_max: budget })
      .eq("id", fixtures.openCase.id)
      .select("id");
    expect(reachedOneRow(open), "open case").toBe(expected.openCase);
    const openStored = await service()
      .from("cases")
      .select("budget_max")
      .eq("id", fixtures.openCase.id)
      .single();
    expect(Number(openStored.data?.budget_max) === budget).toBe(expected.openCase);

    const engaged = await db
      .from("cases")
      .update({ court_case_number: `CN-${actor}` })
      .eq("id", fixtures.engagedCase.id)
      .select("id");
    expect(reachedOneRow(engaged), "engaged case").toBe(expected.engagedCase);
    expect((await storedCase(fixtures.engagedCase.id))?.court_case_number === `CN-${actor}`).toBe(
      expected.engagedCase,
    );

    await addAssociate(fixtures.engagedCase.id, people.associate.id, "associate");
    const member = await db
      .from("case_members")
      .update({ role: "paralegal" })
      .eq("case_id", fixtures.engagedCase.id)
      .eq("user_id", people.associate.id)
      .select("role");
    expect(reachedOneRow(member), "member").toBe(expected.member);
    const role = (await members(fixtures.engagedCase.id)).find(
      (m) => m.user_id === people.associate.id,
    )?.role;
    expect(role).toBe(expected.member ? "paralegal" : "associate");
    await removeMember(fixtures.engagedCase.id, people.associate.id);

    const proposal = await db
      .from("proposals")
      .update({ scope: `Scope by ${actor}` })
      .eq("id", fixtures.lawyerOnOpen.id)
      .select("id");
    expect(reachedOneRow(proposal), "proposal").toBe(expected.proposal);
    expect((await storedProposal(fixtures.lawyerOnOpen.id))?.scope === `Scope by ${actor}`).toBe(
      expected.proposal,
    );
  });
});

describe("cases rls: delete", () => {
  const allowed: Record<Actor, { draftCase: boolean; member: boolean; draftProposal: boolean }> = {
    client: { draftCase: true, member: false, draftProposal: false },
    stranger: { draftCase: false, member: false, draftProposal: false },
    lawyer: { draftCase: false, member: true, draftProposal: true },
    rival: { draftCase: false, member: false, draftProposal: false },
    firmAdmin: { draftCase: false, member: true, draftProposal: false },
    admin: { draftCase: true, member: true, draftProposal: true },
    superUser: { draftCase: true, member: true, draftProposal: true },
  };

  it.each(ACTORS)("%s deletes what it may and nothing else", async (actor) => {
    const db = people[actor].client;
    const expected = allowed[actor];

    const draft = await createCase(people.client.client, { status: "draft" });
    const deletedCase = await db.from("cases").delete().eq("id", draft.id).select("id");
    expect(reachedOneRow(deletedCase), "draft case").toBe(expected.draftCase);
    expect((await storedCase(draft.id)) === null).toBe(expected.draftCase);
    await service().from("cases").delete().eq("id", draft.id);

    await addAssociate(fixtures.engagedCase.id, people.associate.id);
    const deletedMember = await db
      .from("case_members")
      .delete()
      .eq("case_id", fixtures.engagedCase.id)
      .eq("user_id", people.associate.id)
      .select("user_id");
    expect(reachedOneRow(deletedMember), "member").toBe(expected.member);
    expect((await members(fixtures.engagedCase.id)).some((m) => m.user_id === people.associate.id)).toBe(
      !expected.member,
    );
    await removeMember(fixtures.engagedCase.id, people.associate.id);

    const proposal = await propose(people.lawyer.client, fixtures.strangerCase.id, { status: "draft" });
    const deletedProposal = await db.from("proposals").delete().eq("id", proposal.id).select("id");
    expect(reachedOneRow(deletedProposal), "draft proposal").toBe(expected.draftProposal);
    expect((await storedProposal(proposal.id)) === null).toBe(expected.draftProposal);
    await service().from("proposals").delete().eq("id", proposal.id);
  });

  it("keeps what is no longer a draft: open cases and submitted proposals are cancelled or withdrawn instead", async () => {
    const open = await createCase(people.client.client);
    expect(await people.client.client.from("cases").delete().eq("id", open.id).select("id")).toMatchObject({
      data: [],
    });
    const submitted = await propose(people.lawyer.client, open.id);
    expect(
      await people.lawyer.client.from("proposals").delete().eq("id", submitted.id).select("id"),
    ).toMatchObject({
      data: [],
    });
    expect(await storedCase(open.id)).not.toBeNull();
    expect(await storedProposal(submitted.id)).not.toBeNull();
    const lead = await people.lawyer.client
      .from("case_members")
      .delete()
      .eq("case_id", fixtures.engagedCase.id)
      .eq("user_id", people.lawyer.id)
      .select("user_id");
    expect(lead.data).toEqual([]);
  });

  it("lets an admin delete an engaged case with everything attached", async () => {
    const matter = await createCase(people.client.client);
    const proposal = await propose(people.lawyer.client, matter.id);
    await people.client.client.rpc("accept_proposal", { p_proposal_id: proposal.id });
    await addAssociate(matter.id, people.associate.id);
    const deleted = await people.admin.client.from("cases").delete().eq("id", matter.id).select("id");
    expect(deleted.data).toEqual([{ id: matter.id }]);
    expect(await storedProposal(proposal.id)).toBeNull();
    expect(await members(matter.id)).toEqual([]);
  });

  it("follows the people: deleting a client or an associate takes their part, a lead lawyer must hand over first", async () => {
    const owner = await createUser("user");
    const lead = await createUser("lawyer", { law_firm: world.firmA });
    const associate = await createUser("lawyer", { law_firm: world.firmA });
    const matter = await createCase(owner.client);
    const proposal = await propose(lead.client, matter.id);
    await owner.client.rpc("accept_proposal", { p_proposal_id: proposal.id });
    await addAssociate(matter.id, associate.id);

    expect((await service().auth.admin.deleteUser(associate.id)).error).toBeNull();
    expect((await members(matter.id)).map((m) => m.role).sort()).toEqual(["client", "lead"]);
    expect((await service().auth.admin.deleteUser(lead.id)).error).not.toBeNull();
    expect((await storedCase(matter.id))?.lead_lawyer_id).toBe(lead.id);
    expect((await service().auth.admin.deleteUser(owner.id)).error).toBeNull();
    expect(await storedCase(matter.id)).toBeNull();
  });
});

describe("the client's contact details", () => {
  it("are hidden from lawyers who only proposed, and shown to the lawyer once engaged", async () => {
    const { client: clientDb, id: clientId, email } = people.client;
    const matter = await createCase(clientDb, { title: "Contact details case" });
    const mine = await propose(people.lawyer.client, matter.id);
    await propose(people.rival.client, matter.id);

    const contactsAs = async (person: Person) =>
      (
        await person.client
          .from("case_contacts")
          .select("case_id,email,contact_name")
          .eq("case_id", matter.id)
      ).data;
    for (const person of [people.lawyer, people.rival, people.firmAdmin, people.stranger]) {
      expect(await contactsAs(person)).toEqual([]);
    }
    const embedded = await people.lawyer.client
      .from("cases")
      .select("id,case_contacts(email)")
      .eq("id", matter.id);
    expect(embedded.data).toEqual([{ id: matter.id, case_contacts: null }]);
    expect(await contactsAs(people.client)).toEqual([
      { case_id: matter.id, email, contact_name: "Test user" },
    ]);

    const accepted = await clientDb.rpc("accept_proposal", { p_proposal_id: mine.id });
    expect(accepted.error).toBeNull();
    expect(await contactsAs(people.lawyer)).toEqual([
      { case_id: matter.id, email, contact_name: "Test user" },
    ]);
    expect(await contactsAs(people.firmAdmin)).toHaveLength(1);
    expect(await contactsAs(people.rival)).toEqual([]);
    expect(await contactsAs(people.stranger)).toEqual([]);

    // The profile stays private whatever happens to the case.
    const profile = await people.lawyer.client.from("users").select("uuid").eq("uuid", clientId);
    expect(profile.data).toEqual([]);
  });

  it("are kept out of the cases table and edited by the client only", async () => {
    const row = await people.lawyer.client.from("cases").select("*").eq("id", fixtures.openCase.id).single();
    expect(row.error).toBeNull();
    for (const key of Object.keys(row.data ?? {})) expect(key).not.toMatch(/email|phone|address|contact/);

    const byClient = await people.client.client
      .from("case_contacts")
      .update({ phone: "+1 617 555 0100", preferred_contact: "phone" })
      .eq("case_id", fixtures.engagedCase.id)
      .select("phone");
    expect(byClient.data).toEqual([{ phone: "+1 617 555 0100" }]);
    const byLawyer = await people.lawyer.client
      .from("case_contacts")
      .update({ phone: "+1 000" })
      .eq("case_id", fixtures.engagedCase.id)
      .select("phone");
    expect(byLawyer.data).toEqual([]);
    const stored = await service()
      .from("case_contacts")
      .select("phone")
      .eq("case_id", fixtures.engagedCase.id)
      .single();
    expect(stored.data?.phone).toBe("+1 617 555 0100");
  });
});
