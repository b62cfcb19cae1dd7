import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LocalConfig } from "../config.ts";
import type { Database } from "../db.ts";

/** The schema a request without Accept-Profile/Content-Profile uses when config.toml lists none. */
export const EXPOSED_SCHEMA = "public";

/**
 * The schemas the REST API exposes, first one the default: `PGRST_DB_SCHEMAS` (comma-separated),
 * else `[api] schemas` of the config.toml beside the migrations folder (as the Supabase CLI reads it).
 * A `pgrst.db_schemas` role setting of `authenticator` overrides both when the cache loads, as in PostgREST.
 */
export function configuredSchemas(config: LocalConfig): string[] {
  const fromEnv = process.env.PGRST_DB_SCHEMAS;
  if (fromEnv) return splitList(fromEnv);
  const toml = join(config.migrationsDir, "..", "config.toml");
  if (!existsSync(toml)) return [EXPOSED_SCHEMA];
  let section = "";
  for (const line of readFileSync(toml, "utf8").split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]\s*(#.*)?$/.exec(line);
    if (header) {
      section = (header[1] ?? "").trim();
      continue;
    }
    const setting = /^\s*schemas\s*=\s*\[([^\]]*)\]/.exec(line);
    if (setting && section === "api") {
      const names = [...(setting[1] ?? "").matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2] ?? "");
      return names.length > 0 ? names : [EXPOSED_SCHEMA];
    }
  }
  return [EXPOSED_SCHEMA];
}

function splitList(text: string): string[] {
  return text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

export type Column = {
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean;
};

export type Relation = {
  name: string;
  kind: string;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Column sets with a primary-key or unique constraint (for one-to-one detection). */
  uniqueKeys: string[][];
};

export type ForeignKey = {
  name: string;
  fromTable: string;
  fromColumns: string[];
  toTable: string;
  toColumns: string[];
};

export type FunctionArg = {
  name: string;
  type: string;
  hasDefault: boolean;
  /** A composite (row or `create type … as`) argument: a JSON object is turned into the record. */
  composite: boolean;
  /** The exposed relation (same schema) whose row type the argument is. */
  relation: string | undefined;
};

export type SqlFunction = {
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  /** The relation whose rows it returns (`returns setof t`), when it is one of the exposed tables. */
  returnsRelation: string | undefined;
  /** Output columns when it returns a composite or TABLE(...); undefined for scalars. */
  outColumns: Column[] | undefined;
  volatility: "i" | "s" | "v";
  /** The planner's row estimate (`ROWS n`): a set-returning function with ROWS 1 embeds as to-one. */
  rows: number;
  /** The function's `schema.name(arg => type, …)`, as PostgREST names candidates in PGRST203. */
  signature: string;
  /**
   * Whether /rpc can call it: PostgREST's schema cache leaves out functions with unnamed
   * parameters, except one unnamed json, jsonb, text, xml or bytea parameter (the whole body).
   * The others still serve as computed fields and relationships.
   */
  callable: boolean;
};

/** PostgREST settings read from the `authenticator` role's `pgrst.*` settings (in-database config). */
export type RestSettings = {
  aggregatesEnabled: boolean;
  /** `db-plan-enabled`: `Accept: application/vnd.pgrst.plan` answers with the query's EXPLAIN. */
  planEnabled: boolean;
  /** `db-tx-end`: `commit` (default) ignores `Prefer: tx`; `*-allow-override` honours it. */
  txEnd: string;
  maxRows: number | undefined;
};

/** The schema cache of one exposed schema; `bySchema` holds every exposed schema's (the first is the default). */
export type SchemaCache = {
  schema: string;
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, SqlFunction[]>;
  roles: Set<string>;
  loadedAt: number;
  settings: RestSettings;
  exposed: string[];
  bySchema: Map<string, SchemaCache>;
  /** Per relation, the functions of one of its rows (`f(t)`): computed fields and relationships. */
  rowFunctions: Map<string, SqlFunction[]>;
};

type RelationRow = { schema: string; name: string; kind: string };
type ColumnRow = {
  schema: string;
  table_name: string;
  name: string;
  type: string;
  nullable: boolean;
  has_default: boolean;
  generated: string;
};
type ConstraintRow = {
  schema: string;
  name: string;
  type: string;
  from_table: string;
  from_columns: string[];
  to_table: string | null;
  to_schema: string | null;
  to_columns: string[] | null;
};
type FunctionRow = {
  schema: string;
  name: string;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  all_arg_types: string[] | null;
  all_arg_composite: boolean[] | null;
  all_arg_relations: (string | null)[] | null;
  default_count: number;
  return_type: string;
  returns_set: boolean;
  return_relation: string | null;
  return_relation_schema: string | null;
  return_typtype: string;
  volatility: string;
  rows: number;
};

function parseSettings(lines: string[]): { settings: RestSettings; schemas: string[] | undefined } {
  const values = new Map<string, string>();
  for (const line of lines) {
    const at = line.indexOf("=");
    if (at > 0) values.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  const env = process.env;
  const aggregates = env.PGRST_DB_AGGREGATES_ENABLED ?? values.get("pgrst.db_aggregates_enabled") ?? "false";
  const plan = env.PGRST_DB_PLAN_ENABLED ?? values.get("pgrst.db_plan_enabled") ?? "false";
  const maxRows = env.PGRST_DB_MAX_ROWS ?? values.get("pgrst.db_max_rows");
  const schemas = values.get("pgrst.db_schemas");
  return {
    settings: {
      aggregatesEnabled: ["true", "on", "1", "yes"].includes(aggregates.toLowerCase()),
      planEnabled: ["true", "on", "1", "yes"].includes(plan.toLowerCase()),
      txEnd: env.PGRST_DB_TX_END ?? values.get("pgrst.db_tx_end") ?? "commit",
      maxRows: maxRows && /^\d+$/.test(maxRows) ? Number(maxRows) : undefined,
    },
    schemas: schemas ? splitList(schemas) : undefined,
  };
}

/**
 * Reads the exposed schemas' tables, columns, keys, functions, the switchable roles and the
 * `authenticator` role's `pgrst.*` settings from the catalogue. Returns the default schema's cache.
 */
export async function loadSchemaCache(
  db: Database,
  configured: string[] = [EXPOSED_SCHEMA],
): Promise<SchemaCache> {
  return db.tx(
    async (q) => {
      const settingRows = await q.query<{ setting: string }>(
        `select unnest(s.setconfig) as setting from pg_db_role_setting s
         where s.setrole in (0, (select oid from pg_roles where rolname = 'authenticator'))
           and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
         order by s.setrole, s.setdatabase`,
      );
      const { settings, schemas: fromRole } = parseSettings(settingRows.rows.map((row) => row.setting));
      const exposed = fromRole ?? configured;
      const relations = await q.query<RelationRow>(
        `select n.nspname as schema, c.relname as name, c.relkind::text as kind from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'p', 'f')`,
        [exposed],
      );
      const columns = await q.query<ColumnRow>(
        `select n.nspname as schema, c.relname as table_name, a.attname as name, format_type(a.atttypid, null) as type,
           not a.attnotnull as nullable, a.atthasdef as has_default, a.attgenerated::text as generated
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'p', 'f') and a.attnum > 0 and not a.attisdropped
         order by c.relname, a.attnum`,
        [exposed],
      );
      const constraints = await q.query<ConstraintRow>(
        `select nf.nspname as schema, con.conname as name, con.contype::text as type, cf.relname as from_table,
           array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as from_columns,
           ct.relname as to_table, nt.nspname as to_schema,
           case when con.contype = 'f' then
             array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) end as to_columns
         from pg_constraint con
         join pg_class cf on cf.oid = con.conrelid join pg_namespace nf on nf.oid = cf.relnamespace
         left join pg_class ct on ct.oid = con.confrelid left join pg_namespace nt on nt.oid = ct.relnamespace
         where nf.nspname = any($1) and con.contype in ('p', 'u', 'f')
         order by con.conname`,
        [exposed],
      );
      const functions = await q.query<FunctionRow>(
        `select n.nspname as schema, p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
           array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(t, i) order by i) as all_arg_types,
           array(select coalesce(ty.typtype = 'c', false) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(t, i)
                 left join pg_type ty on ty.oid = a.t order by i) as all_arg_composite,
           array(select case when ac.relkind in ('r', 'v', 'm', 'p', 'f') then an.nspname || '.' || ac.relname end
                 from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(t, i)
                 left join pg_type ty on ty.oid = a.t left join pg_class ac on ac.oid = ty.typrelid
                 left join pg_namespace an on an.oid = ac.relnamespace order by i) as all_arg_relations,
           p.pronargdefaults as default_count, format_type(p.prorettype, null) as return_type,
           p.proretset as returns_set, rc.relname as return_relation, rn.nspname as return_relation_schema,
           t.typtype::text as return_typtype, p.provolatile::text as volatility, p.prorows::float8 as rows
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         join pg_type t on t.oid = p.prorettype
         left join pg_class rc on rc.oid = t.typrelid left join pg_namespace rn on rn.oid = rc.relnamespace
         where n.nspname = any($1) and p.prokind = 'f'
           and t.typname not in ('trigger', 'event_trigger')
         order by p.oid`,
        [exposed],
      );
      const roles = await q.query<{ rolname: string }>(
        `select rolname from pg_roles where pg_has_role('authenticator', oid, 'MEMBER')
           and rolname <> 'authenticator'`,
      );

      const bySchema = new Map<string, SchemaCache>();
      const roleSet = new Set(roles.rows.map((row) => row.rolname));
      const loadedAt = Date.now();
      for (const schema of exposed) {
        bySchema.set(schema, {
          schema,
          relations: new Map(),
          foreignKeys: [],
          functions: new Map(),
          roles: roleSet,
          loadedAt,
          settings,
          exposed,
          bySchema,
          rowFunctions: new Map(),
        });
      }
      for (const row of relations.rows) {
        bySchema.get(row.schema)?.relations.set(row.name, {
          name: row.name,
          kind: row.kind,
          columns: new Map(),
          primaryKey: [],
          uniqueKeys: [],
        });
      }
      for (const row of columns.rows) {
        bySchema
          .get(row.schema)
          ?.relations.get(row.table_name)
          ?.columns.set(row.name, {
            name: row.name,
            type: row.type,
            nullable: row.nullable,
            hasDefault: row.has_default,
            generated: row.generated !== "",
          });
      }
      for (const row of constraints.rows) {
        const cache = bySchema.get(row.schema);
        const relation = cache?.relations.get(row.from_table);
        if (!cache || !relation) continue;
        if (row.type === "p") relation.primaryKey = row.from_columns;
        if (row.type === "p" || row.type === "u") relation.uniqueKeys.push(row.from_columns);
        if (row.type === "f" && row.to_schema === row.schema && row.to_table && row.to_columns) {
          cache.foreignKeys.push({
            name: row.name,
            fromTable: row.from_table,
            fromColumns: row.from_columns,
            toTable: row.to_table,
            toColumns: row.to_columns,
          });
        }
      }
      for (const row of functions.rows) {
        const cache = bySchema.get(row.schema);
        if (!cache) continue;
        const fn = toFunction(row, cache);
        const list = cache.functions.get(fn.name) ?? [];
        list.push(fn);
        cache.functions.set(fn.name, list);
        const [first, ...rest] = fn.args;
        if (first?.relation && rest.every((arg) => arg.hasDefault)) {
          cache.rowFunctions.set(first.relation, [...(cache.rowFunctions.get(first.relation) ?? []), fn]);
        }
      }
      const first = bySchema.get(exposed[0] ?? EXPOSED_SCHEMA);
      if (!first) throw new Error("no exposed schema");
      return first;
    },
    { readOnly: true },
  );
}

function toFunction(row: FunctionRow, cache: SchemaCache): SqlFunction {
  const names = row.arg_names ?? [];
  const allTypes = row.all_arg_types ?? [];
  const modes = row.arg_modes ?? allTypes.map(() => "i");
  const args: FunctionArg[] = [];
  const outColumns: Column[] = [];
  modes.forEach((mode, index) => {
    const name = names[index] ?? "";
    const type = allTypes[index] ?? "text";
    if (mode === "i" || mode === "b" || mode === "v") {
      const relation = row.all_arg_relations?.[index] ?? null;
      const prefix = `${cache.schema}.`;
      args.push({
        name,
        type,
        hasDefault: false,
        composite: row.all_arg_composite?.[index] ?? false,
        relation: relation?.startsWith(prefix) ? relation.slice(prefix.length) : undefined,
      });
    }
    if (mode === "o" || mode === "b" || mode === "t") {
      outColumns.push({ name, type, nullable: true, hasDefault: false, generated: false });
    }
  });
  for (let i = args.length - row.default_count; i < args.length; i++) {
    const arg = args[i];
    if (arg) arg.hasDefault = true;
  }
  const relation =
    row.return_relation && row.return_relation_schema === cache.schema
      ? cache.relations.get(row.return_relation)
      : undefined;
  let columnsOut: Column[] | undefined;
  if (outColumns.length > 0 && row.return_typtype !== "c") columnsOut = outColumns;
  else if (relation) columnsOut = [...relation.columns.values()];
  else if (outColumns.length > 0) columnsOut = outColumns;
  return {
    name: row.name,
    args,
    returnType: row.return_type,
    returnsSet: row.returns_set,
    returnsRelation: relation?.name,
    outColumns: columnsOut,
    volatility: row.volatility as SqlFunction["volatility"],
    rows: Number(row.rows),
    signature: `${cache.schema}.${row.name}(${args.map((a) => `${a.name} => ${a.type}`).join(", ")})`,
    callable:
      args.every((arg) => arg.name !== "") ||
      (args.length === 1 && ["json", "jsonb", "text", "xml", "bytea"].includes(args[0]?.type ?? "")),
  };
}
