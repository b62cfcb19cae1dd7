import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export type Row = Record<string, unknown>;
export type QueryResult<T = Row> = { rows: T[]; affectedRows: number };

/** One connection inside a transaction. */
export type Queryable = {
  query<T = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements, without parameters (migrations only). */
  exec(sql: string): Promise<void>;
};

export type TxOptions = { readOnly?: boolean };

/** The database: every unit of work is one transaction, and transactions never interleave on PGlite. */
export type Database = {
  kind: "pglite" | "postgres";
  tx<T>(work: (q: Queryable) => Promise<T>, options?: TxOptions): Promise<T>;
  /** Runs work on the connection outside any transaction (for scripts that manage their own). */
  raw<T>(work: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** A FIFO lock: PGlite has one connection, so work is queued rather than interleaved. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

async function inTransaction<T>(q: Queryable, work: (q: Queryable) => Promise<T>, options?: TxOptions) {
  await q.exec(options?.readOnly ? "begin read only" : "begin");
  try {
    const result = await work(q);
    await q.exec("commit");
    return result;
  } catch (error) {
    await q.exec("rollback").catch(() => undefined);
    throw error;
  }
}

/** Opens PGlite on a data directory ("memory://" keeps it in memory). */
export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir.startsWith("memory://") ? undefined : dataDir);
  const mutex = new Mutex();
  const q: Queryable = {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await db.query<T>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
  return {
    kind: "pglite",
    tx: (work, options) => mutex.run(() => inTransaction(q, work, options)),
    raw: (work) => mutex.run(() => work(q)),
    close: () => mutex.run(() => db.close()),
  };
}

/** Connects to a PostgreSQL server through a small pool. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("error", (error) => console.error("[supabase/local] idle client error:", error.message));
  const wrap = (client: pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query(sql, params as unknown[]);
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  const withClient = async <T>(work: (q: Queryable) => Promise<T>) => {
    const client = await pool.connect();
    try {
      return await work(wrap(client));
    } finally {
      client.release();
    }
  };
  await withClient((q) => q.query("select 1"));
  return {
    kind: "postgres",
    tx: (work, options) => withClient((q) => inTransaction(q, work, options)),
    raw: withClient,
    close: () => pool.end(),
  };
}
