import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError, readBody, sendEmpty, sendJson } from "../http.ts";
import { checkToken } from "./auth.ts";
import { writePermissions } from "./authorization.ts";
import { deliverBroadcast, type Hub, topicKey } from "./channel.ts";
import type { Broadcast } from "./protocol.ts";

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * The broadcast REST API: `POST /api/broadcast` with `{"messages":[{topic,event,payload,private}]}`
 * (what realtime-js falls back to when it sends before joining) and
 * `POST /api/broadcast/<topic>/events/<event>` (httpSend), both answering 202. The caller needs a
 * valid JWT (the gateway maps the API key to one). A private message is sent only when the
 * caller's INSERT policies on realtime.messages allow it for its topic (otherwise it is dropped,
 * still with 202, as on Realtime).
 */
export async function handleBroadcastApi(
  hub: Hub,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  url: URL,
  bearer: string | undefined,
): Promise<void> {
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(rest);
  if (rest !== "/api/broadcast" && rest !== "/api/broadcast/" && !single) {
    sendJson(res, 404, { message: "Not found" });
    return;
  }
  if (req.method !== "POST") {
    sendJson(res, 405, { message: "Method not allowed" });
    return;
  }
  const checked = await checkToken(hub.config, bearer);
  if (!checked.ok) {
    sendJson(res, 401, { message: `${checked.code}: ${checked.message}` });
    return;
  }
  const body = await readBody(
    req,
    hub.config.maxBodyBytes,
    () => new HttpError(413, { message: "Payload too large" }),
  );
  const messages: { topic: string; broadcast: Broadcast; private: boolean }[] = [];
  if (single) {
    let topic: string;
    let event: string;
    try {
      topic = decodeURIComponent(single[1] ?? "");
      event = decodeURIComponent(single[2] ?? "");
    } catch {
      sendJson(res, 400, { message: "Invalid topic or event" });
      return;
    }
    const binary = (req.headers["content-type"] ?? "").startsWith("application/octet-stream");
    let value: unknown;
    if (!binary) {
      try {
        value = JSON.parse(body.toString("utf8"));
      } catch {
        sendJson(res, 400, { message: "Invalid JSON body" });
        return;
      }
    }
    messages.push({
      topic,
      private: url.searchParams.get("private") === "true",
      broadcast: { event, body: binary ? { encoding: "binary", bytes: body } : { encoding: "json", value } },
    });
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch {
      sendJson(res, 400, { message: "Invalid JSON body" });
      return;
    }
    const list = objectOf(parsed)?.messages;
    if (!Array.isArray(list)) {
      sendJson(res, 422, { errors: { messages: ["can't be blank"] } });
      return;
    }
    for (const item of list) {
      const m = objectOf(item);
      if (!m || typeof m.topic !== "string" || typeof m.event !== "string") {
        sendJson(res, 422, { errors: { messages: ["each message needs a string topic and event"] } });
        return;
      }
      messages.push({
        topic: m.topic,
        private: m.private === true,
        broadcast: { event: m.event, body: { encoding: "json", value: m.payload ?? {} } },
      });
    }
  }
  const writable = new Map<string, boolean>();
  for (const message of messages) {
    if (message.private) {
      let allowed = writable.get(message.topic);
      if (allowed === undefined) {
        allowed = (await writePermissions(hub.db, checked.identity, message.topic)).broadcast;
        writable.set(message.topic, allowed);
      }
      if (!allowed) continue;
    }
    const topic = `realtime:${message.topic}`;
    deliverBroadcast(hub, topicKey(topic, message.private), topic, message.broadcast);
  }
  sendEmpty(res, 202, { "Content-Length": "0" });
}
