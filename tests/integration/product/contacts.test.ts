import { beforeAll, describe, expect, it } from "vitest";
import type { Supabase } from "../../../app/lib/database.ts";
import { client, createUser, demo, FIRM_HARTWELL, signedIn } from "../helpers.ts";

/** public.list_contacts (supabase/migrations/20261123000200_contacts.sql) through supabase-js. */

const OTHER_CLIENT = "00000000-0000-4000-8000-000000000021";
const INDEPENDENT_LAWYER = "00000000-0000-4000-8000-000000000015";

async function contactsOf(supabase: Supabase, maxRows = 100) {
  const { data, error } = await supabase.rpc("list_contacts", { max_rows: maxRows });
  if (error) throw new Error(error.message);
  return data;
}

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

let clientUser: Supabase;
let lawyer: Supabase;
let admin: Supabase;
/** A lawyer of Hartwell & Okafor whose profile is not public: only colleagues and admins see them. */
let hiddenColleague: { id: string; client: Supabase };

beforeAll(async () => {
  hiddenColleague = await createUser("lawyer", { law_firm: FIRM_HARTWELL, is_public: false });
  clientUser = await signedIn(demo.client.email);
  lawyer = await signedIn(demo.lawyer.email);
  admin = await signedIn(demo.admin.email);
});

describe("list_contacts", () => {
  it("gives a client the public profiles only, never themselves", async () => {
    const ids = idsOf(await contactsOf(clientUser));
    expect(ids).toEqual(expect.arrayContaining([demo.lawyer.id, demo.firmadmin.id, INDEPENDENT_LAWYER]));
    expect(ids).not.toContain(demo.client.id);
    expect(ids).not.toContain(OTHER_CLIENT);
    expect(ids).not.toContain(demo.admin.id);
    expect(ids).not.toContain(hiddenColleague.id);
  });

  it("gives a lawyer their firm's colleagues too, public or not", async () => {
    const ids = idsOf(await contactsOf(lawyer));
    expect(ids).toContain(hiddenColleague.id);
    expect(ids).toContain(demo.firmadmin.id);
    expect(ids).not.toContain(demo.lawyer.id);
    expect(ids).not.toContain(OTHER_CLIENT);
  });

  it("shows no more than the caller reads from public.users and public_lawyer_profiles", async () => {
    for (const supabase of [clientUser, lawyer]) {
      const contacts = idsOf(await contactsOf(supabase));
      const rows = await supabase.from("users").select("uuid").in("uuid", contacts);
      const profiles = await supabase.from("public_lawyer_profiles").select("uuid").in("uuid", contacts);
      expect(rows.error).toBeNull();
      expect(profiles.error).toBeNull();
      const readable = new Set([...(rows.data ?? []), ...(profiles.data ?? [])].map((row) => row.uuid));
      expect([...readable].sort()).toEqual([...contacts].sort());
    }
  });

  it("gives an admin everyone else, clients included", async () => {
    const ids = idsOf(await contactsOf(admin));
    expect(ids).toContain(demo.client.id);
    expect(ids).toContain(hiddenColleague.id);
    expect(ids).not.toContain(demo.admin.id);
  });

  it("names each person and reports the last sign-in, most recent first", async () => {
    const contacts = await contactsOf(admin);
    const client = contacts.find((row) => row.id === demo.client.id);
    expect(client?.name).toBe("Clara Mendes");
    expect(client?.last_activity).not.toBeNull();
    expect(Date.now() - Date.parse(client?.last_activity ?? "")).toBeLessThan(10 * 60_000);
    const times = contacts.map((row) => (row.last_activity ? Date.parse(row.last_activity) : -Infinity));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("returns at most max_rows rows, 20 by default", async () => {
    expect(await contactsOf(admin, 2)).toHaveLength(2);
    const { data } = await admin.rpc("list_contacts");
    expect(data?.length).toBeLessThanOrEqual(20);
    expect(await contactsOf(admin, -5)).toEqual([]);
  });

  it("is not callable without a session", async () => {
    const { data, error } = await client().rpc("list_contacts");
    expect(data).toBeNull();
    expect(error?.code).toBe("42501");
  });
});
