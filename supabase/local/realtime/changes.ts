import { createHash } from "node:crypto";
import type { Database, Queryable } from "../db.ts";
import { actAs, type Identity } from "../identity.ts";
import { type Filter, matchesFilters, parseFilters } from "./filters.ts";

/** The NOTIFY channel the capture trigger of schema.sql sends on. */
export const CHANGES_CHANNEL = "supabase_realtime_changes";

type ChangeType = "INSERT" | "UPDATE" | "DELETE";
type Column = { name: string; type: string; pk: boolean };
type Row = Record<string, unknown>;

/** What the capture trigger sends for one row change. */
export type Change = {
  relid: number;
  schema: string;
  table: string;
  type: ChangeType;
  commit_timestamp: string;
  rls: boolean;
  replica_identity: string;
  columns: Column[];
  record: Row | null;
  old_record: Row | null;
};

/** One postgres_changes binding of a joined channel. */
export type ChangeSubscription = {
  id: number;
  event: "*" | ChangeType;
  schema: string;
  table: string;
  filters: Filter[];
};

/** What the dispatcher needs from a joined channel. */
export type ChangeListener = {
  identity(): Identity;
  subscriptions(): readonly ChangeSubscription[];
  push(payload: unknown): void;
};

/** The parameters of one requested binding, as the client sent them. */
export type ChangeParams = Record<string, unknown>;

/**
 * Realtime's id for a binding is `:erlang.phash2(params)`: a stable integer below 2^27 derived
 * from the parameters. Any stable hash of them serves the client, which only compares ids.
 */
export function subscriptionId(params: ChangeParams): number {
  const canonical = JSON.stringify(
    Object.keys(params)
      .sort()
      .map((key) => [key, params[key]]),
  );
  return createHash("sha1").update(canonical).digest().readUInt32BE(0) & 0x7ffffff;
}

/** Validates and parses one binding; errors carry Realtime's wording. */
export function parseSubscription(
  params: unknown,
): { ok: true; subscription: ChangeSubscription } | { ok: false; error: string } {
  if (!params || typeof params !== "object" || Array.isArray(params))
    return {
      ok: false,
      error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params)}`,
    };
  const p = params as ChangeParams;
  const schema = typeof p.schema === "string" ? p.schema : p.schema === undefined ? "public" : undefined;
  const table = typeof p.table === "string" ? p.table : p.table === undefined ? "*" : undefined;
  if (schema === undefined || table === undefined || (p.schema === undefined && p.table === undefined))
    return {
      ok: false,
      error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(p)}`,
    };
  let filters: Filter[] = [];
  if (p.filter !== undefined && p.filter !== null) {
    if (typeof p.filter !== "string")
      return { ok: false, error: `Error parsing \`filter\` params: ${JSON.stringify(p.filter)}` };
    const parsed = parseFilters(p.filter);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    filters = parsed.filters;
  }
  const raw = typeof p.event === "string" ? p.event.toUpperCase() : "*";
  const event = raw === "INSERT" || raw === "UPDATE" || raw === "DELETE" ? raw : "*";
  return { ok: true, subscription: { id: subscriptionId(p), event, schema, table, filters } };
}

/**
 * Checks bindings against the catalogue the way Realtime's subscription insert does: some table
 * of the supabase_realtime publication must match, and filter columns must exist. Returns an
 * error message, or null when all is well.
 */
export async function checkSubscriptions(db: Database, subs: readonly ChangeSubscription[]) {
  if (subs.length === 0) return null;
  return db.tx(
    async (q) => {
      for (const sub of subs) {
        const tables = await q.query<{ relid: number }>(
          `select format('%I.%I', schemaname, tablename)::regclass::oid::int8 as relid
             from pg_catalog.pg_publication_tables
            where pubname = 'supabase_realtime'
              and ($1 = '*' or schemaname = $1) and ($2 = '*' or tablename = $2)`,
          [sub.schema, sub.table],
        );
        const described = `[event: ${sub.event}, schema: ${sub.schema}, table: ${sub.table}, filters: [${sub.filters
          .map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}}`)
          .join(", ")}]]`;
        if (tables.rows.length === 0)
          return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${described}`;
        for (const filter of sub.filters) {
          for (const { relid } of tables.rows) {
            const column = await q.query(
              `select from pg_catalog.pg_attribute
                where attrelid = $1::int8::oid and attname = $2 and attnum > 0 and not attisdropped`,
              [relid, filter.column],
            );
            if (column.rows.length === 0)
              return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${described}. Exception: ERROR P0001 (raise_exception) invalid column for filter ${filter.column}`;
          }
        }
      }
      return null;
    },
    { readOnly: true },
  );
}

function pick(row: Row | null, names: Iterable<string>): Row {
  const result: Row = {};
  if (!row) return result;
  for (const name of names) if (Object.hasOwn(row, name)) result[name] = row[name];
  return result;
}

/** The old row as logical replication would have it: only the replica identity's columns. */
function oldAsReplicated(change: Change): Row {
  if (change.replica_identity === "f") return change.old_record ?? {};
  if (change.replica_identity === "n") return {};
  return pick(
    change.old_record,
    change.columns.filter((c) => c.pk).map((c) => c.name),
  );
}

type Visibility = { visible: boolean; columns: Set<string> };

/**
 * What one identity may see of a change: the columns it may select and, for INSERT/UPDATE on a
 * table with RLS, whether its policies let it see the row (checked by primary key against the
 * committed table, like Realtime's `apply_rls`). DELETE is not checked, as on Realtime.
 */
async function visibilityFor(
  q: Queryable,
  identity: Identity,
  change: Change,
  columnsByRole: Map<string, Set<string>>,
): Promise<Visibility> {
  await actAs(q, identity);
  // Column privileges depend on the role only, not on the claims.
  let columns = columnsByRole.get(identity.role);
  if (!columns) {
    const selectable = await q.query<{ name: string }>(
      `select attname as name from pg_catalog.pg_attribute
        where attrelid = $1::int8::oid and attnum > 0 and not attisdropped
          and has_column_privilege($1::int8::oid, attnum, 'SELECT')`,
      [change.relid],
    );
    columns = new Set(selectable.rows.map((row) => row.name));
    columnsByRole.set(identity.role, columns);
  }
  if (columns.size === 0) return { visible: false, columns };
  if (!change.rls || change.type === "DELETE") return { visible: true, columns };
  const pk = change.columns.filter((c) => c.pk).map((c) => c.name);
  if (pk.length === 0 || !change.record) return { visible: false, columns };
  const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const table = `${ident(change.schema)}.${ident(change.table)}`;
  const where = pk.map((name) => `t.${ident(name)} = r.${ident(name)}`).join(" and ");
  const found = await q.query<{ visible: boolean }>(
    `select exists (select from ${table} t, jsonb_populate_record(null::${table}, $1::jsonb) r where ${where}) as visible`,
    [JSON.stringify(pick(change.record, pk))],
  );
  return { visible: found.rows[0]?.visible === true, columns };
}

/** The wire payload of a change for one subscriber (protocol reference §4.3). */
function dataFor(change: Change, visibility: Visibility): Row {
  const columns = change.columns.filter((c) => visibility.columns.has(c.name));
  const data: Row = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commit_timestamp,
    type: change.type,
    columns: columns.map((c) => ({ name: c.name, type: c.type })),
  };
  if (change.type !== "DELETE") data.record = pick(change.record, visibility.columns);
  if (change.type !== "INSERT") {
    const old = oldAsReplicated(change);
    const pk = new Set(change.columns.filter((c) => c.pk).map((c) => c.name));
    // With RLS on, Realtime cannot secure the old row, so it sends only the primary key.
    const names = Object.keys(old).filter(
      (name) => visibility.columns.has(name) && (!change.rls || pk.has(name)),
    );
    data.old_record = pick(old, names);
  }
  data.errors = null;
  return data;
}

function matches(sub: ChangeSubscription, change: Change, row: Row, types: Map<string, string>): boolean {
  if (sub.event !== "*" && sub.event !== change.type) return false;
  if (sub.schema !== "*" && sub.schema !== change.schema) return false;
  if (sub.table !== "*" && sub.table !== change.table) return false;
  return matchesFilters(sub.filters, row, types);
}

/**
 * Listens for captured changes and delivers each to the channels whose bindings and filters match
 * and whose identity may see the row. Changes are handled one at a time, in commit order; all the
 * visibility checks of one change run in one read-only transaction, switching role and claims per
 * identity (inside a savepoint, so a failing policy only hides the row from that identity).
 */
export async function startCapture(
  db: Database,
  listeners: () => Iterable<ChangeListener>,
): Promise<() => Promise<void>> {
  let queue: Promise<void> = Promise.resolve();
  const handle = async (payload: string) => {
    let parsed: Change | { spill: number };
    try {
      parsed = JSON.parse(payload) as Change | { spill: number };
    } catch {
      return;
    }
    let change: Change;
    if ("spill" in parsed) {
      const spilled = await db.tx((q) =>
        q.query<{ payload: Change }>("delete from realtime.change_spill where id = $1 returning payload", [
          parsed.spill,
        ]),
      );
      const row = spilled.rows[0];
      if (!row) return;
      change = typeof row.payload === "string" ? (JSON.parse(row.payload) as Change) : row.payload;
    } else change = parsed;
    await dispatch(change);
  };
  const dispatch = async (change: Change) => {
    const types = new Map(change.columns.map((c) => [c.name, c.type]));
    const row = change.type === "DELETE" ? oldAsReplicated(change) : (change.record ?? {});
    const targets: { listener: ChangeListener; ids: number[]; identity: Identity }[] = [];
    for (const listener of listeners()) {
      const ids = listener
        .subscriptions()
        .filter((sub) => matches(sub, change, row, types))
        .map((sub) => sub.id);
      if (ids.length > 0) targets.push({ listener, ids: [...new Set(ids)], identity: listener.identity() });
    }
    if (targets.length === 0) return;
    const byIdentity = new Map<string, Identity>();
    for (const target of targets)
      byIdentity.set(JSON.stringify([target.identity.role, target.identity.claims]), target.identity);
    const seen = await db.tx(
      async (q) => {
        const result = new Map<string, Visibility>();
        const columnsByRole = new Map<string, Set<string>>();
        for (const [key, identity] of byIdentity) {
          await q.exec("savepoint realtime_check");
          try {
            result.set(key, await visibilityFor(q, identity, change, columnsByRole));
            await q.exec("release savepoint realtime_check");
          } catch (error) {
            // A policy that fails hides the row from that identity only.
            console.warn(
              `[supabase/local] realtime RLS check on ${change.schema}.${change.table} failed for role ${identity.role}:`,
              (error as Error).message,
            );
            await q.exec("rollback to savepoint realtime_check");
            result.set(key, { visible: false, columns: new Set() });
          }
        }
        return result;
      },
      { readOnly: true },
    );
    for (const target of targets) {
      const visibility = seen.get(JSON.stringify([target.identity.role, target.identity.claims]));
      if (!visibility?.visible) continue;
      target.listener.push({ ids: target.ids, data: dataFor(change, visibility) });
    }
  };
  const unlisten = await db.listen(CHANGES_CHANNEL, (payload) => {
    queue = queue
      .then(() => handle(payload))
      .catch((error: unknown) => console.error("[supabase/local] realtime change dispatch failed:", error));
  });
  return async () => {
    await unlisten();
    await queue;
  };
}
