import { beforeAll, describe, expect, it } from "vitest";
import type { SignedInUser } from "../../app/features/auth/user.ts";
import { type CaseQuery, DEFAULT_CASE_QUERY } from "../../app/features/cases/case-query.ts";
import { queryCases } from "../../app/features/cases/queries.server.ts";
import type { Supabase } from "../../app/lib/database.ts";
import { createCase } from "./case-factories.ts";
import { createUser, demo, service, signedIn } from "./helpers.ts";

/**
 * queryCases (the case table, the card list and GET /api/case_management) against supabase/local:
 * filters, scopes, search text that holds PostgREST's own punctuation, sorting with empty values
 * last, a page past the end; row level security still decides what is visible.
 */

type Person = { id: string; client: Supabase };

const asUser = (id: string, accessLevel: SignedInUser["accessLevel"], lawFirm: string | null = null) =>
  ({ id, accessLevel, lawFirm }) as SignedInUser;
const query = (changes: Partial<CaseQuery> = {}): CaseQuery => ({ ...DEFAULT_CASE_QUERY, ...changes });

let owner: Person;
let lawyer: Person;
const marker = `Q${Date.now()}`;

beforeAll(async () => {
  owner = await createUser("user");
  lawyer = await createUser("lawyer");
  await createCase(owner.client, { title: `${marker} Smith, J. (Jr) "quoted"`, needed_by: "2027-05-01" });
  await createCase(owner.client, { title: `${marker} second`, needed_by: null, priority: "urgent" });
  await createCase(owner.client, { title: `${marker} third`, needed_by: "2027-01-01", status: "draft" });
});

describe("queryCases", () => {
  it("gives a client their own cases, counted exactly", async () => {
    const { rows, total } = await queryCases(owner.client, asUser(owner.id, "user"), query());
    expect(total).toBe(3);
    expect(rows.every((row) => row.client_id === owner.id)).toBe(true);
  });

  it("finds text holding commas, dots, parentheses and quotes", async () => {
    const { rows } = await queryCases(
      owner.client,
      asUser(owner.id, "user"),
      query({ q: 'Smith, J. (Jr) "quoted"' }),
    );
    expect(rows.map((row) => row.title)).toEqual([`${marker} Smith, J. (Jr) "quoted"`]);
    const nothing = await queryCases(
      owner.client,
      asUser(owner.id, "user"),
      query({ q: "a),or(id.not.is.null" }),
    );
    expect(nothing.total).toBe(0);
  });

  it("finds the text in the title, reference or jurisdiction, in any case and any script", async () => {
    const searcher = await createUser("user");
    const user = asUser(searcher.id, "user");
    const matter = await createCase(searcher.client, {
      title: "Tranh chấp ĐẤT ĐAI",
      jurisdiction: "Hà Nội",
    });
    const found = async (q: string) =>
      (await queryCases(searcher.client, user, query({ q }))).rows.map((row) => row.id);
    expect(await found("đất đai")).toEqual([matter.id]);
    expect(await found("TRANH CHẤP")).toEqual([matter.id]);
    expect(await found("hà nội")).toEqual([matter.id]);
    expect(await found(matter.reference.toLowerCase())).toEqual([matter.id]);
    // The fields are kept apart: the end of the title and the start of the reference do not meet.
    expect(await found("đai case-")).toEqual([]);
    expect(await found("đai hà")).toEqual([]);
    // "Mine" reads public.my_cases(), which gives the same rows, search text included.
    const mine = await queryCases(searcher.client, user, query({ scope: "mine", q: "ĐẤT đai" }));
    expect(mine.rows.map((row) => row.id)).toEqual([matter.id]);

    // The timeline names the fields a person changed, never the search text that follows them.
    const { error } = await searcher.client.from("cases").update({ title: "Renamed" }).eq("id", matter.id);
    expect(error).toBeNull();
    expect(await found("renamed")).toEqual([matter.id]);
    const { data: activity } = await service()
      .from("case_activity")
      .select("details")
      .eq("case_id", matter.id)
      .eq("action", "updated");
    expect(activity).toEqual([{ details: { fields: ["title"] } }]);
  });

  it("filters by status, priority and jurisdiction", async () => {
    const user = asUser(owner.id, "user");
    expect((await queryCases(owner.client, user, query({ status: ["draft"] }))).total).toBe(1);
    expect((await queryCases(owner.client, user, query({ priority: ["urgent"] }))).total).toBe(1);
    expect((await queryCases(owner.client, user, query({ jurisdiction: "massachu" }))).total).toBe(3);
    expect((await queryCases(owner.client, user, query({ jurisdiction: "Texas" }))).total).toBe(0);
  });

  it("sorts with empty values last in both directions", async () => {
    const user = asUser(owner.id, "user");
    const asc = await queryCases(owner.client, user, query({ sort: "needed_by", dir: "asc" }));
    expect(asc.rows.map((row) => row.needed_by)).toEqual(["2027-01-01", "2027-05-01", null]);
    const desc = await queryCases(owner.client, user, query({ sort: "needed_by", dir: "desc" }));
    expect(desc.rows.map((row) => row.needed_by)).toEqual(["2027-05-01", "2027-01-01", null]);
  });

  it("pages, and a page past the end has no rows but the real total", async () => {
    const user = asUser(owner.id, "user");
    const second = await queryCases(owner.client, user, query({ size: 10, page: 2 }));
    expect(second).toEqual({ rows: [], total: 3 });
    const window = await queryCases(owner.client, user, query({ sort: "title", dir: "asc" }), {
      offset: 1,
      limit: 1,
    });
    expect(window.rows.map((row) => row.title)).toEqual([`${marker} second`]);
    expect(window.total).toBe(3);
  });

  it("shows a lawyer the open marketplace of other people's cases, never a draft", async () => {
    const { rows, total } = await queryCases(
      lawyer.client,
      asUser(lawyer.id, "lawyer"),
      query({ scope: "marketplace", q: marker, size: 100 }),
    );
    expect(total).toBe(2);
    expect(rows.every((row) => row.status === "open" && row.client_id === owner.id)).toBe(true);
  });

  it("limits 'mine' to the cases one is the client or a member of", async () => {
    const fresh = await queryCases(lawyer.client, asUser(lawyer.id, "lawyer"), query({ scope: "mine" }));
    expect(fresh.total).toBe(0);

    const seeded = await signedIn(demo.lawyer.email);
    const { data: memberships } = await service()
      .from("case_members")
      .select("case_id")
      .eq("user_id", demo.lawyer.id);
    const mine = await queryCases(
      seeded,
      asUser(demo.lawyer.id, "lawyer"),
      query({ scope: "mine", size: 100 }),
    );
    expect(memberships?.length).toBeGreaterThan(0);
    expect(mine.rows.map((row) => row.id).sort()).toEqual(
      (memberships ?? []).map((row) => row.case_id).sort(),
    );
  });

  it("never shows a client someone else's case, whatever the query", async () => {
    const stranger = await createUser("user");
    const { total } = await queryCases(
      stranger.client,
      asUser(stranger.id, "user"),
      query({ scope: "marketplace", q: marker }),
    );
    expect(total).toBe(0);
  });
});
