import { createClient } from "@supabase/supabase-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readDashboardShell } from "../../../app/features/dashboard/shell.server.ts";
import type { AccessLevel } from "../../../app/lib/access.ts";
import type { Database } from "../../../app/lib/database.ts";
import { createUser, keys, service, url } from "../helpers.ts";

type Seed = { title: string; type: string; is_unread: boolean; category?: string; minutesAgo: number };

/** Inserts notifications for a user (as the system does), dated `minutesAgo` before now. */
async function seedNotifications(userId: string, rows: Seed[]): Promise<void> {
  const now = Date.now();
  const { error } = await service()
    .from("notifications")
    .insert(
      rows.map(({ minutesAgo, ...row }) => ({
        user_id: userId,
        category: null,
        ...row,
        created_at: new Date(now - minutesAgo * 60_000).toISOString(),
      })),
    );
  if (error) throw new Error(error.message);
}

/** A new law firm of that name (the slug made unique). */
async function createFirm(name: string): Promise<{ id: string }> {
  const { data, error } = await service()
    .from("law_firms")
    .insert({ name, slug: `firm-${crypto.randomUUID()}` })
    .select("id")
    .single();
  if (error || !data) throw new Error(`createFirm: ${error?.message}`);
  return data;
}

/** A fresh person without the welcome notification of their first sign-in, so counts are only the seeded ones. */
async function createUserWithoutNotifications(accessLevel: AccessLevel) {
  const person = await createUser(accessLevel);
  const { error } = await service().from("notifications").delete().eq("user_id", person.id);
  if (error) throw new Error(error.message);
  return person;
}

/** Eight notifications, three of them unread, one archived; "n1" is the newest. */
const EIGHT: Seed[] = Array.from({ length: 8 }, (_, index) => ({
  title: `<strong>n${index + 1}</strong> &amp; more`,
  type: ["task_assignment", "appointment", "case_update", "payment"][index % 4] as string,
  is_unread: index < 3,
  ...(index === 7 ? { category: "Archived" } : {}),
  minutesAgo: (index + 1) * 10,
}));

describe("the bell's notifications (dashboard_shell; the overview lists the first of them)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("gives a person's newest, newest first, with the unread, archived and total counts", async () => {
    const person = await createUserWithoutNotifications("user");
    const someoneElse = await createUser("user");
    await seedNotifications(person.id, EIGHT);
    await seedNotifications(someoneElse.id, EIGHT.slice(0, 2));

    const { notifications: summary } = await readDashboardShell(person.client);
    expect(summary).toMatchObject({ unread: 3, total: 8, archived: 1 });
    expect(summary.items.map((item) => item.title)).toEqual(EIGHT.map((seed) => seed.title));
    expect(summary.items[0]).toEqual({
      id: expect.any(String),
      title: "<strong>n1</strong> &amp; more",
      type: "task_assignment",
      category: null,
      isUnread: true,
      createdAt: expect.any(String),
      avatarUrl: null,
      event: null,
      params: {},
      link: null,
    });
    const times = summary.items.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("an admin sees only their own notifications", async () => {
    const admin = await createUserWithoutNotifications("admin");
    const client = await createUser("user");
    await seedNotifications(client.id, EIGHT);
    await seedNotifications(admin.id, [{ title: "Own", type: "payment", is_unread: false, minutesAgo: 1 }]);

    const someoneElses = await admin.client.from("notifications").select("id").eq("user_id", client.id);
    expect(someoneElses.data).toEqual([]);
    const { notifications: summary } = await readDashboardShell(admin.client);
    expect(summary).toMatchObject({ unread: 0, total: 1, items: [{ title: "Own", isUnread: false }] });
  });

  it("is empty for a person without notifications", async () => {
    const person = await createUserWithoutNotifications("user");
    expect((await readDashboardShell(person.client)).notifications).toEqual({
      items: [],
      unread: 0,
      total: 0,
      archived: 0,
    });
  });

  it("logs a failed read and gives an empty bell, no contacts and no profile instead of throwing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // Every request is refused, as PostgREST refuses what the role may not read.
    const refused = createClient<Database>(url, keys.publishable, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: {
        fetch: async () =>
          Response.json(
            { code: "42501", message: "permission denied for function dashboard_shell" },
            { status: 403 },
          ),
      },
    });
    expect(await readDashboardShell(refused)).toEqual({
      notifications: { items: [], unread: 0, total: 0, archived: 0 },
      contacts: [],
      profile: null,
    });
    expect(logged).toHaveBeenCalledWith("Failed to fetch the dashboard shell", expect.any(String));
  });
});

describe("dashboard_shell (every dashboard page's bell and contacts in one request)", () => {
  it("gives the same newest notifications, counts and contacts as the separate reads", async () => {
    const person = await createUserWithoutNotifications("user");
    const someoneElse = await createUser("user");
    await seedNotifications(person.id, EIGHT);
    await seedNotifications(someoneElse.id, EIGHT.slice(0, 2));

    const shell = await readDashboardShell(person.client);
    const separate = await person.client
      .from("notifications")
      .select("id")
      .eq("user_id", person.id)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(20);
    expect(shell.notifications.items.map((item) => item.id)).toEqual(separate.data?.map((row) => row.id));
    expect(shell.notifications).toMatchObject({ unread: 3, total: 8, archived: 1 });
    expect(shell.notifications.items).toHaveLength(8);

    const contacts = await person.client.rpc("list_contacts", { max_rows: 20 });
    expect(contacts.error).toBeNull();
    expect(shell.contacts.map((contact) => contact.id)).toEqual(
      (contacts.data as { id: string }[]).map((row) => row.id),
    );
    expect(shell.contacts.map((contact) => contact.id)).not.toContain(person.id);
  });

  it("gives the caller's profile as the session's own read of it would (every dashboard page's one request)", async () => {
    const firm = await createFirm("Shell & Partners");
    const lawyer = await createUser("lawyer", { law_firm: firm.id, plan: "premium" });
    const client = await createUser("user");
    for (const person of [lawyer, client]) {
      const shell = await readDashboardShell(person.client);
      const own = await person.client
        .from("users")
        .select("first_name, last_name, access_level, law_firm, plan, created_at, law_firms(name)")
        .eq("uuid", person.id)
        .single();
      expect(own.error).toBeNull();
      expect(shell.profile).toEqual(own.data);
    }
    expect((await readDashboardShell(lawyer.client)).profile?.law_firms).toEqual({
      name: "Shell & Partners",
    });
    expect((await readDashboardShell(client.client)).profile?.law_firms).toBeNull();
  });

  it("gives every access level the contacts list_contacts gives it, names included (a colleague without a name by e-mail)", async () => {
    const firm = await createFirm("Contacts & Co");
    const lawyer = await createUser("lawyer", { law_firm: firm.id });
    const nameless = await createUser("lawyer", {
      law_firm: firm.id,
      first_name: "",
      last_name: "",
    });
    const client = await createUser("user");
    const admin = await createUser("admin");
    const contactsOf = async (person: { client: typeof lawyer.client }) => {
      const { data, error } = await person.client.rpc("dashboard_shell", {
        bell_limit: 1,
        contacts_limit: 100,
      });
      expect(error).toBeNull();
      return (data as unknown as { contacts: { id: string; name: string }[] }).contacts;
    };
    for (const [who, person] of Object.entries({ lawyer, client, admin })) {
      const shell = { contacts: await contactsOf(person) };
      const contacts = await person.client.rpc("list_contacts", { max_rows: 100 });
      expect(contacts.error, who).toBeNull();
      const expected = (contacts.data ?? []).map((row) => ({ id: row.id, name: row.name }));
      expect(
        shell.contacts.map((contact) => ({ id: contact.id, name: contact.name })),
        who,
      ).toEqual(expected);
    }
    const seenByColleague = await contactsOf(lawyer);
    expect(seenByColleague.find((contact) => contact.id === nameless.id)?.name).toBe(nameless.email);
    const seenByClient = await contactsOf(client);
    expect(seenByClient.map((contact) => contact.id)).not.toContain(nameless.id);
  });

  it("limits the bell to the newest rows asked for", async () => {
    const person = await createUserWithoutNotifications("user");
    await seedNotifications(person.id, EIGHT);
    const { data, error } = await person.client.rpc("dashboard_shell", { bell_limit: 2, contacts_limit: 1 });
    expect(error).toBeNull();
    const shell = data as { notifications: { title: string }[]; contacts: unknown[] };
    expect(shell.notifications.map((row) => row.title)).toEqual(EIGHT.slice(0, 2).map((seed) => seed.title));
    expect(shell.contacts.length).toBeLessThanOrEqual(1);
  });

  it("is refused without a session", async () => {
    const anonymous = createClient<Database>(url, keys.publishable, { auth: { persistSession: false } });
    const { data, error } = await anonymous.rpc("dashboard_shell");
    expect(data).toBeNull();
    expect(error).not.toBeNull();
  });
});
