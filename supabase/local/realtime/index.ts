import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import type { LocalConfig } from "../config.ts";
import type { Database } from "../db.ts";
import { resolveKeys } from "../jwt.ts";
import { tokenFromApiKey } from "./auth.ts";
import { startCapture } from "./changes.ts";
import { Connection, deliverBroadcast, type Hub, topicKey } from "./channel.ts";
import { handleBroadcastApi } from "./http.ts";
import { PresenceStore } from "./presence.ts";
import type { Vsn } from "./protocol.ts";

/** Realtime (`/realtime/v1`): the Phoenix WebSocket and the broadcast REST API. */
export type Realtime = {
  /** `/realtime/v1/api/…` (the part after `/realtime/v1` is `rest`). */
  handleHttp(
    req: IncomingMessage,
    res: ServerResponse,
    rest: string,
    url: URL,
    bearer: string | undefined,
  ): Promise<void>;
  /** The HTTP upgrade of `/realtime/v1/websocket`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
};

export type RealtimeOptions = {
  /** A socket that sends nothing (not even a heartbeat) for this long is closed; Phoenix's 60 s. */
  heartbeatTimeoutMs?: number;
};

const MAX_FRAME_BYTES = 1024 * 1024;

function heartbeatTimeoutFromEnv(): number {
  const raw = process.env.SUPABASE_REALTIME_HEARTBEAT_TIMEOUT_MS;
  const value = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(value) && value > 0 ? value : 60_000;
}

/** What the AFTER INSERT trigger on realtime.messages (schema.sql) NOTIFYs. */
const MESSAGES_CHANNEL = "supabase_realtime_messages";

type StoredMessage = { id: string; topic: string; event: string; private: boolean; payload: unknown };

/**
 * A message `realtime.send()` (or any insert with a payload and an event) put in
 * realtime.messages, broadcast to the channels of its topic, private or public by its `private`
 * column, with the message's id added to an object payload, as Realtime's replication does.
 * A message too large for NOTIFY comes as its id alone and is read back.
 */
async function deliverMessage(hub: Hub, text: string): Promise<void> {
  let message: Partial<StoredMessage>;
  try {
    message = JSON.parse(text) as Partial<StoredMessage>;
  } catch {
    return;
  }
  if (message.topic === undefined && typeof message.id === "string") {
    const id = message.id;
    const { rows } = await hub.db.tx(
      (q) =>
        q.query<StoredMessage>(
          "select id, topic, event, coalesce(private, false) as private, payload from realtime.messages where id = $1",
          [id],
        ),
      { readOnly: true },
    );
    if (!rows[0]) return;
    message = rows[0];
  }
  const { id, topic, event, payload } = message;
  if (typeof topic !== "string" || typeof event !== "string") return;
  const value =
    payload && typeof payload === "object" && !Array.isArray(payload)
      ? { id, ...(payload as Record<string, unknown>) }
      : payload;
  const channelTopic = `realtime:${topic}`;
  deliverBroadcast(hub, topicKey(channelTopic, message.private === true), channelTopic, {
    event,
    body: { encoding: "json", value },
  });
}

function refuse(socket: Duplex, status: string, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/**
 * Starts Realtime over the database: change capture (LISTEN on what the capture triggers of
 * schema.sql NOTIFY), the channel hub and the heartbeat watchdog.
 */
export async function startRealtime(
  config: LocalConfig,
  db: Database,
  options: RealtimeOptions = {},
): Promise<Realtime> {
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? heartbeatTimeoutFromEnv();
  // Tables that joined the publication before this start (or without the event trigger) get
  // their capture trigger now; leftovers of a previous run's large changes are dropped.
  const eventTrigger = await db.tx(async (q) => {
    await q.query("select realtime.sync_capture()");
    await q.query("delete from realtime.change_spill");
    // Supabase drops realtime.messages partitions after a few days; here old rows go at start.
    await q.query("delete from realtime.messages where inserted_at < now() - interval '3 days'");
    const found = await q.query(
      "select from pg_catalog.pg_event_trigger where evtname = 'supabase_realtime_sync' and evtenabled <> 'D'",
    );
    return found.rows.length > 0;
  });
  const hub: Hub = { config, db, presence: new PresenceStore(), topics: new Map(), eventTrigger };
  const connections = new Set<Connection>();
  const stopCapture = await startCapture(db, function* () {
    for (const members of hub.topics.values()) for (const channel of members) yield channel;
  });
  const stopMessages = await db.listen(MESSAGES_CHANNEL, (payload) => {
    deliverMessage(hub, payload).catch((error: unknown) =>
      console.error("[supabase/local] realtime message delivery failed:", error),
    );
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const watchdog = setInterval(
    () => {
      const now = Date.now();
      for (const conn of connections)
        if (now - conn.lastSeen > heartbeatTimeoutMs) conn.close(1000, "heartbeat timeout");
    },
    Math.max(20, Math.min(5000, Math.floor(heartbeatTimeoutMs / 4))),
  );
  watchdog.unref();
  // server.ts awaits the HTTP server's close before calling close() here, and that close waits
  // for upgraded sockets too: once the server stops listening, end the WebSockets ourselves.
  const listeningCheck = setInterval(() => {
    for (const conn of connections) {
      if (conn.server && !conn.server.listening) {
        conn.cleanup();
        conn.ws.terminate();
        connections.delete(conn);
      }
    }
  }, 50);
  listeningCheck.unref();

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const vsnParam = url.searchParams.get("vsn") ?? "1.0.0";
    if (vsnParam !== "1.0.0" && vsnParam !== "2.0.0") {
      refuse(socket, "403 Forbidden", {
        message: `The client's requested serializer version "${vsnParam}" does not match the server's (1.0.0, 2.0.0)`,
      });
      return;
    }
    const vsn: Vsn = vsnParam;
    const apikey = url.searchParams.get("apikey") ?? req.headers.apikey?.toString() ?? undefined;
    if (!apikey) {
      refuse(socket, "401 Unauthorized", {
        message: "No API key found in request",
        hint: "No `apikey` request header or url param was found.",
      });
      return;
    }
    const keys = await resolveKeys(config, apikey, undefined);
    if (!keys.apikeyValid) {
      refuse(socket, "401 Unauthorized", {
        message: "Invalid API key",
        hint: "Double check your Supabase `anon` or `service_role` API key.",
      });
      return;
    }
    if (socket.destroyed) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new Connection(hub, ws, vsn, tokenFromApiKey(config, apikey));
      conn.server = (req.socket as Socket & { server?: Server }).server;
      connections.add(conn);
      ws.on("close", () => connections.delete(conn));
    });
  }

  return {
    async handleHttp(req, res, rest, url, bearer) {
      await handleBroadcastApi(hub, req, res, rest, url, bearer);
    },
    handleUpgrade(req, socket, head) {
      socket.on("error", () => undefined);
      upgrade(req, socket, head).catch((error: unknown) => {
        console.error("[supabase/local] realtime upgrade failed:", error);
        if (!socket.destroyed) socket.destroy();
      });
    },
    async close() {
      clearInterval(watchdog);
      clearInterval(listeningCheck);
      for (const conn of connections) {
        conn.cleanup();
        conn.ws.terminate();
      }
      connections.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await stopCapture().catch(() => undefined);
      await stopMessages().catch(() => undefined);
    },
  };
}
