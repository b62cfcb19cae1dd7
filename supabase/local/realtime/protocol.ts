/**
 * The Phoenix socket serializers Realtime speaks (protocol reference §4.1): vsn 1.0.0 JSON objects,
 * vsn 2.0.0 JSON arrays plus the binary broadcast frames (kind 3 from the client, kind 4 to it).
 */

export type Vsn = "1.0.0" | "2.0.0";

export type Message = {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
};

/** A broadcast's user payload: JSON, or raw bytes (binary frames only). */
export type BroadcastBody = { encoding: "json"; value: unknown } | { encoding: "binary"; bytes: Buffer };

/** A broadcast about to be delivered to subscribers of a topic. */
export type Broadcast = { event: string; body: BroadcastBody };

/** Frames decode to a message, or to null when they are not a Phoenix message at all. */
export type Decoded = (Message & { broadcast?: Broadcast }) | null;

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;

function refOf(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

function messageOf(
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
): Decoded {
  const jr = refOf(joinRef);
  const r = refOf(ref);
  if (jr === undefined || r === undefined || typeof topic !== "string" || typeof event !== "string")
    return null;
  return { joinRef: jr, ref: r, topic, event, payload: payload ?? {} };
}

/** Decodes a text frame. */
export function decodeText(vsn: Vsn, text: string): Decoded {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (vsn === "2.0.0") {
    if (!Array.isArray(parsed) || parsed.length !== 5) return null;
    return messageOf(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  const m = parsed as Record<string, unknown>;
  return messageOf(m.join_ref, m.ref, m.topic, m.event, m.payload);
}

/**
 * Decodes a binary frame: only kind 3, the client's broadcast push
 * `[3, len(join_ref), len(ref), len(topic), len(event), len(meta), encoding] …` (RJS serializer).
 */
export function decodeBinary(data: Buffer): Decoded {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const [joinRefSize, refSize, topicSize, eventSize, metaSize, encoding] = [
    data[1] ?? 0,
    data[2] ?? 0,
    data[3] ?? 0,
    data[4] ?? 0,
    data[5] ?? 0,
    data[6] ?? 0,
  ];
  let offset = 7;
  const take = (size: number) => {
    const slice = data.subarray(offset, offset + size);
    offset += size;
    return slice;
  };
  if (offset + joinRefSize + refSize + topicSize + eventSize + metaSize > data.length) return null;
  const joinRef = take(joinRefSize).toString("utf8");
  const ref = take(refSize).toString("utf8");
  const topic = take(topicSize).toString("utf8");
  const event = take(eventSize).toString("utf8");
  take(metaSize);
  const rest = data.subarray(offset);
  let body: BroadcastBody;
  if (encoding === 1) {
    try {
      body = { encoding: "json", value: rest.length === 0 ? {} : JSON.parse(rest.toString("utf8")) };
    } catch {
      return null;
    }
  } else body = { encoding: "binary", bytes: Buffer.from(rest) };
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: "broadcast",
    payload: {
      type: "broadcast",
      event,
      payload: body.encoding === "json" ? body.value : undefined,
    },
    broadcast: { event, body },
  };
}

/** Encodes a message as a text frame. */
export function encode(vsn: Vsn, message: Message): string {
  if (vsn === "2.0.0")
    return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
  return JSON.stringify({
    topic: message.topic,
    event: message.event,
    payload: message.payload,
    ref: message.ref,
    join_ref: message.joinRef,
  });
}

/**
 * A broadcast to one subscriber: vsn 2.0.0 gets the binary kind 4 frame
 * `[4, len(topic), len(event), len(meta), encoding] topic event meta payload`, vsn 1.0.0 the JSON
 * push (binary payloads cannot be represented there and are skipped, as on Realtime).
 */
export function encodeBroadcast(vsn: Vsn, topic: string, broadcast: Broadcast): string | Buffer | null {
  const { event, body } = broadcast;
  const asJson = () =>
    body.encoding === "binary"
      ? null
      : encode(vsn, {
          joinRef: null,
          ref: null,
          topic,
          event: "broadcast",
          payload: { type: "broadcast", event, payload: body.value },
        });
  if (vsn === "1.0.0") return asJson();
  const topicBytes = Buffer.from(topic, "utf8");
  const eventBytes = Buffer.from(event, "utf8");
  // Too long for the binary header: the JSON form carries it instead.
  if (topicBytes.length > 255 || eventBytes.length > 255) return asJson();
  const payload =
    body.encoding === "binary" ? body.bytes : Buffer.from(JSON.stringify(body.value ?? null), "utf8");
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    body.encoding === "json" ? 1 : 0,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
}
