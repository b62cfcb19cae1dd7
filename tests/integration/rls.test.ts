import { beforeAll, describe, expect, it } from "vitest";
import { ACCESS_LEVELS, type AccessLevel, levelsThat, levelsWithout } from "../../app/lib/access.ts";
import type { Supabase, TablesUpdate } from "../../app/lib/database.ts";
import { client, createUser, demo, FIRM_HARTWELL, FIRM_NGUYEN, service, signedIn } from "./helpers.ts";

type Level = "anon" | AccessLevel;
const clients = {} as Record<Level, Supabase>;
const ids = {} as Record<Exclude<Level, "anon">, string>;

beforeAll(async () => {
  clients.anon = client();
  const accounts: Record<AccessLevel, { email: string; id: string }> = {
    user: demo.client,
    lawyer: demo.lawyer,
    lawyer_admin: demo.firmadmin,
    admin: demo.admin,
    super_user: demo.superuser,
  };
  for (const [level, account] of Object.entries(accounts)) {
    clients[level as Level] = await signedIn(account.email);
    ids[level as Exclude<Level, "anon">] = account.id;
  }
});

const idsOf = (rows: { uuid?: string | null; id?: string; user_id?: string }[] | null) =>
  (rows ?? []).map((r) => r.uuid ?? r.id);

describe("rls: users", () => {
  it("each level reads what it should", async () => {
    const hidden = await createUser("lawyer", { law_firm: FIRM_HARTWELL, is_public: false });
    const otherClient = "00000000-0000-4000-8000-000000000021";
    const read = async (level: Level) => idsOf((await clients[level].from("users").select("uuid")).data);
    expect((await clients.anon.from("users").select("uuid")).status).toBe(401);
    const user = await read("user");
    expect(user).toEqual([demo.client.id]);
    for (const level of ["anon", "user"] as const) {
      const profiles = idsOf((await clients[level].from("public_lawyer_profiles").select("uuid")).data);
      expect(profiles).toContain(demo.lawyer.id);
      expect(profiles).not.toContain(demo.client.id);
      expect(profiles).not.toContain(hidden.id);
    }
    expect(await read("lawyer")).toContain(hidden.id);
    expect(await read("lawyer")).not.toContain(otherClient);
    expect(await read("lawyer_admin")).toContain(hidden.id);
    for (const level of ["admin", "super_user"] as const) {
      const all = await read(level);
      expect(all).toContain(otherClient);
      expect(all).toContain(hidden.id);
    }
  });

  it("everyone edits their own profile but never their own level, firm or plan", async () => {
    for (const level of ACCESS_LEVELS) {
      const own = await clients[level]
        .from("users")
        .update({ city: `City of ${level}` })
        .eq("uuid", ids[level])
        .select("city");
      expect(own.data).toEqual([{ city: `City of ${level}` }]);
      const changes: TablesUpdate<"users">[] = [
        { access_level: level === "user" ? "super_user" : "user" },
        { law_firm: FIRM_NGUYEN },
        { plan: level === "user" ? "premium" : "basic" },
      ];
      for (const change of changes) {
        const raise = await clients[level].from("users").update(change).eq("uuid", ids[level]);
        expect(raise.status).toBe(403);
        expect(raise.error?.code).toBe("42501");
      }
    }
    const anon = await clients.anon.from("users").update({ city: "x" }).eq("uuid", demo.lawyer.id);
    expect(anon.status).toBe(401);
  });

  it("nobody inserts profiles through the API; only admins delete them (people-rules.test.ts has the matrix)", async () => {
    const insert = await clients.user.from("users").insert({ uuid: crypto.randomUUID(), first_name: "X" });
    expect(insert.status).toBe(403);
    const victim = await createUser("user");
    const byUser = await clients.user.from("users").delete().eq("uuid", victim.id).select("uuid");
    expect(byUser.data).toEqual([]);
    const byLawyer = await clients.lawyer_admin.from("users").delete().eq("uuid", victim.id).select("uuid");
    expect(byLawyer.data).toEqual([]);
    const byAdmin = await clients.admin.from("users").delete().eq("uuid", victim.id).select("uuid");
    expect(byAdmin.data).toEqual([{ uuid: victim.id }]);
  });

  it("firm admins edit their firm's lawyers; admins change levels; only super users make admins and super users", async () => {
    const colleague = await createUser("lawyer", { law_firm: FIRM_HARTWELL });
    const outsider = await createUser("lawyer", { law_firm: FIRM_NGUYEN });
    const edit = await clients.lawyer_admin
      .from("users")
      .update({ about: "Edited" })
      .eq("uuid", colleague.id)
      .select("about");
    expect(edit.data).toEqual([{ about: "Edited" }]);
    const foreign = await clients.lawyer_admin
      .from("users")
      .update({ about: "No" })
      .eq("uuid", outsider.id)
      .select("uuid");
    expect(foreign.data).toEqual([]);
    const level = await clients.lawyer_admin
      .from("users")
      .update({ access_level: "lawyer_admin" })
      .eq("uuid", colleague.id);
    expect(level.status).toBe(403);
    const byLawyer = await clients.lawyer
      .from("users")
      .update({ about: "No" })
      .eq("uuid", colleague.id)
      .select("uuid");
    expect(byLawyer.data).toEqual([]);
    const promote = await clients.admin
      .from("users")
      .update({ access_level: "lawyer_admin", plan: "premium" })
      .eq("uuid", outsider.id)
      .select("access_level,plan");
    expect(promote.data).toEqual([{ access_level: "lawyer_admin", plan: "premium" }]);
    const toAdmin = await clients.admin
      .from("users")
      .update({ access_level: "admin" })
      .eq("uuid", outsider.id);
    expect(toAdmin.status).toBe(403);
    const toSuper = await clients.admin
      .from("users")
      .update({ access_level: "super_user" })
      .eq("uuid", colleague.id);
    expect(toSuper.status).toBe(403);
    const bySuper = await clients.super_user
      .from("users")
      .update({ access_level: "super_user" })
      .eq("uuid", colleague.id)
      .select("access_level");
    expect(bySuper.data).toEqual([{ access_level: "super_user" }]);
  });
});

describe("rls: notifications", () => {
  it("each user, admins included, reads only their own; anon nothing", async () => {
    for (const level of ACCESS_LEVELS) {
      const { data } = await clients[level].from("notifications").select("user_id");
      expect(data?.length).toBeGreaterThan(0);
      expect(data?.every((row) => row.user_id === ids[level])).toBe(true);
      const otherId = level === "user" ? demo.lawyer.id : demo.client.id;
      const others = await clients[level].from("notifications").select("id").eq("user_id", otherId);
      expect(others.data).toEqual([]);
    }
    const anon = await clients.anon.from("notifications").select("id");
    expect(anon.status).toBe(401);
  });

  it("owners mark read and archive, but cannot rewrite, create or touch others'", async () => {
    const owner = await createUser("user");
    const created = await service()
      .from("notifications")
      .insert({ user_id: owner.id, title: "Hello", type: "payment" })
      .select("id")
      .single();
    expect(created.error).toBeNull();
    const id = created.data?.id as string;
    const byAdmin = await clients.admin
      .from("notifications")
      .insert({ user_id: owner.id, title: "From an admin", type: "payment" });
    expect(byAdmin.status).toBe(403);
    const read = await owner.client
      .from("notifications")
      .update({ is_unread: false, category: "Archived" })
      .eq("id", id)
      .select("is_unread,category");
    expect(read.data).toEqual([{ is_unread: false, category: "Archived" }]);
    const rewrite = await owner.client.from("notifications").update({ title: "Hacked" }).eq("id", id);
    expect(rewrite.status).toBe(403);
    const create = await owner.client
      .from("notifications")
      .insert({ user_id: owner.id, title: "Self", type: "payment" });
    expect(create.status).toBe(403);
    const foreign = await clients.user
      .from("notifications")
      .update({ is_unread: true })
      .eq("id", id)
      .select("id");
    expect(foreign.data).toEqual([]);
    const foreignDelete = await clients.user.from("notifications").delete().eq("id", id).select("id");
    expect(foreignDelete.data).toEqual([]);
    const own = await owner.client.from("notifications").delete().eq("id", id).select("id");
    expect(own.data).toEqual([{ id }]);
  });
});

describe("rls: user_notification_preferences", () => {
  it("is private to its owner", async () => {
    const mine = await clients.user.from("user_notification_preferences").select("user_id");
    expect(mine.data?.length).toBe(12);
    expect(mine.data?.every((row) => row.user_id === demo.client.id)).toBe(true);
    const spoof = await clients.user
      .from("user_notification_preferences")
      .insert({ user_id: demo.lawyer.id, notification_type: "payment", medium: "sms" });
    expect(spoof.status).toBe(403);
    const foreign = await clients.user
      .from("user_notification_preferences")
      .update({ enabled: false })
      .eq("user_id", demo.lawyer.id)
      .select("id");
    expect(foreign.data).toEqual([]);
    const admins = await clients.admin.from("user_notification_preferences").select("user_id");
    expect(admins.data?.length).toBe(12);
    expect(admins.data?.every((row) => row.user_id === demo.admin.id)).toBe(true);
    expect((await clients.anon.from("user_notification_preferences").select("id")).status).toBe(401);
  });
});

describe("rls: contact_messages", () => {
  it("anyone sends; only admins and super users read", async () => {
    const message = {
      name: "Rui",
      email: "rui@example.com",
      subject: "Hello",
      message: "I need help with a lease.",
    };
    expect((await clients.anon.from("contact_messages").insert(message)).status).toBe(201);
    expect((await clients.user.from("contact_messages").insert({ ...message, name: "Clara" })).status).toBe(
      201,
    );
    const spoof = await clients.user.from("contact_messages").insert({ ...message, user_id: demo.lawyer.id });
    expect(spoof.status).toBe(403);
    const invalid = await clients.anon.from("contact_messages").insert({ ...message, message: "short" });
    expect(invalid.status).toBe(400);
    expect(invalid.error?.code).toBe("23514");
    expect((await clients.anon.from("contact_messages").select("id")).status).toBe(401);
    for (const level of levelsWithout("isAdmin")) {
      expect((await clients[level].from("contact_messages").select("id")).data).toEqual([]);
    }
    for (const level of levelsThat("isAdmin")) {
      const { data } = await clients[level].from("contact_messages").select("name").eq("name", "Rui");
      expect(data?.length).toBeGreaterThanOrEqual(1);
    }
    const anonRepresentation = await clients.anon.from("contact_messages").insert(message).select();
    expect(anonRepresentation.status).toBe(401);
  });
});

describe("rls: law_firms", () => {
  it("everyone reads; admins create; a firm's admin edits only their firm", async () => {
    expect((await clients.anon.from("law_firms").select("id")).data?.length).toBeGreaterThanOrEqual(2);
    const slug = `firm-${Date.now()}`;
    expect((await clients.user.from("law_firms").insert({ name: "Mine", slug })).status).toBe(403);
    expect((await clients.lawyer_admin.from("law_firms").insert({ name: "Mine", slug })).status).toBe(403);
    const created = await clients.admin
      .from("law_firms")
      .insert({ name: "New Firm", slug })
      .select("id")
      .single();
    expect(created.error).toBeNull();
    const own = await clients.lawyer_admin
      .from("law_firms")
      .update({ logo_url: "https://example.com/l.png" })
      .eq("id", FIRM_HARTWELL)
      .select("id");
    expect(own.data).toEqual([{ id: FIRM_HARTWELL }]);
    const other = await clients.lawyer_admin
      .from("law_firms")
      .update({ name: "Taken" })
      .eq("id", FIRM_NGUYEN)
      .select("id");
    expect(other.data).toEqual([]);
    const byLawyer = await clients.lawyer
      .from("law_firms")
      .update({ name: "Taken" })
      .eq("id", FIRM_HARTWELL)
      .select("id");
    expect(byLawyer.data).toEqual([]);
    expect((await clients.anon.from("law_firms").update({ name: "x" }).eq("id", FIRM_HARTWELL)).status).toBe(
      401,
    );
    const removed = await clients.super_user
      .from("law_firms")
      .delete()
      .eq("id", created.data?.id ?? "")
      .select("id");
    expect(removed.data).toHaveLength(1);
    const service_ = await service()
      .from("law_firms")
      .select("id")
      .eq("id", created.data?.id ?? "");
    expect(service_.data).toEqual([]);
  });
});
