import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type RealtimeChannel, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLISHABLE_KEY_DEFAULT, SECRET_KEY_DEFAULT } from "../../../supabase/local/config.ts";
import { type LocalSupabase, startLocalSupabase } from "../../../supabase/local/server.ts";

/**
 * Realtime private channels (`config.private: true`) on a server of its own, whose only migration
 * is written the way Supabase's documentation writes them: policies on realtime.messages with
 * realtime.topic(), and a trigger that broadcasts row changes with realtime.broadcast_changes().
 */
const MIGRATION = `
create table public.room_members (
  room text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  can_write boolean not null default false,
  primary key (room, user_id)
);
create table public.room_posts (
  id bigint generated always as identity primary key,
  room text not null,
  body text not null
);

create policy "members read their room" on realtime.messages for select to authenticated
using (
  realtime.messages.extension in ('broadcast', 'presence')
  and exists (
    select 1 from public.room_members m
    where 'room:' || m.room = (select realtime.topic()) and m.user_id = (select auth.uid())
  )
);
create policy "writers send to their room" on realtime.messages for insert to authenticated
with check (
  realtime.messages.extension in ('broadcast', 'presence')
  and exists (
    select 1 from public.room_members m
    where 'room:' || m.room = (select realtime.topic()) and m.user_id = (select auth.uid()) and m.can_write
  )
);

create function public.room_posts_broadcast() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform realtime.broadcast_changes(
    'room:' || coalesce(new.room, old.room), tg_op, tg_op, tg_table_name, tg_table_schema, new, old
  );
  return null;
end
$$;
create trigger room_posts_broadcast after insert or update or delete on public.room_posts
  for each row execute function public.room_posts_broadcast();
`;

type Row = Record<string, unknown>;
type Client = SupabaseClient;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  read: () => T | undefined | false,
  timeoutMs = 3000,
  what = "condition",
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Resolves with "SUBSCRIBED" or the channel error's message. */
function subscribe(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === "SUBSCRIBED") resolve(status);
      else if (status === "CHANNEL_ERROR" || status === "TIMED_OUT") resolve(error?.message ?? status);
    });
  });
}

let local: LocalSupabase;
let root: string;
let admin: Client;
const users: Record<"writer" | "reader" | "outsider", { id: string; client: Client }> = {} as never;
const ROOM = "alpha";

function newClient(): Client {
  // A short push timeout: a refused private broadcast gets no reply at all.
  return createClient(local.url, PUBLISHABLE_KEY_DEFAULT, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { timeout: 1500 },
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "supabase-local-private-"));
  const migrations = join(root, "migrations");
  mkdirSync(migrations);
  writeFileSync(join(migrations, "20260101000000_private_rooms.sql"), MIGRATION);
  local = await startLocalSupabase({
    port: 0,
    dataDir: "memory://",
    storageDir: "memory://",
    migrationsDir: migrations,
    seedFile: undefined,
    logRequests: false,
  });
  admin = createClient(local.url, SECRET_KEY_DEFAULT, { auth: { persistSession: false } });
  for (const name of ["writer", "reader", "outsider"] as const) {
    const email = `${name}-${Date.now()}@private.test`;
    const created = await admin.auth.admin.createUser({ email, password: "Private-1", email_confirm: true });
    if (created.error || !created.data.user) throw created.error ?? new Error("no user");
    const client = newClient();
    const signed = await client.auth.signInWithPassword({ email, password: "Private-1" });
    if (signed.error) throw signed.error;
    users[name] = { id: created.data.user.id, client };
  }
  const { error } = await admin.from("room_members").insert([
    { room: ROOM, user_id: users.writer.id, can_write: true },
    { room: ROOM, user_id: users.reader.id, can_write: false },
  ]);
  if (error) throw error;
}, 60_000);

afterAll(async () => {
  for (const user of Object.values(users)) await user.client.removeAllChannels();
  await local?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("realtime private channels", () => {
  it("joins only with a select policy for the topic, and refuses with Realtime's reason", async () => {
    const topic = `room:${ROOM}`;
    expect(await subscribe(users.writer.client.channel(topic, { config: { private: true } }))).toBe(
      "SUBSCRIBED",
    );
    expect(await subscribe(users.reader.client.channel(topic, { config: { private: true } }))).toBe(
      "SUBSCRIBED",
    );
    // realtime-js retries a refused join: each refused channel is removed before going on.
    const outsider = users.outsider.client.channel(topic, { config: { private: true } });
    const refused = await subscribe(outsider);
    await users.outsider.client.removeChannel(outsider);
    expect(refused).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
    );
    const anon = newClient();
    const anonChannel = anon.channel(topic, { config: { private: true } });
    const anonRefused = await subscribe(anonChannel);
    await anon.removeChannel(anonChannel);
    expect(anonRefused).toContain("Unauthorized");
    // The same name as a public channel needs no policy, and is another channel.
    expect(await subscribe(users.outsider.client.channel(topic))).toBe("SUBSCRIBED");
    for (const user of Object.values(users)) await user.client.removeAllChannels();
  });

  it("sends a broadcast only with an insert policy; a refused one gets no reply", async () => {
    const topic = `room:${ROOM}`;
    const config = { private: true, broadcast: { ack: true, self: false } };
    const atWriter: Row[] = [];
    const atReader: Row[] = [];
    const atPublic: Row[] = [];
    const writer = users.writer.client
      .channel(topic, { config })
      .on("broadcast", { event: "say" }, (m: Row) => atWriter.push(m));
    const reader = users.reader.client
      .channel(topic, { config })
      .on("broadcast", { event: "say" }, (m: Row) => atReader.push(m));
    const open = users.outsider.client
      .channel(topic)
      .on("broadcast", { event: "say" }, (m: Row) => atPublic.push(m));
    expect(await subscribe(writer)).toBe("SUBSCRIBED");
    expect(await subscribe(reader)).toBe("SUBSCRIBED");
    expect(await subscribe(open)).toBe("SUBSCRIBED");
    try {
      expect(await writer.send({ type: "broadcast", event: "say", payload: { text: "hello" } })).toBe("ok");
      await waitFor(() => atReader.length === 1, 2000, "the writer's broadcast");
      expect(atReader[0]).toMatchObject({ event: "say", payload: { text: "hello" } });

      // Realtime answers a private broadcast its INSERT policies refuse with nothing at all.
      expect(await reader.send({ type: "broadcast", event: "say", payload: { text: "no" } })).toBe(
        "timed out",
      );
      // Nor does a public channel's broadcast reach the private one of the same name.
      expect(await open.send({ type: "broadcast", event: "say", payload: { text: "public" } })).toBe("ok");
      await sleep(300);
      expect(atWriter).toEqual([]);
      expect(atReader).toHaveLength(1);
      expect(atPublic).toEqual([]);

      // The broadcast REST API checks the same policy for private messages (202 either way).
      const post = (token: string, text: string) =>
        fetch(`${local.url}/realtime/v1/api/broadcast`, {
          method: "POST",
          headers: {
            apikey: PUBLISHABLE_KEY_DEFAULT,
            Authorization: `Bearer ${token}`,
            "Content-Type": "application/json",
          },
          body: JSON.stringify({ messages: [{ topic, event: "say", payload: { text }, private: true }] }),
        }).then((res) => res.status);
      const tokenOf = async (client: Client) =>
        (await client.auth.getSession()).data.session?.access_token ?? "";
      expect(await post(await tokenOf(users.reader.client), "rest-no")).toBe(202);
      expect(await post(await tokenOf(users.writer.client), "rest-yes")).toBe(202);
      await waitFor(() => atReader.length === 2, 2000, "the REST broadcast");
      expect(atReader[1]).toMatchObject({ payload: { text: "rest-yes" } });
      expect(atWriter.map((m) => (m.payload as Row).text)).toEqual(["rest-yes"]);
    } finally {
      for (const user of Object.values(users)) await user.client.removeAllChannels();
    }
  });

  it("tracks presence only with an insert policy for presence", async () => {
    const topic = `room:${ROOM}`;
    const writer = users.writer.client
      .channel(topic, { config: { private: true, presence: { key: "writer" } } })
      .on("presence", { event: "sync" }, () => undefined);
    const reader = users.reader.client
      .channel(topic, { config: { private: true, presence: { key: "reader" } } })
      .on("presence", { event: "sync" }, () => undefined);
    expect(await subscribe(writer)).toBe("SUBSCRIBED");
    expect(await subscribe(reader)).toBe("SUBSCRIBED");
    try {
      expect(await writer.track({ name: "Writer" })).toBe("ok");
      expect(await reader.track({ name: "Reader" })).toBe("error");
      await waitFor(
        () => Object.keys(reader.presenceState()).join() === "writer",
        2000,
        "the writer's presence",
      );
      expect(reader.presenceState().writer?.[0]).toMatchObject({ name: "Writer" });
      expect(Object.keys(writer.presenceState())).toEqual(["writer"]);
    } finally {
      for (const user of Object.values(users)) await user.client.removeAllChannels();
    }
  });

  it("delivers realtime.broadcast_changes from a trigger to the private topic only", async () => {
    const topic = `room:${ROOM}`;
    const got: Row[] = [];
    const gotPublic: Row[] = [];
    const channel = users.reader.client
      .channel(topic, { config: { private: true } })
      .on("broadcast", { event: "*" }, (m: Row) => got.push(m));
    const open = users.outsider.client
      .channel(topic)
      .on("broadcast", { event: "*" }, (m: Row) => gotPublic.push(m));
    expect(await subscribe(channel)).toBe("SUBSCRIBED");
    expect(await subscribe(open)).toBe("SUBSCRIBED");
    try {
      const inserted = await admin.from("room_posts").insert({ room: ROOM, body: "first" }).select().single();
      expect(inserted.error).toBeNull();
      await admin.from("room_posts").update({ body: "edited" }).eq("id", inserted.data?.id);
      await admin.from("room_posts").delete().eq("id", inserted.data?.id);
      await waitFor(() => got.length === 3, 3000, "three row changes");
      const [insert, update, remove] = got as { event: string; payload: Row }[];
      expect(insert).toMatchObject({
        type: "broadcast",
        event: "INSERT",
        payload: {
          operation: "INSERT",
          table: "room_posts",
          schema: "public",
          record: { id: inserted.data?.id, room: ROOM, body: "first" },
          old_record: null,
        },
      });
      // Realtime adds the message's id to the payload.
      expect(insert?.payload.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(update).toMatchObject({
        event: "UPDATE",
        payload: { record: { body: "edited" }, old_record: { body: "first" } },
      });
      expect(remove).toMatchObject({
        event: "DELETE",
        payload: { record: null, old_record: { body: "edited" } },
      });

      // realtime.send with private = false goes to the public channel of the topic instead.
      await local.db.tx((q) =>
        q.query("select realtime.send('{\"n\": 1}'::jsonb, 'note', $1, false)", [topic]),
      );
      await waitFor(() => gotPublic.length === 1, 2000, "the public message");
      expect(gotPublic[0]).toMatchObject({ event: "note", payload: { n: 1 } });
      await sleep(200);
      expect(got).toHaveLength(3);
    } finally {
      for (const user of Object.values(users)) await user.client.removeAllChannels();
    }
  });

  it("has realtime.messages with Supabase's columns and row level security on", async () => {
    const { rows } = await local.db.tx((q) =>
      q.query<{ column_name: string }>(
        `select column_name from information_schema.columns
         where table_schema = 'realtime' and table_name = 'messages' order by column_name`,
      ),
    );
    expect(rows.map((r) => r.column_name)).toEqual([
      "event",
      "extension",
      "id",
      "inserted_at",
      "payload",
      "private",
      "topic",
      "updated_at",
    ]);
    const rls = await local.db.tx((q) =>
      q.query<{ relrowsecurity: boolean }>(
        "select relrowsecurity from pg_class where oid = 'realtime.messages'::regclass",
      ),
    );
    expect(rls.rows[0]?.relrowsecurity).toBe(true);
  });
});
