import { describe, expect, it } from "vitest";
import type { NotificationRow } from "../../../app/features/notifications/live/notification-row.ts";
import { subscribeToNotifications } from "../../../app/features/notifications/live/subscribe.ts";
import type { Supabase } from "../../../app/lib/database.ts";
import { createUser, jwt, keys, service, url } from "../helpers.ts";

// The browser's live subscription (app/features/notifications/live/subscribe.ts), run under Node's
// WebSocket against supabase/local: what a person sees live is what RLS and the filter let through.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(read: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

async function accessTokenOf(client: Supabase): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error("no session");
  return data.session.access_token;
}

async function insertNotification(userId: string, title: string): Promise<NotificationRow> {
  const { data, error } = await service()
    .from("notifications")
    .insert({ user_id: userId, title, type: "case_update" })
    .select()
    .single();
  if (error) throw new Error(error.message);
  return data;
}

/** Subscribes as the browser does and collects what arrives; resolves once the channel is joined. */
async function watch(userId: string, getAccessToken: () => Promise<string | null>) {
  const rows: NotificationRow[] = [];
  const statuses: string[] = [];
  const stop = subscribeToNotifications({
    url,
    apiKey: keys.publishable,
    userId,
    getAccessToken,
    onInsert: (row) => rows.push(row),
    onStatus: (status) => statuses.push(status),
  });
  await waitFor(() => (statuses.includes("SUBSCRIBED") ? true : undefined), 5000, "SUBSCRIBED");
  return { rows, statuses, stop };
}

describe("live notifications (subscribeToNotifications against supabase/local)", () => {
  it("delivers a notification inserted for the user within 2 s, and never one for someone else", async () => {
    const a = await createUser();
    const b = await createUser();
    const token = await accessTokenOf(a.client);
    const live = await watch(a.id, async () => token);
    try {
      const forB = await insertNotification(b.id, "for B");
      const inserted = Date.now();
      const forA = await insertNotification(a.id, "<b>for A</b>");
      const received = await waitFor(() => live.rows.find((row) => row.id === forA.id), 2000, "A's insert");
      expect(Date.now() - inserted).toBeLessThan(2000);
      expect(received).toMatchObject({
        user_id: a.id,
        title: "<b>for A</b>",
        type: "case_update",
        is_unread: true,
      });
      await sleep(300);
      expect(live.rows.map((row) => row.id)).toEqual([forA.id]);
      expect(live.rows.some((row) => row.id === forB.id)).toBe(false);
    } finally {
      live.stop();
    }
  });

  it("sends an admin, who may read every notification, only their own", async () => {
    const admin = await createUser("admin");
    const a = await createUser();
    const token = await accessTokenOf(admin.client);
    const live = await watch(admin.id, async () => token);
    try {
      const forA = await insertNotification(a.id, "for A, readable by the admin");
      const forAdmin = await insertNotification(admin.id, "for the admin");
      await waitFor(() => live.rows.find((row) => row.id === forAdmin.id), 2000, "the admin's insert");
      await sleep(300);
      expect(live.rows.map((row) => row.id)).toEqual([forAdmin.id]);
      expect(live.rows.some((row) => row.id === forA.id)).toBe(false);
    } finally {
      live.stop();
    }
  });

  it("gives nothing to someone who asks for another user's notifications with their own token", async () => {
    const a = await createUser();
    const b = await createUser();
    const tokenOfB = await accessTokenOf(b.client);
    const spy = await watch(a.id, async () => tokenOfB);
    const tokenOfA = await accessTokenOf(a.client);
    const owner = await watch(a.id, async () => tokenOfA);
    try {
      const forA = await insertNotification(a.id, "private to A");
      await waitFor(() => owner.rows.find((row) => row.id === forA.id), 2000, "A's own delivery");
      await sleep(300);
      expect(spy.rows).toEqual([]);
    } finally {
      spy.stop();
      owner.stop();
    }
  });

  it("replaces a token that expires while subscribed and keeps delivering", async () => {
    const a = await createUser();
    const lasting = await accessTokenOf(a.client);
    const expiresAt = Math.floor(Date.now() / 1000) + 3;
    const shortLived = await jwt({ sub: a.id, role: "authenticated", aud: "authenticated", exp: expiresAt });
    const calls: string[] = [];
    // The server hands out the short-lived token until it has expired, as a session about to be
    // refreshed would; Realtime closes the channel at expiry and the client must fetch a new one.
    const live = await watch(a.id, async () => {
      const token = Date.now() < expiresAt * 1000 ? shortLived : lasting;
      calls.push(token === shortLived ? "short" : "lasting");
      return token;
    });
    try {
      await waitFor(
        () => (live.statuses.filter((status) => status === "SUBSCRIBED").length >= 2 ? true : undefined),
        10_000,
        "a second SUBSCRIBED after the token expired",
      );
      expect(live.statuses).toContain("CLOSED");
      expect(calls.at(-1)).toBe("lasting");
      const forA = await insertNotification(a.id, "after the renewal");
      await waitFor(() => live.rows.find((row) => row.id === forA.id), 2000, "the insert after renewal");
    } finally {
      live.stop();
    }
  });

  it("joins with a fresh token when the first one it gets has already expired", async () => {
    const a = await createUser();
    const lasting = await accessTokenOf(a.client);
    const expired = await jwt({
      sub: a.id,
      role: "authenticated",
      aud: "authenticated",
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    const tokens = [expired];
    const live = await watch(a.id, async () => tokens.shift() ?? lasting);
    try {
      const forA = await insertNotification(a.id, "despite the expired token");
      await waitFor(() => live.rows.find((row) => row.id === forA.id), 2000, "the insert");
    } finally {
      live.stop();
    }
  });
});
