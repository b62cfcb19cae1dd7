import type { PostgrestError } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database, Supabase, TablesInsert, TablesUpdate } from "../../app/lib/database.ts";
import type { CaseStatus, FeeType, MemberRole } from "../../app/lib/database-values.ts";
import {
  type CaseRow,
  caseFields,
  caseUpdatesOf,
  createCase,
  createFirm,
  insertCase,
  type ProposalRow,
  proposalFields,
  propose,
  storedCase,
  storedProposal,
} from "./case-factories.ts";
import { client, createUser, demo, FIRM_HARTWELL, mailbox, service, signedIn } from "./helpers.ts";

/**
 * Cases and proposals (supabase/migrations/20261123000400_cases.sql) through supabase-js against
 * supabase/local: the row level security matrix, the client's contact details, the status rules,
 * accept_proposal, the events (notifications and the activity log) and the seed.
 */

type Person = { id: string; email: string; client: Supabase };
type Actor = "client" | "stranger" | "lawyer" | "rival" | "firmAdmin" | "admin" | "superUser";
const ACTORS: Actor[] = ["client", "stranger", "lawyer", "rival", "firmAdmin", "admin", "superUser"];

const CASE_STATUSES = ["draft", "open", "engaged", "on_hold", "closed", "cancelled"] as const;
const LEGAL_CASE_MOVES = [
  "draft>open",
  "draft>cancelled",
  "open>engaged",
  "open>cancelled",
  "engaged>on_hold",
  "on_hold>engaged",
  "engaged>closed",
  "on_hold>closed",
];
const PROPOSAL_STATUSES = ["draft", "submitted", "viewed", "accepted", "declined", "withdrawn"] as const;
const LEGAL_PROPOSAL_MOVES = [
  "draft>submitted",
  "submitted>viewed",
  "submitted>accepted",
  "submitted>declined",
  "submitted>withdrawn",
  "viewed>accepted",
  "viewed>declined",
  "viewed>withdrawn",
];

/**
 * The people of this file, on firms of their own:
 * client and stranger are clients (access level user); lawyer (firm A) leads the engaged case;
 * rival (firm B) lost it; firmAdmin is firm A's lawyer_admin; associate (firm A) is added to the
 * team; drafter (firm B) keeps a draft; admin and superUser are the platform's.
 */
const people = {} as Record<Actor | "associate" | "drafter", Person>;
let firmA: string;
let firmB: string;

/** Fixtures shared by the matrix: written through the API as the people themselves. */
const fixtures = {} as {
  draftCase: CaseRow;
  openCase: CaseRow;
  engagedCase: CaseRow;
  strangerCase: CaseRow;
  lawyerOnOpen: ProposalRow;
  rivalOnOpen: ProposalRow;
  draftOnOpen: ProposalRow;
  lawyerWon: ProposalRow;
  rivalLost: ProposalRow;
};

beforeAll(async () => {
  [firmA, firmB] = await Promise.all([createFirm("alpha"), createFirm("beta")]);
  const [clientPerson, stranger, lawyer, rival, firmAdmin, associate, drafter, admin, superUser] =
    await Promise.all([
      createUser("user"),
      createUser("user"),
      createUser("lawyer", { law_firm: firmA }),
      createUser("lawyer", { law_firm: firmB }),
      createUser("lawyer_admin", { law_firm: firmA }),
      createUser("lawyer", { law_firm: firmA }),
      createUser("lawyer", { law_firm: firmB }),
      createUser("admin"),
      createUser("super_user"),
    ]);
  Object.assign(people, {
    client: clientPerson,
    stranger,
    lawyer,
    rival,
    firmAdmin,
    associate,
    drafter,
    admin,
    superUser,
  });

  fixtures.draftCase = await createCase(clientPerson.client, { status: "draft", title: "Draft case" });
  fixtures.openCase = await createCase(clientPerson.client, { title: "Open case" });
  fixtures.strangerCase = await createCase(stranger.client, { title: "Stranger's case" });
  fixtures.lawyerOnOpen = await propose(lawyer.client, fixtures.openCase.id);
  fixtures.rivalOnOpen = await propose(rival.client, fixtures.openCase.id, proposalFields("hourly"));
  fixtures.draftOnOpen = await propose(drafter.client, fixtures.openCase.id, { status: "draft" });
  const toEngage = await createCase(clientPerson.client, { title: "Engaged case" });
  fixtures.lawyerWon = await propose(lawyer.client, toEngage.id);
  fixtures.rivalLost = await propose(rival.client, toEngage.id, proposalFields("contingency"));
  const accepted = await clientPerson.client.rpc("accept_proposal", { p_proposal_id: fixtures.lawyerWon.id });
  if (accepted.error) throw new Error(accepted.error.message);
  fixtures.engagedCase = accepted.data;
});

/** Whether a write reached exactly one row: refused writes either fail or touch nothing. */
function reachedOneRow(result: { error: PostgrestError | null; data: unknown }): boolean {
  return result.error === null && Array.isArray(result.data) && result.data.length === 1;
}

function expectError(result: { error: PostgrestError | null }, code: string, message?: RegExp) {
  expect(result.error, "expected an error").not.toBeNull();
  expect(result.error?.code).toBe(code);
  if (message) expect(result.error?.message).toMatch(message);
}

async function members(caseId: string) {
  const { data, error } = await service()
    .from("case_members")
    .select("user_id,role")
    .eq("case_id", caseId)
    .order("role");
  if (error) throw new Error(error.message);
  return data;
}

async function addAssociate(caseId: string, userId: string, role: MemberRole = "associate") {
  const { error } = await service().from("case_members").upsert({ case_id: caseId, user_id: userId, role });
  if (error) throw new Error(error.message);
}

async function removeMember(caseId: string, userId: string) {
  const { error } = await service().from("case_members").delete().eq("case_id", caseId).eq("user_id", userId);
  if (error) throw new Error(error.message);
}

// ---------------------------------------------------------------------------------------------

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
    const lead = await createUser("lawyer", { law_firm: firmA });
    const associate = await createUser("lawyer", { law_firm: firmA });
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

// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------

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
      .update({ law_firm_id: firmB })
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

// ---------------------------------------------------------------------------------------------

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
    expect(draft.law_firm_id).toBe(firmA);
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

// ---------------------------------------------------------------------------------------------

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
      law_firm_id: firmA,
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
      law_firm_id: firmB,
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe("case events: notifications", () => {
  it("tells the client of a new or withdrawn proposal, and each lawyer of the decision", async () => {
    const owner = await createUser("user");
    const winner = await createUser("lawyer", { law_firm: firmA });
    const loser = await createUser("lawyer", { law_firm: firmB });
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
    const withdrawing = await createUser("lawyer", { law_firm: firmB });
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
    const lead = await createUser("lawyer", { law_firm: firmA });
    const associate = await createUser("lawyer", { law_firm: firmA });
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
    const lawyer = await createUser("lawyer", { law_firm: firmA });
    const matter = await createCase(owner.client);
    const proposal = await propose(lawyer.client, matter.id);
    await owner.client.from("cases").update({ status: "cancelled" }).eq("id", matter.id);
    expect((await storedProposal(proposal.id))?.status).toBe("declined");
    expect((await caseUpdatesOf(lawyer.id))[0]?.title).toContain("was declined");
  });

  it("honours the person's preferences: in-app off, e-mail on", async () => {
    const owner = await createUser("user");
    const lawyer = await createUser("lawyer", { law_firm: firmA });
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

// ---------------------------------------------------------------------------------------------

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

describe("case_people: the names on a case", () => {
  async function namesSeenBy(actor: Actor, caseIds: string[]): Promise<string[]> {
    const { data, error } = await people[actor].client.rpc("case_people", { p_case_ids: caseIds });
    if (error) throw new Error(error.message);
    return data.map((row) => `${row.case_id}:${row.user_id}:${row.relation}`).sort();
  }

  const on = (caseRow: { id: string }, person: Person, relation: string) =>
    `${caseRow.id}:${person.id}:${relation}`;

  it("shows the client the lawyers who sent a proposal, never a lawyer's draft", async () => {
    const seen = await namesSeenBy("client", [fixtures.openCase.id]);
    expect(seen).toEqual(
      [
        on(fixtures.openCase, people.client, "client"),
        on(fixtures.openCase, people.lawyer, "proposer"),
        on(fixtures.openCase, people.rival, "proposer"),
      ].sort(),
    );
  });

  it("shows a lawyer browsing the marketplace nobody: the client stays anonymous until engaged", async () => {
    expect(await namesSeenBy("lawyer", [fixtures.openCase.id])).toEqual([]);
    expect(await namesSeenBy("stranger", [fixtures.openCase.id, fixtures.engagedCase.id])).toEqual([]);
  });

  it("shows the engaged lawyer the client and the team", async () => {
    const seen = await namesSeenBy("lawyer", [fixtures.engagedCase.id]);
    expect(seen).toContain(on(fixtures.engagedCase, people.client, "client"));
    expect(seen).toContain(on(fixtures.engagedCase, people.lawyer, "lead"));
    expect(seen.some((entry) => entry.includes(people.rival.id))).toBe(false);
  });

  it("shows the firm's admin its cases and its lawyers' proposals; admins everything", async () => {
    const firmSeen = await namesSeenBy("firmAdmin", [fixtures.engagedCase.id, fixtures.openCase.id]);
    expect(firmSeen).toContain(on(fixtures.engagedCase, people.client, "client"));
    expect(firmSeen).toContain(on(fixtures.openCase, people.lawyer, "proposer"));
    expect(firmSeen).not.toContain(on(fixtures.openCase, people.rival, "proposer"));
    expect(firmSeen).not.toContain(on(fixtures.openCase, people.client, "client"));
    const adminSeen = await namesSeenBy("admin", [fixtures.strangerCase.id]);
    expect(adminSeen).toEqual([on(fixtures.strangerCase, people.stranger, "client")]);
  });

  it("is not callable without a session", async () => {
    const { error } = await client().rpc("case_people", { p_case_ids: [fixtures.openCase.id] });
    expect(error).not.toBeNull();
  });
});

describe("case_client_names: the case table's client column", () => {
  it("names a case's client to exactly those case_people names the client to", async () => {
    const caseIds = [fixtures.openCase.id, fixtures.engagedCase.id, fixtures.strangerCase.id];
    for (const actor of [
      "client",
      "stranger",
      "lawyer",
      "rival",
      "firmAdmin",
      "admin",
      "superUser",
    ] as Actor[]) {
      const names = await people[actor].client.rpc("case_client_names", { p_case_ids: caseIds });
      const everyone = await people[actor].client.rpc("case_people", { p_case_ids: caseIds });
      expect(names.error).toBeNull();
      expect(everyone.error).toBeNull();
      const clientsOfPeople = (everyone.data ?? [])
        .filter((row) => row.relation === "client")
        .map((row) => `${row.case_id}:${row.first_name}`)
        .sort();
      const named = (names.data ?? []).map((row) => `${row.case_id}:${row.first_name}`).sort();
      expect(named, actor).toEqual(clientsOfPeople);
    }
  });

  it("names no client to a lawyer browsing the marketplace, and nothing without a session", async () => {
    const { data } = await people.lawyer.client.rpc("case_client_names", {
      p_case_ids: [fixtures.openCase.id],
    });
    expect(data).toEqual([]);
    const { error } = await client().rpc("case_client_names", { p_case_ids: [fixtures.openCase.id] });
    expect(error).not.toBeNull();
  });
});

describe("my_cases and pipeline_cases: a person's cases, filtered like a table", () => {
  async function idsOf(actor: Actor, fn: "my_cases" | "pipeline_cases"): Promise<string[]> {
    const { data, error } = await people[actor].client.rpc(fn, {}, { get: true }).select("id");
    if (error) throw new Error(error.message);
    return data.map((row) => row.id);
  }

  it("gives the client their own cases, and a lawyer those they work on, never the marketplace", async () => {
    const clientCases = await idsOf("client", "my_cases");
    expect(clientCases).toEqual(
      expect.arrayContaining([fixtures.draftCase.id, fixtures.openCase.id, fixtures.engagedCase.id]),
    );
    expect(clientCases).not.toContain(fixtures.strangerCase.id);
    const lawyerCases = await idsOf("lawyer", "my_cases");
    expect(lawyerCases).toContain(fixtures.engagedCase.id);
    expect(lawyerCases).not.toContain(fixtures.openCase.id);
    expect(lawyerCases).not.toContain(fixtures.strangerCase.id);
    expect(await idsOf("firmAdmin", "my_cases")).toContain(fixtures.engagedCase.id);
  });

  it("puts in a lawyer's pipeline the cases they run and the open ones they proposed on", async () => {
    const pipeline = await idsOf("lawyer", "pipeline_cases");
    expect(pipeline).toEqual(expect.arrayContaining([fixtures.engagedCase.id, fixtures.openCase.id]));
    expect(pipeline).not.toContain(fixtures.strangerCase.id);
    const rival = await idsOf("rival", "pipeline_cases");
    expect(rival).toContain(fixtures.openCase.id);
    // The rival lost the engaged case: it is not theirs to run.
    expect(rival).not.toContain(fixtures.engagedCase.id);
    const firm = await idsOf("firmAdmin", "pipeline_cases");
    expect(firm).toEqual(expect.arrayContaining([fixtures.engagedCase.id, fixtures.openCase.id]));
    expect(await idsOf("client", "pipeline_cases")).toEqual([]);
  });

  it("filters, sorts and counts like a table, and is not callable without a session", async () => {
    const { data, count, error } = await people.client.client
      .rpc("my_cases", {}, { get: true, count: "exact" })
      .select("id, status")
      .eq("status", "open")
      .order("created_at")
      .range(0, 0);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(count).toBeGreaterThanOrEqual(1);
    const anon = await client().rpc("my_cases", {}, { get: true });
    expect(anon.error).not.toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------

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
