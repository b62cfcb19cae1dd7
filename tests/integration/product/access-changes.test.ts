import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCESS_LEVELS, type AccessLevel, levelsThat, levelsWithout } from "../../../app/lib/access.ts";
import type { Supabase } from "../../../app/lib/database.ts";
import { openPglite } from "../../../supabase/local/db.ts";
import { migrate } from "../../../supabase/local/migrate.ts";
import { createUser, FIRM_HARTWELL, FIRM_NGUYEN, service } from "../helpers.ts";

/**
 * The permission page's rules (supabase/migrations/20261129000000_access_changes.sql, ADR 0025):
 * who changes levels and firms, the record of changes and who reads it, the notification of the
 * person changed, and the last super user.
 */

const MIGRATIONS_DIR = fileURLToPath(new URL("../../../supabase/migrations", import.meta.url));

const callers = {} as Record<AccessLevel, { id: string; client: Supabase }>;

beforeAll(async () => {
  const people = await Promise.all(ACCESS_LEVELS.map((level) => createUser(level)));
  ACCESS_LEVELS.forEach((level, index) => {
    callers[level] = people[index] as { id: string; client: Supabase };
  });
});

async function storedAccess(id: string) {
  const { data, error } = await service()
    .from("users")
    .select("access_level, law_firm, plan")
    .eq("uuid", id)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function changesOf(id: string) {
  const { data, error } = await service()
    .from("access_changes")
    .select("changed_by, from_level, to_level, from_firm, to_firm")
    .eq("user_id", id)
    .order("id");
  if (error) throw new Error(error.message);
  return data;
}

describe("changing one's own level, firm or plan", () => {
  it.each(ACCESS_LEVELS)("is refused to a %s whatever is sent, and nothing changes", async (level) => {
    const me = callers[level];
    const before = await storedAccess(me.id);
    const recorded = (await changesOf(me.id)).length;
    // Each a real change: setting one's level to what it already is changes nothing and is no refusal.
    const higher: AccessLevel = level === "super_user" ? "admin" : "super_user";
    for (const change of [
      { access_level: higher },
      { access_level: level === "user" ? "lawyer" : "user" },
      { law_firm: FIRM_HARTWELL },
      { plan: "premium" },
      { access_level: higher, law_firm: FIRM_NGUYEN, plan: "premium", first_name: "Me" },
    ] as const) {
      const result = await me.client.from("users").update(change).eq("uuid", me.id).select("uuid");
      expect(result.error?.code, `${level} ${JSON.stringify(change)}`).toBe("42501");
      expect(result.error?.details).toBe("user:own_privileges");
    }
    expect(await storedAccess(me.id)).toEqual(before);
    expect(await changesOf(me.id)).toHaveLength(recorded);
  });
});

describe("changing another person's level or firm", () => {
  it.each(levelsWithout("isAdmin"))("is refused to a %s", async (level) => {
    const target = await createUser("lawyer");
    const result = await callers[level].client
      .from("users")
      .update({ access_level: "lawyer_admin" })
      .eq("uuid", target.id)
      .select("uuid");
    // Row level security hides the row from most of them; a firm admin of the same firm meets the trigger.
    if (result.error) expect(result.error.code).toBe("42501");
    else expect(result.data).toEqual([]);
    expect((await storedAccess(target.id)).access_level).toBe("lawyer");
  });

  it.each(levelsThat("isAdmin"))(
    "a %s makes a client a firm's lawyer: recorded and the person is told in their language",
    async (level) => {
      const caller = callers[level];
      const target = await createUser("user");
      await service().from("users").update({ locale: "fr" }).eq("uuid", target.id);
      const result = await caller.client
        .from("users")
        .update({ access_level: "lawyer", law_firm: FIRM_HARTWELL })
        .eq("uuid", target.id)
        .select("uuid");
      expect(result.error).toBeNull();
      expect(await storedAccess(target.id)).toMatchObject({
        access_level: "lawyer",
        law_firm: FIRM_HARTWELL,
      });
      expect((await changesOf(target.id)).at(-1)).toEqual({
        changed_by: caller.id,
        from_level: "user",
        to_level: "lawyer",
        from_firm: null,
        to_firm: FIRM_HARTWELL,
      });
      const { data: notes } = await service()
        .from("notifications")
        .select("type, event, params, link")
        .eq("user_id", target.id)
        .eq("type", "account")
        .in("event", ["access_level_lawyer", "law_firm_joined"])
        .order("event");
      expect(notes).toEqual([
        { type: "account", event: "access_level_lawyer", params: {}, link: "/dashboard" },
        {
          type: "account",
          event: "law_firm_joined",
          params: { firm: expect.any(String) },
          link: "/dashboard",
        },
      ]);
    },
  );

  it("an admin cannot make an admin or a super user, nor change an admin; a super user can", async () => {
    const target = await createUser("lawyer");
    for (const access_level of ["admin", "super_user"] as const) {
      const result = await callers.admin.client.from("users").update({ access_level }).eq("uuid", target.id);
      expect(result.error?.details).toBe("user:privileges_by_super_user");
    }
    const otherAdmin = await createUser("admin");
    const demote = await callers.admin.client
      .from("users")
      .update({ access_level: "user" })
      .eq("uuid", otherAdmin.id);
    expect(demote.error?.details).toBe("user:privileges_by_super_user");
    expect((await storedAccess(target.id)).access_level).toBe("lawyer");
    expect((await storedAccess(otherAdmin.id)).access_level).toBe("admin");

    const promote = await callers.super_user.client
      .from("users")
      .update({ access_level: "admin" })
      .eq("uuid", target.id)
      .select("uuid");
    expect(promote.error).toBeNull();
    expect((await storedAccess(target.id)).access_level).toBe("admin");
  });

  it("refuses an unknown level or firm with a code of its own", async () => {
    const target = await createUser("lawyer");
    const level = await callers.admin.client
      .from("users")
      .update({ access_level: "root" as AccessLevel })
      .eq("uuid", target.id);
    expect(level.error?.details).toBe("user:unknown_level");
    const firm = await callers.admin.client
      .from("users")
      .update({ law_firm: "00000000-0000-4000-8000-00000000dead" })
      .eq("uuid", target.id);
    expect(firm.error?.details).toBe("user:unknown_firm");
    expect(await storedAccess(target.id)).toMatchObject({ access_level: "lawyer", law_firm: null });
  });
});

describe("the record of changes", () => {
  it.each(ACCESS_LEVELS)("a %s reads it only as an admin, and nobody writes it", async (level) => {
    const { client } = callers[level];
    const read = await client.from("access_changes").select("id").limit(1);
    expect(read.error).toBeNull();
    if (levelsThat("isAdmin").includes(level)) expect(read.data?.length).toBe(1);
    else expect(read.data).toEqual([]);

    const insert = await client
      .from("access_changes")
      .insert({ user_id: callers[level].id, from_level: "user", to_level: "super_user" });
    expect(insert.error?.code).toBe("42501");
    const update = await client.from("access_changes").update({ to_level: "super_user" }).gte("id", 0);
    expect(update.error?.code).toBe("42501");
    const remove = await client.from("access_changes").delete().gte("id", 0);
    expect(remove.error?.code).toBe("42501");

    for (const [fn, args] of [
      ["permission_people", { p_search: "" }],
      ["permission_history", {}],
    ] as const) {
      const result = await client.rpc(fn, args);
      if (levelsThat("isAdmin").includes(level)) expect(result.error, fn).toBeNull();
      else expect(result.error?.details, fn).toBe("user:privileges_by_admin");
    }
  });

  it("pages people by name or e-mail and the history newest first", async () => {
    const target = await createUser("lawyer");
    await callers.super_user.client
      .from("users")
      .update({ access_level: "lawyer_admin" })
      .eq("uuid", target.id);
    const people = await callers.admin.client.rpc("permission_people", {
      p_search: target.email.toUpperCase(),
      p_page: 1,
      p_size: 5,
    });
    expect(people.error).toBeNull();
    expect(people.data).toEqual([
      expect.objectContaining({ id: target.id, access_level: "lawyer_admin", total: 1 }),
    ]);
    const history = await callers.admin.client.rpc("permission_history", { p_page: 1, p_size: 50 });
    expect(history.error).toBeNull();
    const times = (history.data ?? []).map((row) => row.changed_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(history.data).toContainEqual(
      expect.objectContaining({
        user_id: target.id,
        changed_by: callers.super_user.id,
        to_level: "lawyer_admin",
      }),
    );
  });
});

describe("the history page against the record", () => {
  it("gives admins and super users every change with both names and firms, in order, a page at a time", async () => {
    const target = await createUser("lawyer");
    await callers.admin.client.from("users").update({ law_firm: FIRM_NGUYEN }).eq("uuid", target.id);
    const record = await service()
      .from("access_changes")
      .select("id, changed_at, user_id, changed_by, from_level, to_level, from_firm, to_firm")
      .order("changed_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(30);
    if (record.error) throw new Error(record.error.message);
    const people = await service().from("users").select("uuid, first_name, last_name, email");
    const firms = await service().from("law_firms").select("id, name");
    const nameOf = (id: string | null) => {
      const person = (people.data ?? []).find((row) => row.uuid === id);
      if (!person) return null;
      const full = [person.first_name, person.last_name]
        .filter((part) => part !== null)
        .join(" ")
        .trim();
      return full || person.email || "";
    };
    const firmOf = (id: string | null) => (firms.data ?? []).find((row) => row.id === id)?.name ?? null;
    const expected = record.data.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      user_name: nameOf(row.user_id),
      changed_by: row.changed_by,
      changed_by_name: row.changed_by === null ? null : nameOf(row.changed_by),
      from_level: row.from_level,
      to_level: row.to_level,
      from_firm_name: firmOf(row.from_firm),
      to_firm_name: firmOf(row.to_firm),
    }));
    expect(expected.some((row) => row.user_id === target.id && row.changed_by === callers.admin.id)).toBe(
      true,
    );
    for (const level of levelsThat("isAdmin")) {
      const pages = await Promise.all(
        [1, 2, 3].map((page) =>
          callers[level].client.rpc("permission_history", { p_page: page, p_size: 10 }),
        ),
      );
      const rows = pages.flatMap((page) => {
        expect(page.error).toBeNull();
        return page.data ?? [];
      });
      // Other files write changes meanwhile: compare the changes both reads hold, in both orders.
      const read = rows.map(({ changed_at: _at, total: _total, ...row }) => row);
      const shared = new Set(read.map((row) => row.id).filter((id) => expected.some((row) => row.id === id)));
      expect(shared.has(expected.find((row) => row.user_id === target.id)?.id ?? -1)).toBe(true);
      expect(read.filter((row) => shared.has(row.id))).toEqual(expected.filter((row) => shared.has(row.id)));
    }
  });
});

describe("the last super user", () => {
  it("is neither demoted nor deleted, by anyone; with another one, she may be", async () => {
    const db = await openPglite("memory://");
    try {
      await migrate(db, MIGRATIONS_DIR);
      const a = "00000000-0000-4000-8000-0000000000a1";
      const b = "00000000-0000-4000-8000-0000000000b2";
      const error = async (sql: string) =>
        db
          .tx((q) => q.query(sql))
          .then(
            () => null,
            (e: { detail?: string }) => e.detail ?? String(e),
          );
      await db.tx(async (q) => {
        await q.query(
          `insert into auth.users (id, email) values ('${a}', 'a@example.com'), ('${b}', 'b@example.com')`,
        );
        await q.query(`update public.users set access_level = 'super_user' where uuid = '${a}'`);
      });
      expect(await error(`update public.users set access_level = 'admin' where uuid = '${a}'`)).toBe(
        "user:last_super_user",
      );
      expect(await error(`delete from public.users where uuid = '${a}'`)).toBe("user:last_super_user");
      expect(
        await error(`update public.users set access_level = 'super_user' where uuid = '${b}'`),
      ).toBeNull();
      expect(await error(`update public.users set access_level = 'admin' where uuid = '${a}'`)).toBeNull();
      expect(await error(`delete from public.users where uuid = '${b}'`)).toBe("user:last_super_user");
    } finally {
      await db.close();
    }
    // A database of its own, migrated from scratch: the shared one's super users are other files' too.
  }, 120_000);
});
