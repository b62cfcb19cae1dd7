import { beforeAll, describe, expect, it } from "vitest";
import { ACCESS_LEVELS, type AccessLevel, can, levelsWithout } from "../../app/lib/access.ts";
import type { Supabase, TablesUpdate } from "../../app/lib/database.ts";
import { createFirm } from "./case-factories.ts";
import { client, createUser, demo, FIRM_HARTWELL, service, signedIn } from "./helpers.ts";

/**
 * Who deletes whom, who writes each column of public.users and what others read of a person
 * (supabase/migrations/20261126020000_people_write_rules.sql, docs/decisions/0008).
 */

const LEVELS = ACCESS_LEVELS;
type Level = AccessLevel;

const callers = {} as Record<Level, { id: string; client: Supabase }>;

beforeAll(async () => {
  const people = await Promise.all(LEVELS.map((level) => createUser(level)));
  LEVELS.forEach((level, index) => {
    callers[level] = people[index] as { id: string; client: Supabase };
  });
});

async function stored(id: string, columns = "uuid"): Promise<Record<string, unknown> | null> {
  const { data, error } = await service().from("users").select(columns).eq("uuid", id).maybeSingle();
  if (error) throw new Error(error.message);
  return data as Record<string, unknown> | null;
}

/** Admins delete clients, lawyers and firm admins; only a super user deletes admins and super users. */
function mayDelete(caller: Level, target: Level): boolean {
  if (caller === "super_user") return true;
  if (caller === "admin") return !can(target, "isAdmin");
  return false;
}

describe("deleting people (item 15)", () => {
  it.each(LEVELS)("follows the level rules: a %s tries to delete each level", async (caller) => {
    const targets = await Promise.all(LEVELS.map((level) => createUser(level)));
    for (const [index, target] of targets.entries()) {
      const targetLevel = LEVELS[index] as Level;
      const result = await callers[caller].client.from("users").delete().eq("uuid", target.id).select("uuid");
      const label = `${caller} deletes ${targetLevel}`;
      if (mayDelete(caller, targetLevel)) {
        expect(result.error, label).toBeNull();
        expect(result.data, label).toEqual([{ uuid: target.id }]);
        expect(await stored(target.id), label).toBeNull();
      } else {
        if (result.error) {
          expect(result.status, label).toBe(403);
          expect(result.error.code, label).toBe("42501");
        } else {
          expect(result.data, label).toEqual([]);
        }
        expect(await stored(target.id), label).not.toBeNull();
      }
    }
  });

  it("keeps the demo super user, her cases and notifications when the demo admin tries to delete her", async () => {
    const admin = await signedIn(demo.admin.email);
    const attempt = await admin.from("users").delete().eq("uuid", demo.superuser.id).select("uuid");
    expect(attempt.status).toBe(403);
    expect(attempt.error?.message).toMatch(/super user/i);
    expect(await stored(demo.superuser.id, "access_level")).toEqual({ access_level: "super_user" });
    const notifications = await service()
      .from("notifications")
      .select("id", { count: "exact", head: true })
      .eq("user_id", demo.superuser.id);
    expect(notifications.count).toBeGreaterThan(0);
  });

  it("lets nobody delete themselves through the API", async () => {
    for (const level of LEVELS) {
      const self = await callers[level].client
        .from("users")
        .delete()
        .eq("uuid", callers[level].id)
        .select("uuid");
      expect(self.data ?? [], level).toEqual([]);
      expect(await stored(callers[level].id), level).not.toBeNull();
    }
  });

  it("changes levels by the same rule: only a super user makes or removes an admin", async () => {
    const promoted = await createUser("lawyer");
    const byAdmin = await callers.admin.client
      .from("users")
      .update({ access_level: "admin" })
      .eq("uuid", promoted.id);
    expect(byAdmin.status).toBe(403);
    const otherAdmin = await createUser("admin");
    const demote = await callers.admin.client
      .from("users")
      .update({ access_level: "user" })
      .eq("uuid", otherAdmin.id);
    expect(demote.status).toBe(403);
    expect(await stored(otherAdmin.id, "access_level")).toEqual({ access_level: "admin" });
    const toFirmAdmin = await callers.admin.client
      .from("users")
      .update({ access_level: "lawyer_admin" })
      .eq("uuid", promoted.id)
      .select("access_level");
    expect(toFirmAdmin.data).toEqual([{ access_level: "lawyer_admin" }]);
    const bySuper = await callers.super_user.client
      .from("users")
      .update({ access_level: "admin" })
      .eq("uuid", promoted.id)
      .select("access_level");
    expect(bySuper.data).toEqual([{ access_level: "admin" }]);
  });
});

describe("who writes each column (item 20)", () => {
  let firm: string;
  let lawyer: { id: string; client: Supabase };
  let firmAdmin: { id: string; client: Supabase };
  let outsider: { id: string; client: Supabase };

  beforeAll(async () => {
    firm = await createFirm("columns");
    [lawyer, firmAdmin, outsider] = await Promise.all([
      createUser("lawyer", { law_firm: firm, rating: 4.8, bar_number: "MA-100200", hourly_rate: 200 }),
      createUser("lawyer_admin", { law_firm: firm }),
      createUser("lawyer"),
    ]);
  });

  it("rating: admins only, never the lawyer or the firm's admin", async () => {
    const own = await lawyer.client.from("users").update({ rating: 5 }).eq("uuid", lawyer.id);
    expect(own.status).toBe(403);
    expect(own.error?.code).toBe("42501");
    const byFirmAdmin = await firmAdmin.client.from("users").update({ rating: 5 }).eq("uuid", lawyer.id);
    expect(byFirmAdmin.status).toBe(403);
    const byOutsider = await outsider.client
      .from("users")
      .update({ rating: 5 })
      .eq("uuid", lawyer.id)
      .select("uuid");
    expect(byOutsider.data).toEqual([]);
    for (const level of levelsWithout("isAdmin")) {
      const self = await callers[level].client
        .from("users")
        .update({ rating: 5 })
        .eq("uuid", callers[level].id);
      expect(self.status, level).toBe(403);
    }
    expect(await stored(lawyer.id, "rating")).toEqual({ rating: 4.8 });
    for (const [level, value] of [
      ["admin", 4.2],
      ["super_user", 4.4],
    ] as const) {
      const set = await callers[level].client
        .from("users")
        .update({ rating: value })
        .eq("uuid", lawyer.id)
        .select("rating");
      expect(set.data, level).toEqual([{ rating: value }]);
    }
  });

  it("email: only Auth writes it; nobody through the API, admins included", async () => {
    const before = await stored(lawyer.id, "email");
    for (const level of LEVELS) {
      const self = await callers[level].client
        .from("users")
        .update({ email: "taken@example.com" })
        .eq("uuid", callers[level].id);
      expect(self.status, level).toBe(403);
      expect(self.error?.code, level).toBe("42501");
    }
    for (const writer of [firmAdmin.client, callers.admin.client, callers.super_user.client]) {
      const other = await writer.from("users").update({ email: "taken@example.com" }).eq("uuid", lawyer.id);
      expect(other.status).toBe(403);
    }
    expect(await stored(lawyer.id, "email")).toEqual(before);
  });

  it("uuid, created_at and updated_at are not writable", async () => {
    for (const change of [
      { uuid: crypto.randomUUID() },
      { created_at: "2000-01-01T00:00:00Z" },
      { updated_at: "2000-01-01T00:00:00Z" },
    ]) {
      for (const writer of [lawyer.client, callers.admin.client]) {
        const result = await writer.from("users").update(change).eq("uuid", lawyer.id);
        expect(result.status, JSON.stringify(change)).toBe(403);
      }
    }
  });

  it("bar number, years of experience and hourly rate: the person, the firm's admin and admins, checked", async () => {
    const writers: [string, Supabase][] = [
      ["the lawyer", lawyer.client],
      ["the firm's admin", firmAdmin.client],
      ["an admin", callers.admin.client],
      ["a super user", callers.super_user.client],
    ];
    for (const [index, [who, writer]] of writers.entries()) {
      const valid = {
        bar_number: `NY 2024/00${index}`,
        years_experience: 10 + index,
        hourly_rate: 300 + index,
      };
      const result = await writer
        .from("users")
        .update(valid)
        .eq("uuid", lawyer.id)
        .select(Object.keys(valid).join(","));
      expect(result.error, who).toBeNull();
      expect(result.data, who).toEqual([valid]);
    }
    const invalid = [
      { bar_number: "x" },
      { bar_number: "<script>alert(1)</script>" },
      { bar_number: "A".repeat(31) },
      { bar_number: " MA-1" },
      { years_experience: -1 },
      { years_experience: 81 },
      { hourly_rate: -5 },
      { hourly_rate: 10000.01 },
    ];
    for (const change of invalid) {
      for (const [who, writer] of writers) {
        const result = await writer.from("users").update(change).eq("uuid", lawyer.id);
        expect(result.status, `${who} ${JSON.stringify(change)}`).toBe(400);
        expect(result.error?.code, `${who} ${JSON.stringify(change)}`).toBe("23514");
      }
    }
    for (const level of levelsWithout("isAdmin")) {
      const stranger = await callers[level].client
        .from("users")
        .update({ bar_number: "XX-1", hourly_rate: 1 })
        .eq("uuid", lawyer.id)
        .select("uuid");
      expect(stranger.data, level).toEqual([]);
    }
    const kept = await stored(lawyer.id, "bar_number,years_experience,hourly_rate");
    expect(kept).toEqual({ bar_number: "NY 2024/003", years_experience: 13, hourly_rate: 303 });
  });

  it("access level, firm and plan stay protected", async () => {
    const changes: TablesUpdate<"users">[] = [
      { access_level: "lawyer_admin" },
      { law_firm: FIRM_HARTWELL },
      { plan: "premium" },
    ];
    for (const change of changes) {
      const own = await lawyer.client.from("users").update(change).eq("uuid", lawyer.id);
      expect(own.status).toBe(403);
      const byFirmAdmin = await firmAdmin.client.from("users").update(change).eq("uuid", lawyer.id);
      expect(byFirmAdmin.status).toBe(403);
    }
  });
});

const PUBLIC_COLUMNS = [
  "about",
  "avatar_url",
  "city",
  "country",
  "first_name",
  "hourly_rate",
  "jurisdictions",
  "languages",
  "last_name",
  "law_firm",
  "practice_areas",
  "rating",
  "uuid",
  "years_experience",
];

describe("what others read of a person (item 21)", () => {
  it("anon reads only public lawyer profiles, with only the public columns", async () => {
    const anon = client();
    const table = await anon.from("users").select("uuid");
    expect(table.status).toBe(401);
    const email = await anon.from("users").select("email").eq("uuid", demo.lawyer.id);
    expect(email.status).toBe(401);
    const profiles = await anon.from("public_lawyer_profiles").select("*");
    expect(profiles.error).toBeNull();
    const leo = profiles.data?.find((row) => row.uuid === demo.lawyer.id);
    expect(Object.keys(leo ?? {}).sort()).toEqual(PUBLIC_COLUMNS);
    expect(leo).toMatchObject({ first_name: "Leo", rating: 4.8, years_experience: 12 });
    expect(profiles.data?.some((row) => row.uuid === demo.client.id)).toBe(false);
    for (const column of ["email", "plan", "bar_number", "phone_number", "address", "access_level"]) {
      const leak = await anon.from("public_lawyer_profiles").select(column);
      expect(leak.status, column).toBe(400);
    }
  });

  // No test here makes a profile public: rest.test.ts counts the public profiles of the seed.
  it("lists exactly the public lawyers and firm admins, never private profiles", async () => {
    const hidden = await createUser("lawyer", { is_public: false });
    const { data } = await client().from("public_lawyer_profiles").select("uuid");
    const ids = (data ?? []).map((row) => row.uuid).sort();
    expect(ids).toContain(demo.lawyer.id);
    expect(ids).not.toContain(hidden.id);
    const expected = await service()
      .from("users")
      .select("uuid")
      .eq("is_public", true)
      .in("access_level", ["lawyer", "lawyer_admin"]);
    expect(ids).toEqual((expected.data ?? []).map((row) => row.uuid).sort());
  });

  it("a client, a lawyer of another firm and a colleague: private columns only for the person, the firm and admins", async () => {
    const clientUser = await signedIn(demo.client.email);
    const otherFirm = await createUser("lawyer", { law_firm: await createFirm("other") });
    const colleague = await createUser("lawyer", { law_firm: FIRM_HARTWELL });
    for (const [who, reader] of [
      ["client", clientUser],
      ["lawyer of another firm", otherFirm.client],
    ] as const) {
      const row = await reader.from("users").select("email,plan,bar_number").eq("uuid", demo.lawyer.id);
      expect(row.data, who).toEqual([]);
      const profile = await reader.from("public_lawyer_profiles").select("*").eq("uuid", demo.lawyer.id);
      expect(Object.keys(profile.data?.[0] ?? {}).sort(), who).toEqual(PUBLIC_COLUMNS);
    }
    const byColleague = await colleague.client.from("users").select("first_name").eq("uuid", demo.lawyer.id);
    expect(byColleague.data).toEqual([{ first_name: "Leo" }]);
    const own = await clientUser
      .from("users")
      .select("email,plan,access_level")
      .eq("uuid", demo.client.id)
      .single();
    expect(own.data).toEqual({ email: demo.client.email, plan: "basic", access_level: "user" });
    const admin = await signedIn(demo.admin.email);
    const byAdmin = await admin.from("users").select("email").eq("uuid", demo.lawyer.id).single();
    expect(byAdmin.data).toEqual({ email: demo.lawyer.email });
  });
});
