import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Supabase } from "../../../app/lib/database.ts";
import { openPglite } from "../../../supabase/local/db.ts";
import { migrate } from "../../../supabase/local/migrate.ts";
import {
  client,
  createCase,
  createUser,
  type Mail,
  mailbox,
  PASSWORD,
  propose,
  service,
  signedIn,
  uniqueEmail,
} from "../helpers.ts";

/**
 * Notifications produced by the system (supabase/migrations/20261123000300_notifications.sql):
 * row level security, public.create_notification and its preferences, the e-mail outbox that
 * supabase/local delivers to its mailbox, and the welcome notification of the first sign-in.
 */

/** The app's address that e-mails link to (supabase/local writes its site URL at start). */
const SITE = "http://localhost:8787";

const MIGRATIONS_DIR = fileURLToPath(new URL("../../../supabase/migrations", import.meta.url));

/** Creates a notification the way the system does (service role, create_notification). */
async function notify(userId: string, type: string, title: string, extra: Record<string, string> = {}) {
  const { data, error } = await service().rpc("create_notification", {
    p_user_id: userId,
    p_type: type,
    p_title: title,
    ...extra,
  });
  if (error) throw new Error(error.message);
  return data;
}

/** A notification as the service role sees it (RLS bypassed), or null when there is none. */
async function stored(id: string) {
  const { data, error } = await service().from("notifications").select("*").eq("id", id).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

async function notificationsOf(userId: string) {
  const { data, error } = await service()
    .from("notifications")
    .select("*")
    .eq("user_id", userId)
    .order("created_at", { ascending: false });
  if (error) throw new Error(error.message);
  return data;
}

async function setPreference(
  owner: Supabase,
  userId: string,
  type: string,
  medium: string,
  enabled: boolean,
) {
  const { error } = await owner
    .from("user_notification_preferences")
    .upsert(
      { user_id: userId, notification_type: type, medium, enabled },
      { onConflict: "user_id,notification_type,medium" },
    );
  if (error) throw new Error(error.message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the mailbox of one address until a message matches, or fails after timeoutMs. */
async function waitForMail(to: string, matches: (mail: Mail) => boolean, timeoutMs = 5000): Promise<Mail> {
  const start = Date.now();
  for (;;) {
    const found = (await mailbox(to)).find(matches);
    if (found) return found;
    if (Date.now() - start > timeoutMs) throw new Error(`no matching e-mail to ${to}`);
    await sleep(50);
  }
}

describe("notifications: row level security", () => {
  it("nobody, admins included, reads, marks or deletes another person's notification by id", async () => {
    const owner = await createUser("user");
    const stranger = await createUser("user");
    const admin = await createUser("admin");
    const superUser = await createUser("super_user");
    const id = await notify(owner.id, "case_update", "Case <b>CASE-1</b> moved");
    if (!id) throw new Error("no notification");
    const before = await stored(id);

    for (const intruder of [stranger, admin, superUser]) {
      const read = await intruder.client.from("notifications").select("*").eq("id", id);
      expect(read.error).toBeNull();
      expect(read.data).toEqual([]);
      const marked = await intruder.client
        .from("notifications")
        .update({ is_unread: false, category: "Archived" })
        .eq("id", id)
        .select("id");
      expect(marked.error).toBeNull();
      expect(marked.data).toEqual([]);
      const deleted = await intruder.client.from("notifications").delete().eq("id", id).select("id");
      expect(deleted.error).toBeNull();
      expect(deleted.data).toEqual([]);
    }
    expect(await stored(id)).toEqual(before);
  });

  it("lets the owner mark read, archive and delete their own, but not rewrite or create", async () => {
    const owner = await createUser("user");
    const id = await notify(owner.id, "payment", "Invoice <b>INV-1</b> paid");
    if (!id) throw new Error("no notification");

    const marked = await owner.client
      .from("notifications")
      .update({ is_unread: false, category: "Archived" })
      .eq("id", id)
      .select("is_unread,category");
    expect(marked.data).toEqual([{ is_unread: false, category: "Archived" }]);

    const rewrite = await owner.client.from("notifications").update({ title: "Rewritten" }).eq("id", id);
    expect(rewrite.status).toBe(403);
    expect(rewrite.error?.code).toBe("42501");
    expect((await stored(id))?.title).toBe("Invoice <b>INV-1</b> paid");

    for (const author of [owner, await createUser("admin")]) {
      const created = await author.client
        .from("notifications")
        .insert({ user_id: owner.id, title: "Self-made", type: "payment" });
      expect(created.status).toBe(403);
    }
    expect((await notificationsOf(owner.id)).map((row) => row.title)).not.toContain("Self-made");

    const deleted = await owner.client.from("notifications").delete().eq("id", id).select("id");
    expect(deleted.data).toEqual([{ id }]);
    expect(await stored(id)).toBeNull();
  });

  it("keeps preferences private to their owner, admins included", async () => {
    const owner = await createUser("user");
    await setPreference(owner.client, owner.id, "payment", "email", true);
    const { data: own } = await owner.client.from("user_notification_preferences").select("id,user_id");
    expect(own?.length).toBe(1);
    const rowId = own?.[0]?.id as string;

    for (const intruder of [await createUser("user"), await createUser("admin")]) {
      const read = await intruder.client.from("user_notification_preferences").select("id").eq("id", rowId);
      expect(read.data).toEqual([]);
      const all = await intruder.client.from("user_notification_preferences").select("user_id");
      expect(all.data?.every((row) => row.user_id === intruder.id)).toBe(true);
      const changed = await intruder.client
        .from("user_notification_preferences")
        .update({ enabled: false })
        .eq("id", rowId)
        .select("id");
      expect(changed.data).toEqual([]);
      const removed = await intruder.client
        .from("user_notification_preferences")
        .delete()
        .eq("id", rowId)
        .select("id");
      expect(removed.data).toEqual([]);
      const spoofed = await intruder.client
        .from("user_notification_preferences")
        .insert({ user_id: owner.id, notification_type: "appointment", medium: "sms" });
      expect(spoofed.status).toBe(403);
    }
    const { data: after } = await service()
      .from("user_notification_preferences")
      .select("id,notification_type,medium,enabled")
      .eq("user_id", owner.id);
    expect(after).toEqual([{ id: rowId, notification_type: "payment", medium: "email", enabled: true }]);
  });

  it("hides the e-mail outbox from signed-in people and visitors", async () => {
    const person = await createUser("admin");
    const read = await person.client.from("email_outbox").select("id");
    expect(read.status).toBe(403);
    const queued = await person.client
      .from("email_outbox")
      .insert({ recipient: person.email, subject: "Spoof", text_body: "Spoof" });
    expect(queued.status).toBe(403);
    expect((await client().from("email_outbox").select("id")).status).toBe(401);
  });
  it("notification_counts counts the caller's own only, per tab and per type", async () => {
    const owner = await createUser("user");
    const stranger = await createUser("admin");
    const archived = await notify(owner.id, "payment", "Invoice paid");
    await notify(owner.id, "case_update", "Case moved");
    await notify(owner.id, "case_update", "Case closed");
    await service()
      .from("notifications")
      .update({ category: "Archived", is_unread: false })
      .eq("id", archived);
    // The welcome of the first sign-in (type account) counts too.
    const counts = async (who: Supabase, type: string | null = null) => {
      const { data: row, error } = await who
        .rpc("notification_counts", { p_type: type ?? undefined })
        .single();
      if (error) throw new Error(error.message);
      return [Number(row.total), Number(row.unread), Number(row.archived)];
    };
    const welcomes =
      (await owner.client.from("notifications").select("id").eq("type", "account")).data?.length ?? 0;
    expect(await counts(owner.client)).toEqual([3 + welcomes, 2 + welcomes, 1]);
    expect(await counts(owner.client, "case_update")).toEqual([2, 2, 0]);
    expect(await counts(owner.client, "payment")).toEqual([1, 0, 1]);
    const strangerSees = await counts(stranger.client, "case_update");
    expect(strangerSees).toEqual([0, 0, 0]);
    const anon = await client().rpc("notification_counts", {});
    expect(anon.error).not.toBeNull();
  });
});

describe("create_notification", () => {
  it("creates an in-app notification with the defaults when no preference exists", async () => {
    const person = await createUser("user");
    const id = await notify(person.id, "task_assignment", "<strong>Grace</strong> assigned you a task", {
      p_category: "Work",
      p_avatar_url: "https://example.com/grace.png",
    });
    expect(id).toEqual(expect.any(String));
    expect(await stored(id as string)).toMatchObject({
      user_id: person.id,
      title: "<strong>Grace</strong> assigned you a task",
      type: "task_assignment",
      category: "Work",
      is_unread: true,
      avatar_url: "https://example.com/grace.png",
    });
    // The owner reads it through the API; e-mail is off by default.
    const own = await person.client
      .from("notifications")
      .select("id")
      .eq("id", id as string);
    expect(own.data).toEqual([{ id }]);
    expect(await mailbox(person.email)).toEqual([]);
  });

  it("creates no notification when the person turned in-app off for that type", async () => {
    const person = await createUser("user");
    await setPreference(person.client, person.id, "appointment", "in_app", false);
    const before = await notificationsOf(person.id);
    expect(await notify(person.id, "appointment", "Meeting moved")).toBeNull();
    expect(await notificationsOf(person.id)).toEqual(before);
    // Other types keep their default.
    expect(await notify(person.id, "payment", "Payment received")).toEqual(expect.any(String));
  });

  it("e-mails the person when e-mail is on, as plain text, and marks the outbox row sent", async () => {
    const person = await createUser("user");
    const other = await createUser("user");
    await setPreference(person.client, person.id, "case_update", "email", true);
    await setPreference(person.client, person.id, "case_update", "in_app", false);
    const title =
      'Case <b>CASE-9</b> &amp; <a href="https://example.com/x">its files</a> <script>alert(1)</script>';
    expect(await notify(person.id, "case_update", title)).toBeNull();

    const mail = await waitForMail(person.email, (message) => message.text.includes("CASE-9"));
    expect(mail.subject).toBe("MyLawyer: Case CASE-9 & its files alert(1)");
    expect(mail.text).toMatch(/^Case CASE-9 & its files alert\(1\)\n\n/);
    expect(mail.text).not.toContain("<");
    expect(mail.html).not.toContain("<script>");
    expect(await mailbox(other.email)).toEqual([]);

    const outbox = await service()
      .from("email_outbox")
      .select("subject,html_body,sent_at")
      .eq("recipient", person.email);
    expect(outbox.data).toEqual([
      { subject: mail.subject, html_body: mail.html, sent_at: expect.any(String) },
    ]);
    // A title given as HTML reaches the mail client as its escaped text only.
    expect(mail.html).toContain("<p>Case CASE-9 &amp; its files alert(1)</p>");
    expect(mail.html).not.toContain("example.com/x");
    expect(mail.links).toEqual([`${SITE}/dashboard/notification/NotificationPreferences`]);
  });

  it("sends nothing for SMS, which has no provider, and no e-mail when it is off", async () => {
    const person = await createUser("user");
    await setPreference(person.client, person.id, "payment", "sms", true);
    await setPreference(person.client, person.id, "payment", "email", false);
    const id = await notify(person.id, "payment", "Invoice paid");
    expect(id).toEqual(expect.any(String));
    expect(await mailbox(person.email)).toEqual([]);
    const outbox = await service().from("email_outbox").select("id").eq("recipient", person.email);
    expect(outbox.data).toEqual([]);
  });

  it("refuses an unknown type, an empty title and an unknown person", async () => {
    const person = await createUser("user");
    const admin = service();
    const unknownType = await admin.rpc("create_notification", {
      p_user_id: person.id,
      p_type: "party_invitation",
      p_title: "Hello",
    });
    expect(unknownType.error).toMatchObject({
      code: "22023",
      message: "Unknown notification type: party_invitation",
    });
    const emptyTitle = await admin.rpc("create_notification", {
      p_user_id: person.id,
      p_type: "payment",
      p_title: " ",
    });
    expect(emptyTitle.error?.code).toBe("22023");
    const nobody = await admin.rpc("create_notification", {
      p_user_id: "00000000-0000-4000-8000-00000000dead",
      p_type: "payment",
      p_title: "Hello",
    });
    expect(nobody.error?.code).toBe("22023");
    expect((await notificationsOf(person.id)).map((row) => row.title)).not.toContain("Hello");
  });

  it("cannot be called by signed-in people or visitors", async () => {
    const admin = await createUser("admin");
    const args = { p_user_id: admin.id, p_type: "payment", p_title: "Pay me" };
    const byAdmin = await admin.client.rpc("create_notification", args);
    expect(byAdmin.error).toMatchObject({
      code: "42501",
      message: "permission denied for function create_notification",
    });
    const byVisitor = await client().rpc("create_notification", args);
    expect(byVisitor.error?.code).toBe("42501");
    expect((await notificationsOf(admin.id)).map((row) => row.title)).not.toContain("Pay me");
  });
});

describe("welcome notification", () => {
  it("comes once, with the first sign-in", async () => {
    const email = uniqueEmail("welcome");
    const created = await service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const id = created.data.user?.id as string;
    expect(await notificationsOf(id)).toEqual([]);

    const first = await signedIn(email);
    const afterFirst = await notificationsOf(id);
    expect(afterFirst).toEqual([
      expect.objectContaining({
        type: "account",
        is_unread: true,
        title:
          "Welcome to <b>MyLawyer</b>! Describe your legal problem and lawyers will propose to take it on.",
      }),
    ]);
    const seen = await first.from("notifications").select("type");
    expect(seen.data).toEqual([{ type: "account" }]);

    await signedIn(email);
    expect(await notificationsOf(id)).toEqual(afterFirst);
    expect(await mailbox(email)).toEqual([]);
  });

  it("tells a lawyer, a firm's admin and an admin what they do here, not what a client does", async () => {
    const lawyer = await createUser("lawyer");
    const firmAdmin = await createUser("lawyer_admin");
    const admin = await createUser("admin");
    expect((await notificationsOf(lawyer.id)).map((row) => row.title)).toEqual([
      "Welcome to <b>MyLawyer</b>! Browse the open cases and propose to take on the ones that fit your practice.",
    ]);
    expect((await notificationsOf(firmAdmin.id)).map((row) => row.title)).toEqual([
      "Welcome to <b>MyLawyer</b>! Follow your firm's cases in the pipeline and the proposals your lawyers send.",
    ]);
    expect((await notificationsOf(admin.id)).map((row) => row.title)).toEqual([
      "Welcome to <b>MyLawyer</b>! You can see every case, proposal and account of the platform.",
    ]);
  });
});

describe("notifications in the reader's language (issue 18, item 2)", () => {
  const LOCALES = ["en", "fr", "vi", "cn", "ar"] as const;
  const ROOT = new URL("../../../locales/", import.meta.url);

  it("stores what happened, its parameters and its link; e-mails it in the recipient's language with both links", async () => {
    const reader = await createUser("user", { locale: "ar" });
    const lawyer = await createUser("lawyer", { first_name: "Lina <i>", last_name: "Haddad" });
    await setPreference(reader.client, reader.id, "case_update", "email", true);
    const opened = await createCase(reader.client, { title: "Tenancy & deposit" });
    await propose(lawyer.client, opened.id);

    const [row] = (await notificationsOf(reader.id)).filter((n) => n.type === "case_update");
    expect(row).toMatchObject({
      event: "proposal_submitted",
      params: { person: "Lina <i> Haddad", reference: opened.reference, title: "Tenancy & deposit" },
      link: `/dashboard/case/${opened.id}`,
      // The English sentence stays as the spec's title, its parameters escaped.
      title: `New proposal from <strong>Lina &lt;i&gt; Haddad</strong> on <strong>${opened.reference}</strong> <em>Tenancy &amp; deposit</em>`,
    });

    const mail = await waitForMail(reader.email, (message) => message.text.includes(opened.reference));
    expect(mail.subject).toBe(
      `MyLawyer: عرض جديد من Lina <i> Haddad على القضية ${opened.reference} Tenancy & deposit`,
    );
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain("عرض جديد من <strong>Lina &lt;i&gt; Haddad</strong>");
    expect(mail.html).toContain("عرض في MyLawyer");
    expect(mail.html).toContain("تفضيلات الإشعارات");
    expect(mail.links).toEqual([
      `${SITE}/dashboard/case/${opened.id}`,
      `${SITE}/dashboard/notification/NotificationPreferences`,
    ]);
    expect(mail.text).toContain(`${SITE}/dashboard/case/${opened.id}`);
    expect(mail.text).toContain(`${SITE}/dashboard/notification/NotificationPreferences`);
    expect(mail.text).not.toContain("New proposal");
  });

  it("lets a person store their own language only, and only one of the app's", async () => {
    const person = await createUser("user");
    const other = await createUser("user");
    expect((await person.client.rpc("set_my_locale", { p_locale: "vi" })).error).toBeNull();
    const bad = await person.client.rpc("set_my_locale", { p_locale: "xx" });
    expect(bad.error?.code).toBe("22023");
    const rows = await service().from("users").select("uuid, locale").in("uuid", [person.id, other.id]);
    expect(Object.fromEntries((rows.data ?? []).map((row) => [row.uuid, row.locale]))).toEqual({
      [person.id]: "vi",
      [other.id]: "en",
    });
    expect((await client().rpc("set_my_locale", { p_locale: "fr" })).error?.code).toBe("42501");
  });

  it("a welcome is an event that leads to the dashboard", async () => {
    const person = await createUser("user");
    expect(await notificationsOf(person.id)).toEqual([
      expect.objectContaining({ event: "welcome_client", params: {}, link: "/dashboard" }),
    ]);
  });

  it("the database's e-mail texts are the app's texts, in every language", async () => {
    const { data, error } = await service().from("notification_texts").select("key, locale, body");
    // Only the system reads them: the service role here.
    expect(error).toBeNull();
    const { readFile } = await import("node:fs/promises");
    const expected: string[] = [];
    for (const locale of LOCALES) {
      const json = JSON.parse(await readFile(new URL(`${locale}/notifications.json`, ROOT), "utf8"));
      for (const section of ["events", "caseStatuses", "caseRoles", "email"]) {
        for (const [key, body] of Object.entries(json[section] as Record<string, string>))
          expected.push(`${locale} ${section}.${key} ${body}`);
      }
    }
    const stored = (data ?? []).map((row) => `${row.locale} ${row.key} ${row.body}`);
    expect(stored.sort()).toEqual(expected.sort());
    const visitor = await client().from("notification_texts").select("key");
    expect(visitor.error).not.toBeNull();
  });
});

describe("local e-mail delivery", () => {
  it("delivers e-mails queued while no delivery was attached at the next start", async () => {
    const db = await openPglite("memory://");
    try {
      await migrate(db, MIGRATIONS_DIR);
      await db.tx(async (q) => {
        await q.query("alter table public.email_outbox disable trigger supabase_local_send_email");
        await q.query(
          `insert into public.email_outbox (recipient, subject, text_body, html_body)
           values ('queued@example.com', 'Queued', 'Queued text', '<a href="https://example.com/?a=1&amp;b=2">open</a>')`,
        );
        await q.query("alter table public.email_outbox enable trigger supabase_local_send_email");
      });
      await migrate(db, MIGRATIONS_DIR);
      const delivered = await db.tx((q) =>
        q.query<{ subject: string; html_body: string; links: string[] }>(
          "select subject, html_body, links from supabase_local.mailbox where recipient = 'queued@example.com'",
        ),
      );
      expect(delivered.rows).toEqual([
        {
          subject: "Queued",
          html_body: '<a href="https://example.com/?a=1&amp;b=2">open</a>',
          links: ["https://example.com/?a=1&b=2"],
        },
      ]);
      const unsent = await db.tx((q) => q.query("select id from public.email_outbox where sent_at is null"));
      expect(unsent.rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
