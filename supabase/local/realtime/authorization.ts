import type { Database, Queryable } from "../db.ts";
import { actAs, type Identity } from "../identity.ts";

/**
 * Private channels' authorization, as Realtime's `Realtime.Tenants.Authorization`: row level
 * security on `realtime.messages` decides, checked in a transaction that is always rolled back,
 * with `realtime.topic()` returning the channel's topic (the name without `realtime:`).
 *
 * - read: two probe rows (extension `broadcast` and `presence`) are inserted as the database
 *   owner, then selected as the caller: the rows the SELECT policies show are what may be read.
 * - write: the caller inserts a row per extension: what the INSERT policies let in may be sent.
 *   Only a refusal by row level security (`42501`) means "no"; any other error is the policy's
 *   own failure, which Realtime logs and also treats as "no".
 */
export type Extension = "broadcast" | "presence";
export type Permissions = Record<Extension, boolean>;

const EXTENSIONS: Extension[] = ["broadcast", "presence"];

class Rollback<T> {
  readonly value: T;
  constructor(value: T) {
    this.value = value;
  }
}

/** Runs `work` in a transaction that is rolled back whatever happens; returns its value. */
async function rolledBack<T>(db: Database, work: (q: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.tx(async (q) => {
      throw new Rollback(await work(q));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error("unreachable: the authorization transaction did not roll back");
}

async function actOnTopic(q: Queryable, identity: Identity, topic: string): Promise<void> {
  await actAs(q, identity);
  await q.query("select set_config('realtime.topic', $1, true)", [topic]);
}

function warn(kind: string, topic: string, error: unknown): void {
  console.warn(
    `[supabase/local] realtime ${kind} check on topic ${JSON.stringify(topic)} failed (RlsPolicyError):`,
    (error as Error).message,
  );
}

/** What `identity` may read on `topic`: the SELECT policies of realtime.messages. */
export async function readPermissions(db: Database, identity: Identity, topic: string): Promise<Permissions> {
  try {
    return await rolledBack(db, async (q) => {
      const probes = await q.query<{ id: string; extension: Extension }>(
        `insert into realtime.messages (topic, extension) values ($1, 'broadcast'), ($1, 'presence')
         returning id, extension`,
        [topic],
      );
      await actOnTopic(q, identity, topic);
      const { rows } = await q.query<{ id: string }>(
        "select id from realtime.messages where topic = $1 and id = any($2::uuid[])",
        [topic, probes.rows.map((row) => row.id)],
      );
      const seen = new Set(rows.map((row) => row.id));
      const result: Permissions = { broadcast: false, presence: false };
      for (const probe of probes.rows) result[probe.extension] = seen.has(probe.id);
      return result;
    });
  } catch (error) {
    warn("read", topic, error);
    return { broadcast: false, presence: false };
  }
}

/** What `identity` may send on `topic`: the INSERT policies of realtime.messages. */
export async function writePermissions(
  db: Database,
  identity: Identity,
  topic: string,
): Promise<Permissions> {
  const result: Permissions = { broadcast: false, presence: false };
  try {
    await rolledBack(db, async (q) => {
      await actOnTopic(q, identity, topic);
      for (const extension of EXTENSIONS) {
        await q.exec("savepoint realtime_write_check");
        try {
          await q.query("insert into realtime.messages (topic, extension) values ($1, $2)", [
            topic,
            extension,
          ]);
          result[extension] = true;
          await q.exec("release savepoint realtime_write_check");
        } catch (error) {
          await q.exec("rollback to savepoint realtime_write_check");
          if ((error as { code?: string }).code !== "42501") warn("write", topic, error);
        }
      }
    });
  } catch (error) {
    warn("write", topic, error);
  }
  return result;
}
