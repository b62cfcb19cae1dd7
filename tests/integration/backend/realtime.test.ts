import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createClient,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
} from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { Database, Supabase } from "../../../app/lib/database.ts";
import { PUBLISHABLE_KEY_DEFAULT, SECRET_KEY_DEFAULT } from "../../../supabase/local/config.ts";
import { startLocalSupabase } from "../../../supabase/local/server.ts";
import { client, createUser, demo, jwt, keys, PASSWORD, service, signedIn, url } from "../helpers.ts";

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(read: () => T | undefined, timeoutMs = 5000, what = "condition"): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Subscribes and resolves on SUBSCRIBED; rejects with the channel error otherwise. */
function subscribe(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === "SUBSCRIBED") resolve(channel);
      else if (status === "CHANNEL_ERROR" || status === "TIMED_OUT")
        reject(error ?? new Error(`channel ${status}`));
    });
  });
}

/** A channel of postgres_changes on notifications, collecting what it receives. */
async function watchNotifications(
  c: Supabase,
  name: string,
  params: { event?: "*" | "INSERT" | "UPDATE" | "DELETE"; filter?: string } = {},
): Promise<{ channel: RealtimeChannel; events: Change[] }> {
  const events: Change[] = [];
  const channel = c.channel(name).on(
    "postgres_changes",
    // biome-ignore lint/suspicious/noExplicitAny: the overloads want a literal event type
    { event: (params.event ?? "*") as any, schema: "public", table: "notifications", filter: params.filter },
    (payload: Change) => events.push(payload),
  );
  await subscribe(channel);
  return { channel, events };
}

async function insertNotification(userId: string, title: string) {
  const { data, error } = await service()
    .from("notifications")
    .insert({ user_id: userId, title, type: "case_update", category: "realtime-test" })
    .select()
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function accessToken(c: Supabase): Promise<string> {
  const { data } = await c.auth.getSession();
  if (!data.session) throw new Error("no session");
  return data.session.access_token;
}

/** A raw Phoenix socket for frames the clients never send. */
class RawSocket {
  readonly ws: WebSocket;
  readonly frames: unknown[] = [];
  closed: { code: number; at: number } | undefined;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on("message", (data, isBinary) => {
      if (isBinary) this.frames.push(data);
      else this.frames.push(JSON.parse(data.toString()));
    });
    ws.on("close", (code) => {
      this.closed = { code, at: Date.now() };
    });
  }

  static open(base: string, vsn: string, apikey = keys.publishable): Promise<RawSocket> {
    const ws = new WebSocket(
      `${base.replace(/^http/, "ws")}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${vsn}`,
    );
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(new RawSocket(ws)));
      ws.once("error", reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  next(match: (frame: never) => boolean, timeoutMs = 3000): Promise<never> {
    return waitFor(() => this.frames.find((f) => match(f as never)) as never, timeoutMs, "a frame");
  }

  close(): void {
    this.ws.close();
  }
}

describe("realtime postgres_changes", () => {
  it("delivers a filtered insert to its user within a second and never another user's", async () => {
    const a = await createUser();
    const b = await createUser();
    const { channel, events } = await watchNotifications(a.client, "mine", {
      event: "INSERT",
      filter: `user_id=eq.${a.id}`,
    });
    try {
      const start = Date.now();
      const forB = await insertNotification(b.id, "for B");
      const forA = await insertNotification(a.id, "for A");
      const received = await waitFor(() => events.find((e) => e.eventType === "INSERT"), 1000, "A's insert");
      expect(Date.now() - start).toBeLessThan(1000);
      expect(received.new).toMatchObject({ id: forA.id, user_id: a.id, title: "for A", is_unread: true });
      expect(received).toMatchObject({ schema: "public", table: "notifications", errors: null, old: {} });
      expect(received.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      await sleep(300);
      expect(events.map((e) => (e.new as Row).id)).toEqual([forA.id]);
      expect(events.some((e) => (e.new as Row).id === forB.id)).toBe(false);
    } finally {
      await a.client.removeChannel(channel);
    }
  });

  it("sends nothing to a user whose RLS hides the rows, nor to anon without table access", async () => {
    const a = await createUser();
    const b = await createUser();
    const control = await watchNotifications(a.client, "control");
    const other = await watchNotifications(b.client, "other-user");
    const anon = client();
    const anonymous = await watchNotifications(anon, "anon");
    try {
      const row = await insertNotification(a.id, "private to A");
      await waitFor(() => control.events.find((e) => (e.new as Row).id === row.id), 2000, "control");
      await sleep(300);
      expect(other.events).toEqual([]);
      expect(anonymous.events).toEqual([]);
    } finally {
      await a.client.removeAllChannels();
      await b.client.removeAllChannels();
      await anon.removeAllChannels();
    }
  });

  it("sends UPDATE and DELETE with the documented shape (old record: primary key only under RLS)", async () => {
    const a = await createUser();
    const row = await insertNotification(a.id, "to change");
    const { channel, events } = await watchNotifications(a.client, "changes");
    try {
      const admin = service();
      expect(
        (await admin.from("notifications").update({ is_unread: false }).eq("id", row.id)).error,
      ).toBeNull();
      const update = await waitFor(() => events.find((e) => e.eventType === "UPDATE"), 2000, "update");
      expect(update).toMatchObject({
        schema: "public",
        table: "notifications",
        eventType: "UPDATE",
        new: { id: row.id, user_id: a.id, title: "to change", is_unread: false, category: "realtime-test" },
        old: { id: row.id },
        errors: null,
      });
      expect(Object.keys(update.old)).toEqual(["id"]);
      expect((await admin.from("notifications").delete().eq("id", row.id)).error).toBeNull();
      const deleted = await waitFor(() => events.find((e) => e.eventType === "DELETE"), 2000, "delete");
      expect(deleted).toMatchObject({ eventType: "DELETE", new: {}, old: { id: row.id }, errors: null });
      expect(Object.keys(deleted.old)).toEqual(["id"]);
      expect(deleted.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    } finally {
      await a.client.removeChannel(channel);
    }
  });

  it("reports a subscription to a table outside the publication in a system message", async () => {
    const a = await createUser();
    const messages: Row[] = [];
    const channel = a.client
      .channel("not-published")
      .on("postgres_changes", { event: "*", schema: "public", table: "law_firms" }, () => undefined)
      .on("system", {}, (payload: Row) => messages.push(payload));
    await subscribe(channel);
    const system = await waitFor(() => messages.find((m) => m.extension === "postgres_changes"), 2000);
    expect(system).toMatchObject({ status: "error", channel: "not-published" });
    expect(String(system.message)).toContain("Unable to subscribe to changes");
    await a.client.removeChannel(channel);
  });

  it("keeps delivering after the server restarts: the client reconnects and rejoins", async () => {
    const root = mkdtempSync(join(tmpdir(), "supabase-local-realtime-"));
    const options = { dataDir: join(root, "pglite"), storageDir: join(root, "storage"), logRequests: false };
    let local = await startLocalSupabase({ port: 0, ...options });
    const port = Number(new URL(local.url).port);
    const user = createClient<Database>(local.url, PUBLISHABLE_KEY_DEFAULT, {
      auth: { persistSession: false },
    });
    const admin = createClient<Database>(local.url, SECRET_KEY_DEFAULT, { auth: { persistSession: false } });
    try {
      const { error } = await user.auth.signInWithPassword({ email: demo.client.email, password: PASSWORD });
      expect(error).toBeNull();
      const events: Change[] = [];
      let subscribedCount = 0;
      const channel = user.channel("restart").on(
        "postgres_changes",
        {
          event: "INSERT",
          schema: "public",
          table: "notifications",
          filter: `user_id=eq.${demo.client.id}`,
        },
        (payload: Change) => events.push(payload),
      );
      channel.subscribe((status) => {
        if (status === "SUBSCRIBED") subscribedCount++;
      });
      await waitFor(() => subscribedCount === 1, 5000, "first subscribe");
      await admin.from("notifications").insert({ user_id: demo.client.id, title: "before", type: "payment" });
      await waitFor(() => events.length === 1, 2000, "event before restart");

      await local.close();
      local = await startLocalSupabase({ port, ...options });
      await waitFor(() => subscribedCount >= 2, 30_000, "rejoin after restart");
      const inserted = await admin
        .from("notifications")
        .insert({ user_id: demo.client.id, title: "after", type: "payment" });
      expect(inserted.error).toBeNull();
      await waitFor(() => events.length === 2, 2000, "event after restart");
      expect(events[1]?.new).toMatchObject({ title: "after", user_id: demo.client.id });
      await user.removeAllChannels();
    } finally {
      await local.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("realtime broadcast", () => {
  it("delivers with and without ack, honouring self", async () => {
    const one = client();
    const two = client();
    const topic = `room-${Date.now()}`;
    const gotOne: Row[] = [];
    const gotTwo: Row[] = [];
    const chOne = one
      .channel(topic, { config: { broadcast: { self: true, ack: true } } })
      .on("broadcast", { event: "msg" }, (m: Row) => gotOne.push(m));
    const chTwo = two
      .channel(topic, { config: { broadcast: { self: false, ack: false } } })
      .on("broadcast", { event: "msg" }, (m: Row) => gotTwo.push(m));
    await subscribe(chOne);
    await subscribe(chTwo);
    try {
      // ack: the promise resolves only once the server has replied on the push's ref.
      expect(await chOne.send({ type: "broadcast", event: "msg", payload: { from: "one" } })).toBe("ok");
      await waitFor(() => gotTwo.length === 1 && gotOne.length === 1, 2000, "broadcast from one");
      expect(gotTwo[0]).toMatchObject({ type: "broadcast", event: "msg", payload: { from: "one" } });
      expect(gotOne[0]).toMatchObject({ event: "msg", payload: { from: "one" } });

      expect(await chTwo.send({ type: "broadcast", event: "msg", payload: { from: "two" } })).toBe("ok");
      await waitFor(() => gotOne.length === 2, 2000, "broadcast from two");
      expect(gotOne[1]).toMatchObject({ payload: { from: "two" } });
      await sleep(200);
      expect(gotTwo).toHaveLength(1);

      // A send before joining goes through POST /realtime/v1/api/broadcast.
      const three = client();
      const before = three.channel(topic);
      expect(await before.send({ type: "broadcast", event: "msg", payload: { from: "rest" } })).toBe("ok");
      await waitFor(() => gotOne.length === 3 && gotTwo.length === 2, 2000, "REST broadcast");
      expect(gotTwo[1]).toMatchObject({ payload: { from: "rest" } });
      await expect(before.httpSend("msg", { from: "httpSend" })).resolves.toEqual({ success: true });
      await waitFor(() => gotTwo.length === 3, 2000, "httpSend broadcast");
      await three.removeAllChannels();
    } finally {
      await one.removeAllChannels();
      await two.removeAllChannels();
    }
  });

  it("answers the broadcast REST API with 202 and rejects a bad token", async () => {
    const ok = await fetch(`${url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: { apikey: keys.publishable, "Content-Type": "application/json" },
      body: JSON.stringify({ messages: [{ topic: "nobody", event: "e", payload: {}, private: false }] }),
    });
    expect(ok.status).toBe(202);
    const bad = await fetch(`${url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: {
        apikey: keys.publishable,
        Authorization: "Bearer not-a-jwt",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ messages: [] }),
    });
    expect(bad.status).toBe(401);
    const malformed = await fetch(`${url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: { apikey: keys.publishable, "Content-Type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
    // Over the body limit (1 MiB): refused with Realtime's message, through the shared body reader.
    const huge = await fetch(`${url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: { apikey: keys.publishable, "Content-Type": "application/json" },
      body: JSON.stringify({ messages: [{ topic: "t", event: "e", payload: { x: "x".repeat(2 ** 21) } }] }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: "Payload too large" });
  });
});

describe("realtime presence", () => {
  it("shows each client the other's state and the leave", async () => {
    const alice = await signedIn(demo.client.email);
    const bob = await signedIn(demo.lawyer.email);
    const topic = `presence-${Date.now()}`;
    const leaves: string[] = [];
    const chAlice = alice
      .channel(topic, { config: { presence: { key: "alice" } } })
      .on("presence", { event: "sync" }, () => undefined)
      .on("presence", { event: "leave" }, ({ key }: { key: string }) => leaves.push(key));
    const chBob = bob
      .channel(topic, { config: { presence: { key: "bob" } } })
      .on("presence", { event: "sync" }, () => undefined);
    await subscribe(chAlice);
    await subscribe(chBob);
    try {
      expect(await chAlice.track({ name: "Alice" })).toBe("ok");
      expect(await chBob.track({ name: "Bob" })).toBe("ok");
      const keysOf = (ch: RealtimeChannel) => Object.keys(ch.presenceState()).sort().join(",");
      await waitFor(() => keysOf(chAlice) === "alice,bob" && keysOf(chBob) === "alice,bob", 2000, "presence");
      expect(chAlice.presenceState().bob?.[0]).toMatchObject({ name: "Bob" });
      expect(chBob.presenceState().alice?.[0]).toMatchObject({ name: "Alice" });
      expect(chBob.presenceState().alice?.[0]?.presence_ref).toEqual(expect.any(String));

      await bob.removeChannel(chBob);
      await waitFor(() => leaves.includes("bob"), 2000, "bob's leave");
      expect(keysOf(chAlice)).toBe("alice");
    } finally {
      await alice.removeAllChannels();
      await bob.removeAllChannels();
    }
  });
});

describe("realtime tokens", () => {
  it("refuses a join with an expired token", async () => {
    const expired = await jwt({
      role: "authenticated",
      sub: demo.client.id,
      aud: "authenticated",
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    const c = client();
    // A token set by hand goes into the join payload (a callback token only arrives after it).
    await c.realtime.setAuth(expired);
    try {
      const error = await subscribe(c.channel("expired")).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
    } finally {
      await c.removeAllChannels();
    }
    const raw = await RawSocket.open(url, "2.0.0");
    try {
      raw.send(["1", "1", "realtime:expired", "phx_join", { config: {}, access_token: expired }]);
      expect(await raw.next((f: unknown[]) => f[1] === "1")).toEqual([
        "1",
        "1",
        "realtime:expired",
        "phx_reply",
        {
          status: "error",
          response: { reason: expect.stringMatching(/^InvalidJWTToken: Token has expired/) },
        },
      ]);
      raw.send(["2", "2", "realtime:bad", "phx_join", { config: {}, access_token: "a.b.c" }]);
      expect(await raw.next((f: unknown[]) => f[1] === "2")).toMatchObject([
        "2",
        "2",
        "realtime:bad",
        "phx_reply",
        { status: "error", response: { reason: expect.any(String) } },
      ]);
    } finally {
      raw.close();
    }
  });

  it("closes a channel when an access_token refresh is invalid, ignores sb_ keys and null", async () => {
    const user = await signedIn(demo.client.email);
    const token = await accessToken(user);
    const raw = await RawSocket.open(url, "2.0.0");
    try {
      raw.send(["1", "1", "realtime:tokens", "phx_join", { config: {}, access_token: token }]);
      await raw.next((f: unknown[]) => f[1] === "1" && f[3] === "phx_reply");
      raw.send(["1", "2", "realtime:tokens", "access_token", { access_token: keys.publishable }]);
      raw.send(["1", "3", "realtime:tokens", "access_token", { access_token: null }]);
      raw.send(["1", "4", "realtime:tokens", "broadcast", { type: "broadcast", event: "x", payload: {} }]);
      raw.send([null, "5", "phoenix", "heartbeat", {}]);
      await raw.next((f: unknown[]) => f[1] === "5");
      expect(raw.frames.some((f) => (f as unknown[])[3] === "system")).toBe(false);

      const expired = await jwt({ role: "authenticated", sub: demo.client.id, exp: 1000 });
      raw.send(["1", "6", "realtime:tokens", "access_token", { access_token: expired }]);
      const system = await raw.next((f: unknown[]) => f[3] === "system");
      expect(system).toEqual([
        null,
        null,
        "realtime:tokens",
        "system",
        {
          extension: "system",
          status: "error",
          message: expect.stringMatching(/^Token has expired/),
          channel: "tokens",
        },
      ]);
      await raw.next((f: unknown[]) => f[3] === "phx_close" && f[0] === "1");
      raw.send(["1", "7", "realtime:tokens", "broadcast", { type: "broadcast", event: "x", payload: {} }]);
      const unmatched = await raw.next((f: unknown[]) => f[1] === "7");
      expect(unmatched).toMatchObject([
        "1",
        "7",
        "realtime:tokens",
        "phx_reply",
        { status: "error", response: { reason: "unmatched topic" } },
      ]);
    } finally {
      raw.close();
    }
  });

  it("rejects a WebSocket without a valid apikey", async () => {
    await expect(RawSocket.open(url, "2.0.0", "wrong-key")).rejects.toThrow(/401/);
  });
});

describe("realtime wire protocol", () => {
  it("joins with vsn 1.0.0 frames and receives the documented change shape", async () => {
    const a = await createUser();
    const token = await accessToken(a.client);
    const raw = await RawSocket.open(url, "1.0.0");
    try {
      const params = {
        event: "INSERT",
        schema: "public",
        table: "notifications",
        filter: `user_id=eq.${a.id}`,
      };
      raw.send({
        topic: "realtime:v1",
        event: "phx_join",
        payload: { config: { postgres_changes: [params] }, access_token: token },
        ref: "1",
        join_ref: "1",
      });
      const reply = await raw.next((f: Row) => f.ref === "1");
      expect(reply).toMatchObject({
        topic: "realtime:v1",
        event: "phx_reply",
        payload: { status: "ok", response: { postgres_changes: [{ ...params, id: expect.any(Number) }] } },
      });
      const id = (reply as { payload: { response: { postgres_changes: { id: number }[] } } }).payload.response
        .postgres_changes[0]?.id;
      await raw.next((f: Row) => f.event === "system");
      raw.send({ topic: "phoenix", event: "heartbeat", payload: {}, ref: "2" });
      expect(await raw.next((f: Row) => f.ref === "2")).toMatchObject({
        topic: "phoenix",
        event: "phx_reply",
        payload: { status: "ok", response: {} },
      });
      const row = await insertNotification(a.id, "raw v1");
      const event = await raw.next((f: Row) => f.event === "postgres_changes");
      expect(event).toMatchObject({
        topic: "realtime:v1",
        event: "postgres_changes",
        payload: {
          ids: [id],
          data: {
            schema: "public",
            table: "notifications",
            type: "INSERT",
            record: { id: row.id, title: "raw v1", user_id: a.id },
            errors: null,
          },
        },
      });
      const data = (event as { payload: { data: Row } }).payload.data;
      expect(data.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(data.columns).toEqual([
        { name: "id", type: "uuid" },
        { name: "user_id", type: "uuid" },
        { name: "title", type: "text" },
        { name: "type", type: "text" },
        { name: "category", type: "text" },
        { name: "is_unread", type: "bool" },
        { name: "created_at", type: "timestamptz" },
        { name: "avatar_url", type: "text" },
        { name: "event", type: "text" },
        { name: "params", type: "jsonb" },
        { name: "link", type: "text" },
      ]);
    } finally {
      raw.close();
    }
  });

  it("survives malformed frames and answers binary broadcast pushes", async () => {
    const raw = await RawSocket.open(url, "2.0.0");
    try {
      raw.send("not json");
      raw.send("[1,2,3]");
      raw.send(JSON.stringify({ topic: 1 }));
      raw.send(Buffer.from([3, 200, 200, 200]));
      raw.send(Buffer.from([9, 9, 9]));
      raw.send(["1", "1", "realtime:bin", "phx_join", "not an object"]);
      raw.send(["1", "2", "realtime:x", "phx_join", { config: { postgres_changes: [{ filter: 5 }, null] } }]);
      raw.send(["1", "3", "realtime:bin", "phx_join", { config: { broadcast: { self: true, ack: true } } }]);
      await raw.next((f: unknown[]) => f[1] === "3" && f[3] === "phx_reply");
      // Kind 3 user broadcast push: [3, join_ref, ref, topic, event, meta, encoding=1 JSON] … payload.
      const parts = ["1", "4", "realtime:bin", "ev", ""].map((s) => Buffer.from(s));
      const header = Buffer.from([3, ...parts.map((p) => p.length), 1]);
      raw.send(Buffer.concat([header, ...parts, Buffer.from(JSON.stringify({ n: 1 }))]));
      await raw.next((f: unknown[]) => Array.isArray(f) && f[1] === "4" && f[3] === "phx_reply");
      const echoed = (await raw.next((f: unknown) => Buffer.isBuffer(f))) as Buffer;
      expect(echoed[0]).toBe(4);
      expect(echoed.subarray(5).toString()).toBe(`realtime:binev${JSON.stringify({ n: 1 })}`);
      raw.send([null, "9", "phoenix", "heartbeat", {}]);
      await raw.next((f: unknown[]) => f[1] === "9");
      expect(raw.closed).toBeUndefined();
    } finally {
      raw.close();
    }
  });

  it("closes a socket that stays silent past the heartbeat timeout", async () => {
    process.env.SUPABASE_REALTIME_HEARTBEAT_TIMEOUT_MS = "400";
    const local = await startLocalSupabase({
      port: 0,
      dataDir: "memory://",
      storageDir: "memory://",
    }).finally(() => {
      delete process.env.SUPABASE_REALTIME_HEARTBEAT_TIMEOUT_MS;
    });
    try {
      // Taken before the silent socket opens: the server's clock for it starts later still.
      const opened = Date.now();
      const silent = await RawSocket.open(local.url, "2.0.0");
      const chatty = await RawSocket.open(local.url, "2.0.0");
      const beat = setInterval(() => chatty.send([null, "1", "phoenix", "heartbeat", {}]), 100);
      try {
        const closed = await waitFor(() => silent.closed, 3000, "heartbeat timeout");
        expect(closed.at - opened).toBeGreaterThanOrEqual(350);
        await sleep(300);
        expect(chatty.closed).toBeUndefined();
      } finally {
        clearInterval(beat);
        chatty.close();
      }
    } finally {
      await local.close();
    }
  }, 60_000);
});
