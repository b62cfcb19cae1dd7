import { describe, expect, it } from "vitest";
import { readCaseForPage } from "../../../app/features/cases/queries.server.ts";
import { client } from "../helpers.ts";
import { ACTORS, type Actor, caseWorld, type Person } from "./cases-world.ts";

/**
 * Who is named on a case and whose cases a person lists: case_people, the computed fields
 * client_name and proposal_count (cases) and proposer_name (proposals),
 * my_cases and pipeline_cases.
 * Through supabase-js against supabase/local; the people and cases are a world of this file's
 * own (./cases-world.ts).
 */

const world = caseWorld();
const { people, fixtures } = world;

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

describe("client_name and proposal_count: the computed fields of the case table and list", () => {
  const actors: Actor[] = ["client", "stranger", "lawyer", "rival", "firmAdmin", "admin", "superUser"];
  const caseIds = () => [fixtures.openCase.id, fixtures.engagedCase.id, fixtures.strangerCase.id];

  /** What the table named before (case_people's 'client' rows) and the list counted (visible proposals). */
  async function oldReads(actor: Actor, ids: string[]) {
    const everyone = await people[actor].client.rpc("case_people", { p_case_ids: ids });
    const proposals = await people[actor].client.from("proposals").select("case_id").in("case_id", ids);
    expect(everyone.error).toBeNull();
    expect(proposals.error).toBeNull();
    const names = new Map<string, string>();
    for (const row of everyone.data ?? []) {
      if (row.relation === "client") names.set(row.case_id, `${row.first_name} ${row.last_name}`);
    }
    const counts = new Map<string, number>();
    for (const row of proposals.data ?? []) counts.set(row.case_id, (counts.get(row.case_id) ?? 0) + 1);
    return (id: string) => `${id}:${names.get(id) ?? null}:${counts.get(id) ?? 0}`;
  }

  it("give each reader, on the cases and on my_cases' rows, what case_people and the proposals read gave", async () => {
    let namedSomewhere = false;
    let hiddenSomewhere = false;
    for (const actor of actors) {
      const ids = caseIds();
      const expected = await oldReads(actor, ids);
      const cases = await people[actor].client
        .from("cases")
        .select("id, client_name, proposal_count")
        .in("id", ids);
      expect(cases.error).toBeNull();
      const seen = (cases.data ?? [])
        .map((row) => `${row.id}:${row.client_name}:${row.proposal_count}`)
        .sort();
      expect(seen, actor).toEqual((cases.data ?? []).map((row) => expected(row.id)).sort());
      namedSomewhere ||= (cases.data ?? []).some((row) => row.client_name !== null);
      hiddenSomewhere ||= (cases.data ?? []).some((row) => row.client_name === null);

      const mine = await people[actor].client
        .rpc("my_cases", {}, { get: true })
        .select("id, client_name, proposal_count")
        .in("id", ids);
      expect(mine.error, actor).toBeNull();
      const mineSeen = (mine.data ?? [])
        .map((row) => `${row.id}:${row.client_name}:${row.proposal_count}`)
        .sort();
      expect(mineSeen, actor).toEqual((mine.data ?? []).map((row) => expected(row.id)).sort());
    }
    // The comparison covers both outcomes: some readers see a client's name, some do not.
    expect(namedSomewhere).toBe(true);
    expect(hiddenSomewhere).toBe(true);
  });

  it("hide the client's name from a lawyer browsing the marketplace, and count only what they may see", async () => {
    const { data, error } = await people.lawyer.client
      .from("cases")
      .select("client_name, proposal_count")
      .eq("id", fixtures.openCase.id)
      .single();
    expect(error).toBeNull();
    expect(data?.client_name).toBeNull();
    // The client sees the submitted proposals; this lawyer only their own, never a rival's draft.
    const own = await people.lawyer.client.from("proposals").select("id").eq("case_id", fixtures.openCase.id);
    expect(data?.proposal_count).toBe(own.data?.length);
    const byClient = await people.client.client
      .from("cases")
      .select("client_name, proposal_count")
      .eq("id", fixtures.openCase.id)
      .single();
    expect(byClient.data?.client_name).not.toBeNull();
  });

  it("are read by nobody without a session", async () => {
    const { data } = await client().from("cases").select("id, client_name").eq("id", fixtures.openCase.id);
    expect(data ?? []).toEqual([]);
  });
});

describe("proposer_name: the computed field of the proposal lists and the proposal page", () => {
  const actors: Actor[] = ["client", "stranger", "lawyer", "rival", "firmAdmin", "admin", "superUser"];

  /** The name the pages gave before: case_people's 'proposer' or 'lead' row of that lawyer. */
  async function oldNames(actor: Actor, caseIds: string[]) {
    const { data, error } = await people[actor].client.rpc("case_people", { p_case_ids: caseIds });
    expect(error).toBeNull();
    const names = new Map<string, string>();
    for (const row of data ?? []) {
      if (row.relation === "proposer" || row.relation === "lead") {
        names.set(`${row.case_id}:${row.user_id}`, `${row.first_name} ${row.last_name}`);
      }
    }
    return names;
  }

  it("names, for every reader and every proposal they see, whom case_people named", async () => {
    let namedSomewhere = false;
    let hiddenSomewhere = false;
    for (const actor of actors) {
      const { data, error } = await people[actor].client
        .from("proposals")
        .select("id, case_id, lawyer_id, proposer_name")
        .in("case_id", [fixtures.openCase.id, fixtures.engagedCase.id, fixtures.strangerCase.id]);
      expect(error, actor).toBeNull();
      const rows = data ?? [];
      const names = await oldNames(actor, [...new Set(rows.map((row) => row.case_id))]);
      expect(rows.map((row) => `${row.id}:${row.proposer_name}`).sort(), actor).toEqual(
        rows.map((row) => `${row.id}:${names.get(`${row.case_id}:${row.lawyer_id}`) ?? null}`).sort(),
      );
      namedSomewhere ||= rows.some((row) => row.proposer_name !== null);
      hiddenSomewhere ||= rows.some((row) => row.proposer_name === null);
    }
    // Both outcomes are covered: some readers see a lawyer's name, some do not.
    expect(namedSomewhere).toBe(true);
    expect(hiddenSomewhere).toBe(true);
  });

  it("names the proposers to the case's client, never to a rival lawyer", async () => {
    const byClient = await people.client.client
      .from("proposals")
      .select("lawyer_id, proposer_name")
      .eq("case_id", fixtures.openCase.id)
      .eq("lawyer_id", people.lawyer.id);
    expect(byClient.error).toBeNull();
    expect(byClient.data?.length ?? 0).toBeGreaterThan(0);
    for (const row of byClient.data ?? []) expect(row.proposer_name).not.toBeNull();
    // The rival proposed on the same case; they read their own proposal only, so no other
    // lawyer's row (and name) reaches them, through the field or around it.
    const byRival = await people.rival.client
      .from("proposals")
      .select("lawyer_id, proposer_name")
      .eq("case_id", fixtures.openCase.id);
    expect(byRival.error).toBeNull();
    expect(byRival.data?.length ?? 0).toBeGreaterThan(0);
    for (const row of byRival.data ?? []) expect(row.lawyer_id).toBe(people.rival.id);
  });

  it("is read by nobody without a session", async () => {
    const { data } = await client().from("proposals").select("id, proposer_name");
    expect(data ?? []).toEqual([]);
  });
});

describe("the case page's read: the case with its contact, members and activity embedded", () => {
  const actors: Actor[] = ["client", "stranger", "lawyer", "rival", "firmAdmin", "admin", "superUser"];

  it("readCaseForPage gives every reader, on every case, what the four separate reads gave", async () => {
    let hiddenSomewhere = false;
    let contactSomewhere = false;
    for (const actor of actors) {
      const db = people[actor].client;
      for (const caseRow of [fixtures.openCase, fixtures.engagedCase, fixtures.strangerCase]) {
        const [stored, contact, members, activity] = await Promise.all([
          db.from("cases").select("*").eq("id", caseRow.id).maybeSingle(),
          db
            .from("case_contacts")
            .select("contact_name, email, phone, preferred_contact")
            .eq("case_id", caseRow.id)
            .maybeSingle(),
          db.from("case_members").select("user_id, role").eq("case_id", caseRow.id).order("created_at"),
          db
            .from("case_activity")
            .select("id, actor_id, action, details, created_at")
            .eq("case_id", caseRow.id)
            .order("created_at", { ascending: false })
            .order("id", { ascending: false })
            .limit(100),
        ]);
        const embedded = await readCaseForPage(db, caseRow.id);
        expect(embedded.error, actor).toBeNull();
        if (!stored.data) {
          expect(embedded.data, actor).toBeNull();
          hiddenSomewhere = true;
          continue;
        }
        const { case_contacts, case_members, case_activity, ...row } = embedded.data ?? ({} as never);
        expect(
          { row, contact: case_contacts, members: case_members, activity: case_activity },
          actor,
        ).toEqual({
          row: stored.data,
          contact: contact.data,
          members: members.data,
          activity: activity.data,
        });
        contactSomewhere ||= case_contacts !== null;
      }
    }
    // Both outcomes are covered: some readers do not see a case, some see its contact.
    expect(hiddenSomewhere).toBe(true);
    expect(contactSomewhere).toBe(true);
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

describe("pipeline_columns and proposal_status_counts: a page's summaries in one statement", () => {
  it("gives each status's newest cases of the caller's pipeline, the same rows as a read per status", async () => {
    const statuses = ["open", "engaged", "closed"] as const;
    const { data, error } = await people.lawyer.client
      .rpc("pipeline_columns", { p_source: "pipeline", p_statuses: [...statuses], p_limit: 5 })
      .select("id, status");
    expect(error).toBeNull();
    const ids = (data ?? []).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([fixtures.engagedCase.id, fixtures.openCase.id]));
    expect(ids).not.toContain(fixtures.strangerCase.id);
    for (const status of statuses) {
      const perStatus = await people.lawyer.client
        .rpc("pipeline_cases", {}, { get: true })
        .select("id")
        .eq("status", status)
        .order("updated_at", { ascending: false })
        .order("id")
        .limit(5);
      expect(
        (data ?? [])
          .filter((row) => row.status === status)
          .map((row) => row.id)
          .sort(),
      ).toEqual((perStatus.data ?? []).map((row) => row.id).sort());
    }
  });

  it("reads every case under row level security for 'all': a client sees only their own", async () => {
    const { data, error } = await people.client.client
      .rpc("pipeline_columns", { p_source: "all", p_statuses: ["draft", "open", "engaged"], p_limit: 50 })
      .select("id");
    expect(error).toBeNull();
    const ids = (data ?? []).map((row) => row.id);
    expect(ids).toEqual(
      expect.arrayContaining([fixtures.draftCase.id, fixtures.openCase.id, fixtures.engagedCase.id]),
    );
    expect(ids).not.toContain(fixtures.strangerCase.id);
  });

  it("keeps each column within 1–50 cases whatever limit is asked", async () => {
    const { data, error } = await people.admin.client
      .rpc("pipeline_columns", { p_source: "all", p_statuses: ["open"], p_limit: 0 })
      .select("id");
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it("counts the proposals each person may see by status, as their reads do", async () => {
    for (const actor of ["lawyer", "rival", "client", "firmAdmin", "admin"] as const) {
      const { data, error } = await people[actor].client.rpc("proposal_status_counts");
      expect(error).toBeNull();
      const visible = await people[actor].client.from("proposals").select("status");
      const expected = new Map<string, number>();
      for (const row of visible.data ?? []) expected.set(row.status, (expected.get(row.status) ?? 0) + 1);
      expect(new Map((data ?? []).map((row) => [row.status, Number(row.count)]))).toEqual(expected);
    }
  });

  it("counts each source's cases by status as the same person's reads of that source do", async () => {
    const statuses = ["draft", "open", "engaged", "on_hold", "closed", "cancelled"] as const;
    for (const actor of ACTORS) {
      const who = people[actor].client;
      for (const source of ["all", "mine", "pipeline"] as const) {
        const { data, error } = await who.rpc("case_status_counts", { p_source: source });
        expect(error, `${actor} ${source}`).toBeNull();
        const counts = new Map((data ?? []).map((row) => [row.status, Number(row.count)]));
        for (const status of statuses) {
          const read =
            source === "all"
              ? await who.from("cases").select("id", { count: "exact", head: true }).eq("status", status)
              : await who
                  .rpc(
                    source === "mine" ? "my_cases" : "pipeline_cases",
                    {},
                    { get: true, count: "exact", head: true },
                  )
                  .eq("status", status);
          expect(read.error, `${actor} ${source} ${status}`).toBeNull();
          expect(counts.get(status) ?? 0, `${actor} ${source} ${status}`).toBe(read.count ?? 0);
        }
      }
    }
  });

  it("is not callable without a session", async () => {
    expect((await client().rpc("proposal_status_counts")).error).not.toBeNull();
    expect((await client().rpc("case_status_counts", { p_source: "all" })).error).not.toBeNull();
    const anon = await client().rpc("pipeline_columns", {
      p_source: "all",
      p_statuses: ["open"],
      p_limit: 5,
    });
    expect(anon.error).not.toBeNull();
  });
});
