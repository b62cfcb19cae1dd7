import {
  RealtimeClient,
  type RealtimePostgresInsertPayload,
  type RealtimeSystemPayload,
} from "@supabase/realtime-js";
import { decodeJwt } from "jose";
import { HEARTBEAT_INTERVAL_MS, REALTIME_TIMEOUT_MS, reconnectDelayMs } from "./backoff";
import type { NotificationRow } from "./notification-row";

/**
 * A token with less than this left is replaced before it is sent. Heartbeats, which send it, are
 * 30 s apart, so a token is never sent within 30 s of its expiry.
 */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

export type SubscribeToNotificationsOptions = {
  /** The Supabase project URL; the socket is `<url>/realtime/v1/websocket`. */
  url: string;
  /** The project's public (anon or publishable) key. */
  apiKey: string;
  /** The signed-in user, whose new notifications are wanted. */
  userId: string;
  /** A current access token of the signed-in user, or null without a session. */
  getAccessToken: () => Promise<string | null>;
  /** Called with each notification inserted for `userId`, as the database row. */
  onInsert: (row: NotificationRow) => void;
  /** The channel's status as realtime-js names it: SUBSCRIBED, CHANNEL_ERROR, TIMED_OUT or CLOSED. */
  onStatus?: (status: string) => void;
  /**
   * When the caller's list was read (the server's clock): on every join and rejoin, what was
   * inserted after the last notification seen (or after this) is fetched and passed on, so a
   * notification created while the channel was (re)joining is not lost.
   */
  since?: string;
};

/** The columns a caught-up notification is read with (those Realtime delivers). */
const CATCH_UP_COLUMNS = "id,user_id,title,type,category,is_unread,created_at,avatar_url,event,params,link";
/** At most this many notifications are caught up at once (the newest page then links to the rest). */
const CATCH_UP_LIMIT = 50;

/** Whether `token` expires within `marginMs` of `now`; a token that cannot be read counts as expiring. */
function expiresWithin(token: string, marginMs: number, now: number): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp !== "number" || exp * 1000 - now <= marginMs;
  } catch {
    return true;
  }
}

/** Realtime's reasons for a token past its expiry, e.g. "InvalidJWTToken: Token has expired 3 seconds ago". */
function saysExpired(message: string | undefined): boolean {
  return /expired/i.test(message ?? "");
}

/**
 * Subscribes to the notifications inserted for one user (spec §7) over Realtime's socket, which
 * reconnects after 1, 2, 5, then 10 s, times pushes out after 10 s and sends a heartbeat every
 * 30 s (a heartbeat left unanswered for as long closes the socket, which then reconnects). The
 * access token is fetched before joining and again whenever it nears expiry or Realtime refuses
 * it as expired. Returns the function that leaves the channel and closes the socket.
 */
export function subscribeToNotifications(options: SubscribeToNotificationsOptions): () => void {
  const { url, apiKey, userId, getAccessToken, onStatus } = options;
  const base = url.replace(/\/+$/, "");
  let stopped = false;
  /** The newest created_at passed on (or the caller's `since`); the ids passed on at that instant. */
  let lastSeen: string | null = options.since ?? null;
  const seen = new Set<string>();

  /** Passes a row on once, whichever way it came (live or caught up), and remembers it. */
  function deliver(row: NotificationRow): void {
    if (stopped || seen.has(row.id)) return;
    seen.add(row.id);
    if (lastSeen === null || Date.parse(row.created_at) > Date.parse(lastSeen)) lastSeen = row.created_at;
    options.onInsert(row);
  }

  /** Fetches (through the REST API, as the user) what was inserted after the last one seen. */
  async function catchUp(): Promise<void> {
    if (lastSeen === null) return;
    const query = new URLSearchParams({
      select: CATCH_UP_COLUMNS,
      user_id: `eq.${userId}`,
      // gte, not gt: rows created in the same millisecond as the last one seen (ids tell them apart).
      created_at: `gte.${lastSeen}`,
      order: "created_at.asc,id.asc",
      limit: String(CATCH_UP_LIMIT),
    });
    const token = await accessToken();
    if (!token || stopped) return;
    const response = await fetch(`${base}/rest/v1/notifications?${query}`, {
      headers: { apikey: apiKey, Authorization: `Bearer ${token}`, Accept: "application/json" },
    });
    if (!response.ok) throw new Error(`catching up notifications answered ${response.status}`);
    for (const row of (await response.json()) as NotificationRow[]) deliver(row);
  }
  let token: string | null = null;
  let renewal: Promise<string | null> | null = null;
  let rejoins = 0;
  let rejoinTimer: ReturnType<typeof setTimeout> | undefined;

  /** The token to send: the one in hand while it has over a minute left, else a fresh one. */
  function accessToken(): Promise<string | null> {
    if (token !== null && !expiresWithin(token, TOKEN_RENEWAL_MARGIN_MS, Date.now())) {
      return Promise.resolve(token);
    }
    renewal ??= getAccessToken()
      .then((fresh) => {
        token = fresh;
        return fresh;
      })
      .finally(() => {
        renewal = null;
      });
    return renewal;
  }

  const client = new RealtimeClient(`${base}/realtime/v1`, {
    params: { apikey: apiKey },
    // realtime-js calls it before connecting, after each join and with every heartbeat, and sends
    // a token that changed to the joined channel (Realtime's access_token message).
    accessToken,
    reconnectAfterMs: reconnectDelayMs,
    timeout: REALTIME_TIMEOUT_MS,
    heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS,
  });

  /** Realtime refused the token as expired (the tab slept, or the clocks disagree): fetch another. */
  function renewExpiredToken(): Promise<void> {
    token = null;
    return client.setAuth();
  }

  /** Realtime closed the channel (as it does when the token expires): join again after the back-off. */
  function scheduleRejoin(): void {
    rejoins += 1;
    rejoinTimer = setTimeout(() => {
      void client.setAuth().then(() => {
        if (!stopped) join();
      });
    }, reconnectDelayMs(rejoins));
  }

  function join(): void {
    client
      .channel(`notifications:${userId}`)
      .on(
        "postgres_changes",
        { event: "INSERT", schema: "public", table: "notifications", filter: `user_id=eq.${userId}` },
        (payload: RealtimePostgresInsertPayload<NotificationRow>) => deliver(payload.new),
      )
      .on("system", {}, (payload: RealtimeSystemPayload) => {
        if (payload.status === "error" && saysExpired(payload.message)) void renewExpiredToken();
      })
      .subscribe((status, error) => {
        if (stopped) return;
        onStatus?.(status);
        if (status === "SUBSCRIBED") {
          rejoins = 0;
          catchUp().catch((caught: unknown) => console.error("Missed notifications are unavailable", caught));
        }
        // A refused join is retried by realtime-js after the back-off, with the token set by then.
        else if (status === "CHANNEL_ERROR" && saysExpired(error?.message)) void renewExpiredToken();
        else if (status === "CLOSED") scheduleRejoin();
      });
  }

  void client.setAuth().then(() => {
    if (!stopped) join();
  });

  return () => {
    stopped = true;
    clearTimeout(rejoinTimer);
    // Leaves every channel, then disconnects (and so stops reconnecting).
    void client.removeAllChannels();
  };
}
