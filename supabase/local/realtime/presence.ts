import { randomBytes } from "node:crypto";

/** One tracked presence: the client's payload plus Phoenix's `phx_ref` (and `phx_ref_prev` on update). */
export type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
export type PresenceMap = Record<string, { metas: Meta[] }>;
export type Diff = { joins: PresenceMap; leaves: PresenceMap };

/** Phoenix refs are opaque unique strings. */
function newRef(): string {
  return randomBytes(12).toString("base64url");
}

/**
 * Phoenix Presence for one server: per topic, per key, the metas of every channel tracking that
 * key (a channel tracks one key at a time). Each change returns the diff to broadcast.
 */
export class PresenceStore {
  private topics = new Map<string, Map<string, Map<number, Meta>>>();

  state(topic: string): PresenceMap {
    const result: PresenceMap = {};
    for (const [key, owners] of this.topics.get(topic) ?? []) result[key] = { metas: [...owners.values()] };
    return result;
  }

  track(topic: string, key: string, owner: number, payload: Record<string, unknown>): Diff {
    let keys = this.topics.get(topic);
    if (!keys) {
      keys = new Map();
      this.topics.set(topic, keys);
    }
    let owners = keys.get(key);
    if (!owners) {
      owners = new Map();
      keys.set(key, owners);
    }
    const previous = owners.get(owner);
    const { phx_ref: _ref, phx_ref_prev: _prev, ...fields } = payload;
    const meta: Meta = { ...fields, phx_ref: newRef() };
    if (previous) meta.phx_ref_prev = previous.phx_ref;
    owners.set(owner, meta);
    return {
      joins: { [key]: { metas: [meta] } },
      leaves: previous ? { [key]: { metas: [previous] } } : {},
    };
  }

  /** Removes what owner tracks on topic; null when it tracked nothing. */
  untrack(topic: string, owner: number): Diff | null {
    const keys = this.topics.get(topic);
    if (!keys) return null;
    const leaves: PresenceMap = {};
    for (const [key, owners] of keys) {
      const meta = owners.get(owner);
      if (!meta) continue;
      owners.delete(owner);
      if (owners.size === 0) keys.delete(key);
      leaves[key] = { metas: [meta] };
    }
    if (keys.size === 0) this.topics.delete(topic);
    return Object.keys(leaves).length > 0 ? { joins: {}, leaves } : null;
  }
}
