import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NotificationRow } from "./notification-row";
import { subscribeToNotifications } from "./subscribe";

/** A Phoenix frame of serializer vsn 2.0.0: [join_ref, ref, topic, event, payload]. */
type Frame = [string | null, string | null, string, string, Record<string, unknown>];

const USER_ID = "00000000-0000-4000-8000-000000000001";
const TOPIC = `realtime:notifications:${USER_ID}`;

/** An unsigned JWT expiring `secondsLeft` from the (fake) clock; the client only reads `exp`. */
function tokenExpiringIn(secondsLeft: number, label: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const exp = Math.floor(Date.now() / 1000) + secondsLeft;
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: USER_ID, role: "authenticated", exp, label })}.sig`;
}

/** How the fake Realtime server answers. */
type ServerBehaviour = {
  reachable: boolean;
  answerHeartbeats: boolean;
  /** The error reason for a join, or null to accept it. */
  refuseJoin: (payload: Record<string, unknown>) => string | null;
};

/**
 * A WebSocket stand-in with a tiny Realtime server behind it: it accepts joins (echoing the
 * postgres_changes bindings with ids, as Realtime does), answers heartbeats and leaves, and
 * records every frame the client sends.
 */
class FakeSocket {
  static instances: FakeSocket[] = [];
  static behaviour: ServerBehaviour;
  readonly url: string;
  readonly createdAt = Date.now();
  readonly sent: Frame[] = [];
  /** When each heartbeat arrived. */
  readonly heartbeatTimes: number[] = [];
  readyState = 0;
  bufferedAmount = 0;
  binaryType = "arraybuffer";
  closedWith: { code?: number; reason?: string; at: number } | undefined;
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
    setTimeout(() => {
      if (FakeSocket.behaviour.reachable) {
        this.readyState = 1;
        this.onopen?.();
      } else {
        this.readyState = 3;
        this.onerror?.(new Error("connection refused"));
        this.onclose?.({ code: 1006, reason: "", wasClean: false });
      }
    }, 5);
  }

  send(data: string): void {
    const frame = JSON.parse(data) as Frame;
    this.sent.push(frame);
    const [joinRef, ref, topic, event, payload] = frame;
    if (event === "heartbeat") this.heartbeatTimes.push(Date.now());
    if (event === "heartbeat" && FakeSocket.behaviour.answerHeartbeats) {
      this.receive([null, ref, "phoenix", "phx_reply", { status: "ok", response: {} }]);
    } else if (event === "phx_join") {
      const reason = FakeSocket.behaviour.refuseJoin(payload);
      const config = payload.config as { postgres_changes: Record<string, unknown>[] };
      const response = reason
        ? { status: "error", response: { reason } }
        : {
            status: "ok",
            response: { postgres_changes: config.postgres_changes.map((p) => ({ ...p, id: 7 })) },
          };
      this.receive([joinRef, ref, topic, "phx_reply", response]);
    } else if (event === "phx_leave") {
      this.receive([joinRef, ref, topic, "phx_reply", { status: "ok", response: {} }]);
    }
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason, at: Date.now() };
    this.readyState = 3;
    this.onclose?.({ code: code ?? 1005, reason: reason ?? "", wasClean: true });
  }

  /** Delivers a frame from the server. */
  receive(frame: Frame): void {
    queueMicrotask(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }

  framesOf(event: string): Frame[] {
    return this.sent.filter((frame) => frame[3] === event);
  }

  /** The ref of the join the channel is in now (the server addresses phx_close with it). */
  lastJoinRef(): string | null {
    return this.framesOf("phx_join").at(-1)?.[0] ?? null;
  }
}

const ROW: NotificationRow = {
  id: "20000000-0000-4000-8000-000000000001",
  user_id: USER_ID,
  title: "<b>New</b> case",
  type: "case_update",
  category: null,
  is_unread: true,
  created_at: "2026-11-23T10:00:00.000Z",
  avatar_url: null,
};

function insertFrame(row: NotificationRow): Frame {
  const columns = Object.keys(row).map((name) => ({ name, type: name === "is_unread" ? "bool" : "text" }));
  return [
    null,
    null,
    TOPIC,
    "postgres_changes",
    {
      ids: [7],
      data: {
        schema: "public",
        table: "notifications",
        commit_timestamp: row.created_at,
        type: "INSERT",
        columns,
        record: row,
        errors: null,
      },
    },
  ];
}

function start(getAccessToken: () => Promise<string | null>, since?: string) {
  const inserted: NotificationRow[] = [];
  const statuses: string[] = [];
  const stop = subscribeToNotifications({
    url: "http://127.0.0.1:54321/",
    apiKey: "anon-key",
    userId: USER_ID,
    getAccessToken,
    since,
    onInsert: (row) => inserted.push(row),
    onStatus: (status) => statuses.push(status),
  });
  return { stop, inserted, statuses };
}

const socket = (index: number): FakeSocket => {
  const found = FakeSocket.instances[index];
  if (!found) throw new Error(`no socket ${index} (${FakeSocket.instances.length} opened)`);
  return found;
};

/** What the REST API answers a catch-up with, and the URLs it was asked. */
let restRows: NotificationRow[] = [];
let restRequests: { url: URL; authorization: string | null }[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeSocket);
  restRows = [];
  restRequests = [];
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    restRequests.push({ url: new URL(input), authorization: new Headers(init.headers).get("Authorization") });
    return new Response(JSON.stringify(restRows), { headers: { "Content-Type": "application/json" } });
  });
  FakeSocket.instances = [];
  FakeSocket.behaviour = { reachable: true, answerHeartbeats: true, refuseJoin: () => null };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("subscribeToNotifications", () => {
  it("joins with the user's token, filtered to their inserts, and passes each new row on", async () => {
    const token = tokenExpiringIn(3600, "first");
    const live = start(async () => token);
    await vi.advanceTimersByTimeAsync(50);

    expect(FakeSocket.instances).toHaveLength(1);
    const url = new URL(socket(0).url);
    expect(url.pathname).toBe("/realtime/v1/websocket");
    expect(url.searchParams.get("apikey")).toBe("anon-key");
    const [join] = socket(0).framesOf("phx_join");
    expect(join?.[2]).toBe(TOPIC);
    expect(join?.[4]).toMatchObject({
      access_token: token,
      config: {
        postgres_changes: [
          { event: "INSERT", schema: "public", table: "notifications", filter: `user_id=eq.${USER_ID}` },
        ],
      },
    });
    expect(live.statuses).toEqual(["SUBSCRIBED"]);

    socket(0).receive(insertFrame(ROW));
    await vi.advanceTimersByTimeAsync(1);
    expect(live.inserted).toEqual([ROW]);
    live.stop();
  });

  it("sends a heartbeat every 30 s and asks for no new token while the one in hand has over a minute left", async () => {
    const getAccessToken = vi.fn(async () => tokenExpiringIn(3600, "long"));
    const live = start(getAccessToken);
    await vi.advanceTimersByTimeAsync(50);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(socket(0).framesOf("heartbeat")).toHaveLength(3);
    expect(getAccessToken).toHaveBeenCalledTimes(1);
    expect(socket(0).framesOf("access_token")).toHaveLength(0);
    live.stop();
  });

  it("renews a token within 60 s of expiry and hands the new one to the joined channel", async () => {
    const tokens = [tokenExpiringIn(85, "short"), tokenExpiringIn(3600, "renewed")];
    const getAccessToken = vi.fn(async () => tokens.shift() ?? null);
    const live = start(getAccessToken);
    await vi.advanceTimersByTimeAsync(50);
    expect(getAccessToken).toHaveBeenCalledTimes(1);

    // The heartbeat at 30 s finds 55 s left: a new token is fetched and sent before expiry.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(getAccessToken).toHaveBeenCalledTimes(2);
    const pushes = socket(0).framesOf("access_token");
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.[4]).toEqual({ access_token: expect.stringContaining(".") });
    expect(pushes[0]?.[4].access_token).not.toBe(socket(0).framesOf("phx_join")[0]?.[4].access_token);
    live.stop();
  });

  it("fetches a new token when the server refuses the join as expired, and the retry carries it", async () => {
    const stale = tokenExpiringIn(3600, "rejected");
    const fresh = tokenExpiringIn(3600, "fresh");
    const tokens = [stale, fresh];
    const getAccessToken = vi.fn(async () => tokens.shift() ?? null);
    FakeSocket.behaviour.refuseJoin = (payload) =>
      payload.access_token === stale ? "InvalidJWTToken: Token has expired 3 seconds ago" : null;
    const live = start(getAccessToken);
    await vi.advanceTimersByTimeAsync(50);
    expect(live.statuses).toEqual(["CHANNEL_ERROR"]);
    expect(getAccessToken).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(1_000);
    const joins = socket(0).framesOf("phx_join");
    expect(joins.map((frame) => frame[4].access_token)).toEqual([stale, fresh]);
    expect(live.statuses).toEqual(["CHANNEL_ERROR", "SUBSCRIBED"]);
    live.stop();
  });

  it("joins again with a new token after the server closes the channel because the token expired", async () => {
    const first = tokenExpiringIn(3600, "first");
    const second = tokenExpiringIn(3600, "second");
    const tokens = [first, second];
    const live = start(async () => tokens.shift() ?? null);
    await vi.advanceTimersByTimeAsync(50);
    const joinRef = socket(0).lastJoinRef();

    // What Realtime sends when a channel's token runs out (supabase/local/realtime/channel.ts).
    socket(0).receive([
      null,
      null,
      TOPIC,
      "system",
      { extension: "system", status: "error", message: "Token has expired 0 seconds ago", channel: "x" },
    ]);
    socket(0).receive([joinRef, joinRef, TOPIC, "phx_close", {}]);
    await vi.advanceTimersByTimeAsync(1);
    expect(live.statuses).toEqual(["SUBSCRIBED", "CLOSED"]);

    await vi.advanceTimersByTimeAsync(1_000);
    const joins = socket(0).framesOf("phx_join");
    expect(joins.map((frame) => frame[4].access_token)).toEqual([first, second]);
    expect(live.statuses).toEqual(["SUBSCRIBED", "CLOSED", "SUBSCRIBED"]);
    expect(FakeSocket.instances).toHaveLength(1);

    socket(0).receive(insertFrame(ROW));
    await vi.advanceTimersByTimeAsync(1);
    expect(live.inserted).toEqual([ROW]);
    live.stop();
  });

  it("closes a socket whose heartbeat gets no reply within 30 s and reconnects 1 s later", async () => {
    const live = start(async () => tokenExpiringIn(3600, "token"));
    await vi.advanceTimersByTimeAsync(50);
    FakeSocket.behaviour.answerHeartbeats = false;

    await vi.advanceTimersByTimeAsync(30_000);
    expect(socket(0).framesOf("heartbeat")).toHaveLength(1);
    expect(socket(0).closedWith).toBeUndefined();

    await vi.advanceTimersByTimeAsync(30_000);
    expect(socket(0).closedWith).toMatchObject({ code: 1000, reason: "heartbeat timeout" });
    expect((socket(0).closedWith?.at ?? 0) - (socket(0).heartbeatTimes[0] ?? 0)).toBe(30_000);
    FakeSocket.behaviour.answerHeartbeats = true;

    await vi.advanceTimersByTimeAsync(1_100);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(socket(1).createdAt - (socket(0).closedWith?.at ?? 0)).toBe(1_000);
    expect(socket(1).framesOf("phx_join")).toHaveLength(1);
    expect(live.statuses.at(-1)).toBe("SUBSCRIBED");
    live.stop();
  });

  it("retries an unreachable server after 1 s, 2 s, 5 s, then every 10 s", async () => {
    const live = start(async () => tokenExpiringIn(3600, "token"));
    await vi.advanceTimersByTimeAsync(50);
    FakeSocket.behaviour.reachable = false;
    socket(0).close(1006, "network lost");
    const lostAt = Date.now();

    await vi.advanceTimersByTimeAsync(40_000);
    // Each attempt is refused 5 ms after it starts; the next waits from then.
    const failedAt = [lostAt, ...FakeSocket.instances.slice(1).map((attempt) => attempt.createdAt + 5)];
    const waits = FakeSocket.instances
      .slice(1)
      .map((attempt, index) => attempt.createdAt - (failedAt[index] ?? 0));
    expect(waits).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
    live.stop();
  });

  it("leaves the channel and closes the socket when stopped, and never reconnects", async () => {
    const live = start(async () => tokenExpiringIn(3600, "token"));
    await vi.advanceTimersByTimeAsync(50);
    live.stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(socket(0).framesOf("phx_leave")).toHaveLength(1);
    expect(socket(0).closedWith).toBeDefined();

    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.instances).toHaveLength(1);
    socket(0).receive(insertFrame(ROW));
    await vi.advanceTimersByTimeAsync(1);
    expect(live.inserted).toEqual([]);
  });

  it("never connects when stopped before the token arrives", async () => {
    let release: (token: string) => void = () => undefined;
    const live = start(() => new Promise<string>((resolve) => (release = resolve)));
    live.stop();
    release(tokenExpiringIn(3600, "late"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it("on every (re)join fetches what arrived since the last one seen, and passes each on once", async () => {
    const token = tokenExpiringIn(3600, "token");
    const loadedAt = "2026-11-23T09:59:00.000Z";
    // Created between the page's list and the first join: caught up on joining.
    const early = {
      ...ROW,
      id: "20000000-0000-4000-8000-0000000000e1",
      created_at: "2026-11-23T09:59:30.000Z",
    };
    restRows = [early];
    const live = start(async () => token, loadedAt);
    await vi.advanceTimersByTimeAsync(50);
    expect(restRequests).toHaveLength(1);
    const first = restRequests[0];
    expect(first?.url.pathname).toBe("/rest/v1/notifications");
    expect(first?.url.searchParams.get("user_id")).toBe(`eq.${USER_ID}`);
    expect(first?.url.searchParams.get("created_at")).toBe(`gte.${loadedAt}`);
    expect(first?.authorization).toBe(`Bearer ${token}`);
    expect(live.inserted).toEqual([early]);

    // A live one, then the channel closes; one is created while it rejoins.
    socket(0).receive(insertFrame(ROW));
    await vi.advanceTimersByTimeAsync(1);
    const joinRef = socket(0).lastJoinRef();
    socket(0).receive([joinRef, joinRef, TOPIC, "phx_close", {}]);
    await vi.advanceTimersByTimeAsync(1);
    const missed = {
      ...ROW,
      id: "20000000-0000-4000-8000-0000000000e2",
      created_at: "2026-11-23T10:00:05.000Z",
    };
    // The API answers from the last one seen: the live one again (same instant) and the missed one.
    restRows = [ROW, missed];
    await vi.advanceTimersByTimeAsync(1_100);
    expect(live.statuses).toEqual(["SUBSCRIBED", "CLOSED", "SUBSCRIBED"]);
    expect(restRequests).toHaveLength(2);
    expect(restRequests[1]?.url.searchParams.get("created_at")).toBe(`gte.${ROW.created_at}`);
    expect(live.inserted.map((row) => row.id)).toEqual([early.id, ROW.id, missed.id]);

    // The missed one also arrives live (a late delivery): still once.
    socket(0).receive(insertFrame(missed));
    await vi.advanceTimersByTimeAsync(1);
    expect(live.inserted.map((row) => row.id)).toEqual([early.id, ROW.id, missed.id]);
    live.stop();
  });

  it("fetches nothing on joining when it knows of no instant to start from", async () => {
    const live = start(async () => tokenExpiringIn(3600, "token"));
    await vi.advanceTimersByTimeAsync(50);
    expect(live.statuses).toEqual(["SUBSCRIBED"]);
    expect(restRequests).toEqual([]);
    live.stop();
  });
});
