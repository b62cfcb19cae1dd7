import type { Server } from "node:http";
import type { WebSocket } from "ws";
import type { LocalConfig } from "../config.ts";
import type { Database } from "../db.ts";
import type { Identity } from "../identity.ts";
import { checkToken } from "./auth.ts";
import { type Permissions, readPermissions, writePermissions } from "./authorization.ts";
import {
  type ChangeListener,
  type ChangeSubscription,
  checkSubscriptions,
  parseSubscription,
  subscriptionId,
} from "./changes.ts";
import type { Diff, PresenceStore } from "./presence.ts";
import {
  type Broadcast,
  type Decoded,
  decodeBinary,
  decodeText,
  encode,
  encodeBroadcast,
  type Message,
  type Vsn,
} from "./protocol.ts";

/** Everything the channels of all connections share. */
export type Hub = {
  config: LocalConfig;
  db: Database;
  presence: PresenceStore;
  /** Joined channels by topic key (see `topicKey`). */
  topics: Map<string, Set<Channel>>;
  /** False when the database has no event trigger to keep capture triggers in step. */
  eventTrigger: boolean;
};

/** Public and private channels of one name are apart, as on Realtime. */
export function topicKey(topic: string, isPrivate: boolean): string {
  return `${isPrivate ? "private" : "public"}|${topic}`;
}

/** Largest delay setTimeout accepts; token checks further out are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;
let nextChannelId = 1;

/** One joined channel of one connection. */
export class Channel implements ChangeListener {
  readonly id = nextChannelId++;
  readonly conn: Connection;
  readonly topic: string;
  readonly joinRef: string | null;
  readonly isPrivate: boolean;
  readonly options: { self: boolean; ack: boolean; presenceKey: string };
  readonly key: string;
  identityValue: Identity;
  token: string;
  presenceEnabled: boolean;
  changeSubs: ChangeSubscription[] = [];
  /**
   * A private channel's permissions (authorization.ts): read is checked at the join (and again
   * with a new token), write the first time the channel sends, then kept, as Realtime does.
   */
  readPolicy: Permissions | null = null;
  writePolicy: Permissions | null = null;
  private expiryTimer: NodeJS.Timeout | undefined;

  constructor(
    conn: Connection,
    topic: string,
    joinRef: string | null,
    isPrivate: boolean,
    options: { self: boolean; ack: boolean; presenceKey: string },
    presenceEnabled: boolean,
    token: string,
    identity: Identity,
    exp: number,
  ) {
    this.conn = conn;
    this.topic = topic;
    this.joinRef = joinRef;
    this.isPrivate = isPrivate;
    this.options = options;
    this.key = topicKey(topic, isPrivate);
    this.presenceEnabled = presenceEnabled;
    this.token = token;
    this.identityValue = identity;
    this.armExpiry(exp);
  }

  get subTopic(): string {
    return this.topic.slice("realtime:".length);
  }

  /** Whether presence state and diffs reach this channel: on a private one, a read policy decides. */
  get receivesPresence(): boolean {
    return this.presenceEnabled && (!this.isPrivate || this.readPolicy?.presence === true);
  }

  async mayWrite(extension: "broadcast" | "presence"): Promise<boolean> {
    if (!this.isPrivate) return true;
    this.writePolicy ??= await writePermissions(this.conn.hub.db, this.identityValue, this.subTopic);
    return this.writePolicy[extension];
  }

  identity(): Identity {
    return this.identityValue;
  }

  subscriptions(): readonly ChangeSubscription[] {
    return this.changeSubs;
  }

  push(payload: unknown): void {
    this.conn.send({ joinRef: null, ref: null, topic: this.topic, event: "postgres_changes", payload });
  }

  pushEvent(event: string, payload: unknown): void {
    this.conn.send({ joinRef: null, ref: null, topic: this.topic, event, payload });
  }

  system(extension: string, status: "ok" | "error", message: string): void {
    this.pushEvent("system", { extension, status, message, channel: this.subTopic });
  }

  /** Realtime re-checks the token when it expires and shuts the channel down then. */
  armExpiry(exp: number): void {
    clearTimeout(this.expiryTimer);
    const delay = exp * 1000 - Date.now();
    this.expiryTimer = setTimeout(
      () => {
        if (exp * 1000 > Date.now()) this.armExpiry(exp);
        else this.conn.shutdown(this, `Token has expired ${Math.floor(Date.now() / 1000 - exp)} seconds ago`);
      },
      Math.max(0, Math.min(delay, MAX_TIMER_MS)),
    );
    this.expiryTimer.unref();
  }

  dispose(): void {
    clearTimeout(this.expiryTimer);
  }
}

function objectOf(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** One WebSocket: its serializer, the channels it joined, and the order its frames are handled in. */
export class Connection {
  readonly hub: Hub;
  readonly ws: WebSocket;
  readonly vsn: Vsn;
  /** The token a join without access_token falls back to (from the apikey query parameter). */
  readonly fallbackToken: string | undefined;
  readonly channels = new Map<string, Channel>();
  /** The HTTP server the socket came through (its close ends the socket). */
  server: Server | undefined;
  lastSeen = Date.now();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(hub: Hub, ws: WebSocket, vsn: Vsn, fallbackToken: string | undefined) {
    this.hub = hub;
    this.ws = ws;
    this.vsn = vsn;
    this.fallbackToken = fallbackToken;
    ws.on("message", (data, isBinary) => {
      this.lastSeen = Date.now();
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      const message = isBinary ? decodeBinary(buffer) : decodeText(vsn, buffer.toString("utf8"));
      // Frames are handled one after another: a broadcast sent right after a join waits for it.
      this.queue = this.queue
        .then(() => this.handle(message))
        .catch((error: unknown) => console.error("[supabase/local] realtime message failed:", error));
    });
    ws.on("close", () => this.cleanup());
    ws.on("error", () => this.cleanup());
  }

  send(message: Message): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(encode(this.vsn, message));
  }

  sendRaw(frame: string | Buffer): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(frame);
  }

  reply(message: Message, status: "ok" | "error", response: unknown): void {
    this.send({
      joinRef: message.joinRef,
      ref: message.ref,
      topic: message.topic,
      event: "phx_reply",
      payload: { status, response },
    });
  }

  close(code = 1000, reason = ""): void {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING)
      this.ws.close(code, reason);
    this.cleanup();
  }

  /** Drops every channel (presence leaves go out to the others). */
  cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    for (const channel of this.channels.values()) this.removeChannel(channel);
  }

  private async handle(message: Decoded): Promise<void> {
    if (!message || this.closed) return;
    if (message.topic === "phoenix") {
      if (message.event === "heartbeat") this.reply(message, "ok", {});
      return;
    }
    if (message.event === "phx_join") return this.join(message);
    const channel = this.channels.get(message.topic);
    if (
      !channel ||
      (message.joinRef !== null && channel.joinRef !== null && message.joinRef !== channel.joinRef)
    ) {
      this.reply(message, "error", { reason: "unmatched topic" });
      return;
    }
    switch (message.event) {
      case "phx_leave":
        this.reply(message, "ok", {});
        this.removeChannel(channel);
        return;
      case "broadcast":
        return this.broadcast(channel, message);
      case "presence":
        return this.presence(channel, message);
      case "access_token":
        return this.refreshToken(channel, message);
      default:
        return;
    }
  }

  private async join(message: Message): Promise<void> {
    const payload = objectOf(message.payload);
    if (!message.topic.startsWith("realtime:")) {
      this.reply(message, "error", { reason: "unmatched topic" });
      return;
    }
    if (message.topic === "realtime:") {
      this.reply(message, "error", { reason: "TopicNameRequired: You must provide a topic name" });
      return;
    }
    const existing = this.channels.get(message.topic);
    if (existing) {
      // Phoenix closes the previous channel of a topic when it is joined again.
      this.send({
        joinRef: existing.joinRef,
        ref: existing.joinRef,
        topic: existing.topic,
        event: "phx_close",
        payload: {},
      });
      this.removeChannel(existing);
    }
    const config = objectOf(payload.config);
    const broadcast = objectOf(config.broadcast);
    const presence = objectOf(config.presence);
    const isPrivate = config.private === true;
    const given = payload.access_token ?? payload.user_token;
    const token = typeof given === "string" && !given.startsWith("sb_") ? given : this.fallbackToken;
    const checked = await checkToken(this.hub.config, token);
    if (!checked.ok) {
      this.reply(message, "error", { reason: `${checked.code}: ${checked.message}` });
      return;
    }
    let readPolicy: Permissions | null = null;
    if (isPrivate) {
      readPolicy = await readPermissions(
        this.hub.db,
        checked.identity,
        message.topic.slice("realtime:".length),
      );
      // Realtime checks presence reads only for a channel that has presence on.
      if (presence.enabled !== true) readPolicy.presence = false;
      if (!readPolicy.broadcast && !readPolicy.presence) {
        this.reply(message, "error", { reason: `Unauthorized: ${unreadable(message.topic)}` });
        return;
      }
    }
    const requested = Array.isArray(config.postgres_changes)
      ? config.postgres_changes.filter((p) => p != null)
      : [];
    const subs: ChangeSubscription[] = [];
    let subsError: string | null = null;
    for (const params of requested) {
      const parsed = parseSubscription(params);
      if (!parsed.ok) {
        subsError = parsed.error;
        break;
      }
      subs.push(parsed.subscription);
    }
    if (!subsError && subs.length > 0) {
      try {
        if (!this.hub.eventTrigger) await this.hub.db.tx((q) => q.query("select realtime.sync_capture()"));
        subsError = await checkSubscriptions(this.hub.db, subs);
      } catch (error) {
        subsError = `Unable to subscribe to changes with given parameters. Exception: ${(error as Error).message}`;
      }
    }
    const options = objectOf(payload.config ? config.postgres_changes_options : undefined);
    if (subsError && options.wait === true && subs.length > 0) {
      this.reply(message, "error", { reason: `RealtimeDisabledForConfiguration: ${subsError}` });
      return;
    }
    if (this.closed) return;
    const presenceKey =
      typeof presence.key === "string" && presence.key !== "" ? presence.key : crypto.randomUUID();
    const channel = new Channel(
      this,
      message.topic,
      message.joinRef,
      isPrivate,
      { self: broadcast.self === true, ack: broadcast.ack === true, presenceKey },
      presence.enabled === true,
      checked.token,
      checked.identity,
      checked.exp,
    );
    channel.readPolicy = readPolicy;
    // Live before the reply, so a change made once the client sees SUBSCRIBED is never missed.
    if (!subsError) channel.changeSubs = subs;
    this.channels.set(channel.topic, channel);
    let members = this.hub.topics.get(channel.key);
    if (!members) {
      members = new Set();
      this.hub.topics.set(channel.key, members);
    }
    members.add(channel);
    // Realtime answers with the ids before it subscribes; a failure comes as a system message.
    const echoed = requested.map((params) => ({ ...objectOf(params), id: subscriptionId(objectOf(params)) }));
    this.reply(message, "ok", { postgres_changes: echoed });
    if (channel.receivesPresence) channel.pushEvent("presence_state", this.hub.presence.state(channel.key));
    if (requested.length > 0) {
      if (subsError) channel.system("postgres_changes", "error", subsError);
      else channel.system("postgres_changes", "ok", "Subscribed to PostgreSQL");
    }
  }

  private async broadcast(channel: Channel, message: Message & { broadcast?: Broadcast }): Promise<void> {
    // A private channel without an INSERT policy for it sends nothing, and gets no reply, not
    // even with ack (Realtime's BroadcastHandler answers :noreply).
    if (!(await channel.mayWrite("broadcast"))) return;
    let broadcast = message.broadcast;
    if (!broadcast) {
      const payload = objectOf(message.payload);
      if (typeof payload.event !== "string") return;
      broadcast = { event: payload.event, body: { encoding: "json", value: payload.payload ?? {} } };
    }
    deliverBroadcast(
      this.hub,
      channel.key,
      channel.topic,
      broadcast,
      channel.options.self ? undefined : channel,
    );
    if (channel.options.ack && message.ref !== null) this.reply(message, "ok", {});
  }

  private async presence(channel: Channel, message: Message): Promise<void> {
    const payload = objectOf(message.payload);
    if (payload.event === "track") {
      if (channel.isPrivate) {
        // Tracking is what enables presence here: its read is checked now if the join did not.
        if (!channel.presenceEnabled && channel.readPolicy && !channel.readPolicy.presence)
          channel.readPolicy.presence = (
            await readPermissions(this.hub.db, channel.identityValue, channel.subTopic)
          ).presence;
        // Realtime's `{:reply, :error, socket}`: an error with an empty response.
        if (!(await channel.mayWrite("presence"))) {
          this.reply(message, "error", {});
          return;
        }
      }
      const meta = payload.payload;
      if (!meta || typeof meta !== "object" || Array.isArray(meta)) {
        this.reply(message, "error", { reason: "Presence track payload must be a map" });
        return;
      }
      const wasEnabled = channel.presenceEnabled;
      channel.presenceEnabled = true;
      const diff = this.hub.presence.track(
        channel.key,
        channel.options.presenceKey,
        channel.id,
        meta as Record<string, unknown>,
      );
      this.reply(message, "ok", {});
      // A track can be what enables presence: the channel never got the state at join.
      if (!wasEnabled && channel.receivesPresence)
        channel.pushEvent("presence_state", this.hub.presence.state(channel.key));
      sendDiff(this.hub, channel.key, diff);
      return;
    }
    if (payload.event === "untrack") {
      const diff = this.hub.presence.untrack(channel.key, channel.id);
      this.reply(message, "ok", {});
      if (diff) sendDiff(this.hub, channel.key, diff);
      return;
    }
    this.reply(message, "error", { reason: "Presence event must be track or untrack" });
  }

  private async refreshToken(channel: Channel, message: Message): Promise<void> {
    const token = objectOf(message.payload).access_token;
    if (token === null || token === undefined || token === channel.token) return;
    if (typeof token === "string" && token.startsWith("sb_")) return;
    const checked = await checkToken(this.hub.config, token);
    if (!this.channels.has(channel.topic) || this.channels.get(channel.topic) !== channel) return;
    if (!checked.ok) {
      this.shutdown(channel, checked.message);
      return;
    }
    channel.token = checked.token;
    channel.identityValue = checked.identity;
    channel.armExpiry(checked.exp);
    if (channel.isPrivate) {
      // Someone else now: the policies are asked again, and a channel no longer readable closes.
      channel.writePolicy = null;
      const read = await readPermissions(this.hub.db, checked.identity, channel.subTopic);
      if (!channel.presenceEnabled) read.presence = false;
      if (this.channels.get(channel.topic) !== channel) return;
      if (!read.broadcast && !read.presence) {
        this.shutdown(channel, unreadable(channel.topic));
        return;
      }
      channel.readPolicy = read;
    }
  }

  /** Realtime's `shutdown_response`: a system error message, then the channel closes. */
  shutdown(channel: Channel, reason: string): void {
    if (this.channels.get(channel.topic) !== channel) return;
    channel.system("system", "error", reason);
    this.send({
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: "phx_close",
      payload: {},
    });
    this.removeChannel(channel);
  }

  removeChannel(channel: Channel): void {
    channel.dispose();
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    const members = this.hub.topics.get(channel.key);
    members?.delete(channel);
    if (members && members.size === 0) this.hub.topics.delete(channel.key);
    const diff = this.hub.presence.untrack(channel.key, channel.id);
    if (diff) sendDiff(this.hub, channel.key, diff);
  }
}

/** Realtime's refusal of a private channel the caller may not read. */
function unreadable(topic: string): string {
  return `You do not have permissions to read from this Channel topic: ${topic.slice("realtime:".length)}`;
}

/** Presence diffs go to every channel of the topic that receives presence, the tracker included. */
function sendDiff(hub: Hub, key: string, diff: Diff): void {
  for (const member of hub.topics.get(key) ?? [])
    if (member.receivesPresence) member.pushEvent("presence_diff", diff);
}

/** Sends a broadcast to the channels of a topic, except `skip` (the sender when self is off). */
export function deliverBroadcast(
  hub: Hub,
  key: string,
  topic: string,
  broadcast: Broadcast,
  skip?: Channel,
): void {
  const frames = new Map<Vsn, string | Buffer | null>();
  for (const member of hub.topics.get(key) ?? []) {
    if (member === skip) continue;
    const vsn = member.conn.vsn;
    if (!frames.has(vsn)) frames.set(vsn, encodeBroadcast(vsn, topic, broadcast));
    const frame = frames.get(vsn);
    if (frame) member.conn.sendRaw(frame);
  }
}
