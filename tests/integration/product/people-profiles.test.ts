import { beforeAll, describe, expect, it } from "vitest";
import type { AccessLevel } from "../../../app/lib/access.ts";
import type { Supabase } from "../../../app/lib/database.ts";
import { createFirm, createUser, demo, service, signedIn } from "../helpers.ts";

/**
 * Profiles, the directory and the avatars bucket (issue 21 items 1, 2;
 * supabase/migrations/20261129100000_people_profiles.sql, ADR 0026): who reads what of whom, who
 * updates whom, and who writes which folder of the photos — each level against themself, a
 * member of their firm and others.
 */

type Person = { id: string; email: string; client: Supabase };

/** The seed's client who shares a profile, and a public lawyer of Nguyen Legal Partners ($210 an hour). */
const AMINA = "00000000-0000-4000-8000-000000000021";
const GRACE = "00000000-0000-4000-8000-000000000012";

const people = {} as Record<
  | "client"
  | "sharingClient"
  | "lawyer"
  | "colleague"
  | "firmAdmin"
  | "otherLawyer"
  | "otherPublicLawyer"
  | "otherFirmAdmin"
  | "admin",
  Person
>;

beforeAll(async () => {
  const [firm, otherFirm] = await Promise.all([createFirm("profiles"), createFirm("profiles-other")]);
  const make = (level: AccessLevel, profile: Record<string, unknown> = {}) =>
    createUser(level, { about: `About ${level}`, ...profile });
  // The public people are the seed's (supabase/seed.sql): a public person made here would change
  // what other files count of the seed's public profiles on the shared backend.
  const made = await Promise.all([
    make("user"),
    make("lawyer", { law_firm: firm, bar_number: "MA-1001" }),
    make("lawyer", { law_firm: firm }),
    make("lawyer_admin", { law_firm: firm }),
    make("lawyer", { law_firm: otherFirm, bar_number: "NY-2002" }),
    make("lawyer_admin", { law_firm: otherFirm }),
    make("admin"),
  ]);
  const names = [
    "client",
    "lawyer",
    "colleague",
    "firmAdmin",
    "otherLawyer",
    "otherFirmAdmin",
    "admin",
  ] as const;
  names.forEach((name, index) => {
    people[name] = made[index] as Person;
  });
  // Only ever read or written, never signed in as.
  const seeded = (id: string) => ({ id, email: "", client: undefined as unknown as Supabase });
  people.sharingClient = seeded(AMINA);
  people.otherPublicLawyer = seeded(GRACE);
});

type Seen = "full" | "public_lawyer" | "public_client" | null;

async function seen(reader: keyof typeof people, target: keyof typeof people): Promise<Seen> {
  const { data, error } = await people[reader].client.rpc("people_profile", { p_id: people[target].id });
  if (error) throw new Error(error.message);
  return ((data as { visibility?: Seen } | null)?.visibility ?? null) as Seen;
}

describe("reading a profile (people_profile)", () => {
  it.each([
    // reader, target, what they see
    ["lawyer", "lawyer", "full"],
    ["lawyer", "colleague", "full"],
    ["lawyer", "otherLawyer", null],
    ["lawyer", "otherPublicLawyer", "public_lawyer"],
    ["lawyer", "client", null],
    ["lawyer", "sharingClient", "public_client"],
    ["firmAdmin", "colleague", "full"],
    ["firmAdmin", "otherLawyer", null],
    ["client", "client", "full"],
    ["client", "otherPublicLawyer", "public_lawyer"],
    ["client", "colleague", null],
    ["client", "sharingClient", "public_client"],
    ["admin", "client", "full"],
    ["admin", "otherLawyer", "full"],
  ] as const)("a %s reading %s sees %s", async (reader, target, expected) => {
    expect(await seen(reader, target)).toBe(expected);
  });

  it("keeps the bar number, e-mail and phone out of a public profile, and a client's shared profile to its few fields", async () => {
    const { data: lawyer } = await people.client.client.rpc("people_profile", {
      p_id: people.otherPublicLawyer.id,
    });
    expect(lawyer).toMatchObject({ visibility: "public_lawyer", hourly_rate: 210 });
    expect(lawyer).not.toHaveProperty("bar_number");
    expect(lawyer).not.toHaveProperty("email");
    const { data: shared } = await people.lawyer.client.rpc("people_profile", {
      p_id: people.sharingClient.id,
    });
    expect(Object.keys(shared as object).sort()).toEqual(
      [
        "about",
        "access_level",
        "avatar_url",
        "city",
        "country",
        "first_name",
        "is_public",
        "languages",
        "last_name",
        "uuid",
        "visibility",
      ].sort(),
    );
  });

  it("answers an unknown id as a hidden one (no existence leaks), and nothing to the anonymous", async () => {
    const unknown = await people.lawyer.client.rpc("people_profile", {
      p_id: "00000000-0000-4000-8000-00000000dead",
    });
    expect(unknown.data).toBeNull();
    const hidden = await people.lawyer.client.rpc("people_profile", { p_id: people.otherLawyer.id });
    expect(hidden.data).toBeNull();
    const record = await people.lawyer.client.rpc("lawyer_record", { p_id: people.otherLawyer.id });
    expect(record.data).toEqual([]);
    const { client: anonymous } = await import("../helpers.ts");
    const anon = await anonymous().rpc("people_profile", { p_id: people.otherPublicLawyer.id });
    expect(anon.error).not.toBeNull();
  });

  it("computes a lawyer's record from the cases and proposals themselves", async () => {
    const reader = await signedIn(demo.client.email);
    const { data } = await reader.rpc("people_profile", { p_id: demo.lawyer.id });
    const record = (data as { record: Record<string, number | null> }).record;
    const db = service();
    const sent = await db
      .from("proposals")
      .select("id", { count: "exact", head: true })
      .eq("lawyer_id", demo.lawyer.id)
      .not("submitted_at", "is", null);
    const closed = await db
      .from("cases")
      .select("id", { count: "exact", head: true })
      .eq("lead_lawyer_id", demo.lawyer.id)
      .eq("status", "closed");
    const engaged = await db
      .from("cases")
      .select("id", { count: "exact", head: true })
      .eq("lead_lawyer_id", demo.lawyer.id)
      .in("status", ["engaged", "on_hold", "closed"]);
    expect(record.proposals_sent).toBe(sent.count);
    expect(record.cases_closed).toBe(closed.count);
    expect(record.cases_engaged).toBe(engaged.count);
    expect(record.proposals_sent).toBeGreaterThan(0);
    expect(typeof record.median_response_seconds).toBe("number");
  });
});

describe("the directory (people_directory)", () => {
  async function ids(reader: keyof typeof people): Promise<Set<string>> {
    const { data, error } = await people[reader].client.from("people_directory").select("uuid");
    if (error) throw new Error(error.message);
    return new Set((data ?? []).map((row) => row.uuid as string));
  }

  it("shows a lawyer their firm and the public lawyers, once each, and no private outsider or client", async () => {
    const seenBy = await ids("lawyer");
    for (const name of ["lawyer", "colleague", "firmAdmin", "otherPublicLawyer"] as const) {
      expect(seenBy.has(people[name].id), name).toBe(true);
    }
    for (const name of ["otherLawyer", "otherFirmAdmin", "client", "sharingClient", "admin"] as const) {
      expect(seenBy.has(people[name].id), name).toBe(false);
    }
    // A public lawyer is listed once, whether the reader reads their row (an admin) or not.
    for (const reader of ["lawyer", "admin"] as const) {
      const { data } = await people[reader].client.from("people_directory").select("uuid").eq("uuid", GRACE);
      expect(data, reader).toHaveLength(1);
    }
  });

  it("shows an admin everyone, clients included", async () => {
    const seenBy = await ids("admin");
    for (const person of Object.values(people)) expect(seenBy.has(person.id)).toBe(true);
    expect(seenBy.has(demo.client.id)).toBe(true);
  });

  it("filters by the shared lists with overlaps", async () => {
    const { data, error } = await people.admin.client
      .from("people_directory")
      .select("uuid")
      .overlaps("languages", ["vi"])
      .overlaps("jurisdictions", ["California"]);
    expect(error).toBeNull();
    expect((data ?? []).map((row) => row.uuid)).toContain("00000000-0000-4000-8000-000000000011");
  });
});

describe("updating a profile (the update policies of public.users)", () => {
  it.each([
    ["lawyer", "lawyer", true],
    ["lawyer", "colleague", false],
    ["firmAdmin", "colleague", true],
    ["firmAdmin", "otherLawyer", false],
    ["firmAdmin", "client", false],
    ["otherFirmAdmin", "colleague", false],
    ["client", "client", true],
    ["client", "otherPublicLawyer", false],
    ["admin", "client", true],
    ["admin", "otherLawyer", true],
  ] as const)("a %s updating %s: %s", async (editor, target, allowed) => {
    const about = `Edited by ${editor} ${Date.now()}`;
    const { data } = await people[editor].client
      .from("users")
      .update({ about })
      .eq("uuid", people[target].id)
      .select("uuid");
    const { data: row } = await service()
      .from("users")
      .select("about")
      .eq("uuid", people[target].id)
      .single();
    expect((data ?? []).length).toBe(allowed ? 1 : 0);
    expect(row?.about === about).toBe(allowed);
  });

  it("refuses values outside the shared lists", async () => {
    const { error } = await people.lawyer.client
      .from("users")
      .update({ languages: ["English"] })
      .eq("uuid", people.lawyer.id);
    expect(error?.code).toBe("23514");
  });
});

describe("the avatars bucket", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

  async function upload(
    editor: keyof typeof people,
    target: keyof typeof people,
    body = png,
    type = "image/png",
  ) {
    const path = `${people[target].id}/test-${editor}-${Date.now()}.png`;
    const { error } = await people[editor].client.storage
      .from("avatars")
      .upload(path, body, { contentType: type });
    return error;
  }

  it.each([
    ["lawyer", "lawyer", true],
    ["lawyer", "colleague", false],
    ["firmAdmin", "colleague", true],
    ["firmAdmin", "otherLawyer", false],
    ["firmAdmin", "client", false],
    ["client", "lawyer", false],
    ["admin", "otherLawyer", true],
  ] as const)("a %s writing %s's folder: %s", async (editor, target, allowed) => {
    const error = await upload(editor, target);
    if (allowed) expect(error).toBeNull();
    else expect(error).not.toBeNull();
  });

  it("refuses another type and a file over 1 MB", async () => {
    expect(
      await upload("lawyer", "lawyer", new TextEncoder().encode("<svg/>"), "image/svg+xml"),
    ).not.toBeNull();
    expect(await upload("lawyer", "lawyer", new Uint8Array(1024 * 1024 + 1), "image/png")).not.toBeNull();
  });
});
