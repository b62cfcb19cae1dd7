import { mkdirSync } from "node:fs";
import { type Extension, PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { uuid_ossp } from "@electric-sql/pglite/contrib/uuid_ossp";
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
  /**
   * Runs `LISTEN channel` and calls handler with each NOTIFY payload (after the notifying
   * transaction commits). Resolves to a function that stops listening. The channel must be a
   * plain lower-case identifier.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
function checkChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid LISTEN channel name: ${channel}`);
}

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

/** An extension's name as `create extension` writes it, and as PGlite's contrib module names it. */
const EXTENSION_NAME = /^[a-z0-9_-]+$/;

/**
 * The PGlite builds of the extensions the SQL names besides the two every project has: each
 * contrib extension PGlite ships (citext, hstore, ltree, pg_trgm, …) is loaded when a migration or
 * the seed creates it, since PGlite takes its extensions when it opens. One it does not ship is
 * left out, and its `create extension` fails as on a server without it.
 */
async function contribExtensions(names: Iterable<string>): Promise<Record<string, Extension>> {
  const loaded: Record<string, Extension> = { pgcrypto, uuid_ossp };
  for (const name of names) {
    const key = name.toLowerCase().replaceAll("-", "_");
    if (!EXTENSION_NAME.test(key) || key in loaded) continue;
    try {
      const module = (await import(`@electric-sql/pglite/contrib/${key}`)) as Record<string, Extension>;
      if (module[key]) loaded[key] = module[key];
    } catch {
      // Not among PGlite's contrib builds.
    }
  }
  return loaded;
}

/**
 * Opens PGlite on a data directory ("memory://" keeps it in memory), with the contrib extensions
 * a new Supabase project enables (bootstrap.sql creates them in `extensions`) and those `extensions`
 * names (the ones the migrations and seed create).
 */
export async function openPglite(dataDir: string, extensions: Iterable<string> = []): Promise<Database> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir: dataDir.startsWith("memory://") ? undefined : dataDir,
    extensions: await contribExtensions(extensions),
  });
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
    // LISTEN goes through the queue too, so it never lands inside another caller's transaction.
    async listen(channel, handler) {
      checkChannel(channel);
      const unlisten = await mutex.run(() => db.listen(channel, handler));
      return () => mutex.run(() => unlisten());
    },
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
  const listener = postgresListener(url);
  return {
    kind: "postgres",
    tx: (work, options) => withClient((q) => inTransaction(q, work, options)),
    raw: withClient,
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * LISTEN needs a session of its own (a pooled client would lose it on release): one dedicated
 * client, opened on the first listen and reopened after a lost connection, re-running every LISTEN.
 */
function postgresListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on("notification", (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
      });
      next.on("error", (error) => {
        console.error("[supabase/local] LISTEN connection lost:", error.message);
        if (client === next) client = undefined;
        next.end().catch(() => undefined);
        if (!closed) setTimeout(() => reconnect(), 1000).unref();
      });
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`listen ${channel}`);
      client = next;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };
  const reconnect = () => {
    if (closed || handlers.size === 0) return;
    connect().catch((error: Error) => {
      console.error("[supabase/local] LISTEN reconnect failed:", error.message);
      setTimeout(() => reconnect(), 1000).unref();
    });
  };
  return {
    async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
      checkChannel(channel);
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(handler);
      handlers.set(channel, set);
      try {
        const c = await connect();
        if (first) await c.query(`listen ${channel}`);
      } catch (error) {
        set.delete(handler);
        if (set.size === 0) handlers.delete(channel);
        throw error;
      }
      return async () => {
        set.delete(handler);
        if (set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        await client?.query(`unlisten ${channel}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      handlers.clear();
      const c = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
