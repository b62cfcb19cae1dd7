import type { Database, Queryable } from "../db.ts";
import { type ByteStore, openedBuffer, stageInMemory } from "./bytes.ts";
import { ERRORS } from "./errors.ts";

/**
 * Runs `work` as the connection's own role: the bytes table lives in the private schema
 * `supabase_local`, which the API roles the transaction otherwise runs as cannot reach.
 */
async function asOwner<T>(q: Queryable, work: () => Promise<T>): Promise<T> {
  const { rows } = await q.query<{ role: string }>("select current_setting('role') as role");
  await q.query("reset role");
  try {
    return await work();
  } finally {
    await q.query("select set_config('role', $1, true)", [rows[0]?.role ?? "none"]);
  }
}

/**
 * Object bytes in `supabase_local.storage_bytes` (bytea), written in the same transaction as the
 * object rows, for a real PostgreSQL (`DATABASE_URL`) where a local folder would not be shared.
 */
export function databaseStore(db: Database): ByteStore {
  return {
    kind: "database",
    async init() {},
    stage: stageInMemory,
    async discard() {},
    async commit(tx, staged, to) {
      await asOwner(tx.q, () =>
        tx.q.query(
          `insert into supabase_local.storage_bytes (bucket_id, name, data) values ($1, $2, $3)
           on conflict (bucket_id, name) do update set data = excluded.data`,
          [to.bucket, to.key, staged.data ?? Buffer.alloc(0)],
        ),
      );
    },
    async copy(tx, from, to) {
      const copied = await asOwner(tx.q, () =>
        tx.q.query(
          `insert into supabase_local.storage_bytes (bucket_id, name, data)
           select $3, $4, data from supabase_local.storage_bytes where bucket_id = $1 and name = $2
           on conflict (bucket_id, name) do update set data = excluded.data`,
          [from.bucket, from.key, to.bucket, to.key],
        ),
      );
      if (copied.affectedRows === 0) throw ERRORS.noSuchKey();
    },
    async move(tx, from, to) {
      const moved = await asOwner(tx.q, async () => {
        await tx.q.query("delete from supabase_local.storage_bytes where bucket_id = $1 and name = $2", [
          to.bucket,
          to.key,
        ]);
        return tx.q.query(
          `update supabase_local.storage_bytes set bucket_id = $3, name = $4
           where bucket_id = $1 and name = $2`,
          [from.bucket, from.key, to.bucket, to.key],
        );
      });
      if (moved.affectedRows === 0) throw ERRORS.noSuchKey();
    },
    async remove(tx, bucket, keys) {
      await asOwner(tx.q, () =>
        tx.q.query("delete from supabase_local.storage_bytes where bucket_id = $1 and name = any($2)", [
          bucket,
          keys,
        ]),
      );
    },
    async removeBucket(tx, bucket) {
      await asOwner(tx.q, () =>
        tx.q.query("delete from supabase_local.storage_bytes where bucket_id = $1", [bucket]),
      );
    },
    async open(ref) {
      const { rows } = await db.tx(
        (q) =>
          q.query<{ data: Uint8Array }>(
            "select data from supabase_local.storage_bytes where bucket_id = $1 and name = $2",
            [ref.bucket, ref.key],
          ),
        { readOnly: true },
      );
      const data = rows[0]?.data;
      return data ? openedBuffer(Buffer.from(data.buffer, data.byteOffset, data.byteLength)) : undefined;
    },
  };
}
