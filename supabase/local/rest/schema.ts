import type { Database } from "../db.ts";

/** The only schema the REST API exposes, as in a default Supabase project. */
export const EXPOSED_SCHEMA = "public";

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

export type FunctionArg = { name: string; type: string; hasDefault: boolean };

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
};

export type SchemaCache = {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, SqlFunction[]>;
  roles: Set<string>;
  loadedAt: number;
};

type RelationRow = { name: string; kind: string };
type ColumnRow = {
  table_name: string;
  name: string;
  type: string;
  nullable: boolean;
  has_default: boolean;
  generated: string;
};
type ConstraintRow = {
  name: string;
  type: string;
  from_table: string;
  from_columns: string[];
  to_table: string | null;
  to_schema: string | null;
  to_columns: string[] | null;
};
type FunctionRow = {
  name: string;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  all_arg_types: string[] | null;
  in_arg_types: string[];
  default_count: number;
  return_type: string;
  returns_set: boolean;
  return_relation: string | null;
  return_relation_schema: string | null;
  return_typtype: string;
  volatility: string;
};

/** Reads the exposed schema's tables, columns, keys, functions and the switchable roles from the catalogue. */
export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
  return db.tx(
    async (q) => {
      const relations = await q.query<RelationRow>(
        `select c.relname as name, c.relkind::text as kind from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')`,
        [EXPOSED_SCHEMA],
      );
      const columns = await q.query<ColumnRow>(
        `select c.relname as table_name, a.attname as name, format_type(a.atttypid, null) as type,
           not a.attnotnull as nullable, a.atthasdef as has_default, a.attgenerated::text as generated
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f') and a.attnum > 0 and not a.attisdropped
         order by c.relname, a.attnum`,
        [EXPOSED_SCHEMA],
      );
      const constraints = await q.query<ConstraintRow>(
        `select con.conname as name, con.contype::text as type, cf.relname as from_table,
           array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as from_columns,
           ct.relname as to_table, nt.nspname as to_schema,
           case when con.contype = 'f' then
             array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) end as to_columns
         from pg_constraint con
         join pg_class cf on cf.oid = con.conrelid join pg_namespace nf on nf.oid = cf.relnamespace
         left join pg_class ct on ct.oid = con.confrelid left join pg_namespace nt on nt.oid = ct.relnamespace
         where nf.nspname = $1 and con.contype in ('p', 'u', 'f')
         order by con.conname`,
        [EXPOSED_SCHEMA],
      );
      const functions = await q.query<FunctionRow>(
        `select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
           array(select format_type(t, null) from unnest(p.proallargtypes) t) as all_arg_types,
           array(select format_type(t, null) from unnest(p.proargtypes) t) as in_arg_types,
           p.pronargdefaults as default_count, format_type(p.prorettype, null) as return_type,
           p.proretset as returns_set, rc.relname as return_relation, rn.nspname as return_relation_schema,
           t.typtype::text as return_typtype, p.provolatile::text as volatility
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         join pg_type t on t.oid = p.prorettype
         left join pg_class rc on rc.oid = t.typrelid left join pg_namespace rn on rn.oid = rc.relnamespace
         where n.nspname = $1 and p.prokind = 'f'
           and t.typname not in ('trigger', 'event_trigger')`,
        [EXPOSED_SCHEMA],
      );
      const roles = await q.query<{ rolname: string }>(
        `select rolname from pg_roles where pg_has_role('authenticator', oid, 'MEMBER')
           and rolname <> 'authenticator'`,
      );

      const cache: SchemaCache = {
        relations: new Map(),
        foreignKeys: [],
        functions: new Map(),
        roles: new Set(roles.rows.map((row) => row.rolname)),
        loadedAt: Date.now(),
      };
      for (const row of relations.rows) {
        cache.relations.set(row.name, {
          name: row.name,
          kind: row.kind,
          columns: new Map(),
          primaryKey: [],
          uniqueKeys: [],
        });
      }
      for (const row of columns.rows) {
        cache.relations.get(row.table_name)?.columns.set(row.name, {
          name: row.name,
          type: row.type,
          nullable: row.nullable,
          hasDefault: row.has_default,
          generated: row.generated !== "",
        });
      }
      for (const row of constraints.rows) {
        const relation = cache.relations.get(row.from_table);
        if (!relation) continue;
        if (row.type === "p") relation.primaryKey = row.from_columns;
        if (row.type === "p" || row.type === "u") relation.uniqueKeys.push(row.from_columns);
        if (row.type === "f" && row.to_schema === EXPOSED_SCHEMA && row.to_table && row.to_columns) {
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
        const fn = toFunction(row, cache);
        const list = cache.functions.get(fn.name) ?? [];
        list.push(fn);
        cache.functions.set(fn.name, list);
      }
      return cache;
    },
    { readOnly: true },
  );
}

function toFunction(row: FunctionRow, cache: SchemaCache): SqlFunction {
  const names = row.arg_names ?? [];
  const modes = row.arg_modes ?? row.in_arg_types.map(() => "i");
  const allTypes = row.all_arg_types && row.all_arg_types.length > 0 ? row.all_arg_types : row.in_arg_types;
  const args: FunctionArg[] = [];
  const outColumns: Column[] = [];
  modes.forEach((mode, index) => {
    const name = names[index] ?? "";
    const type = allTypes[index] ?? "text";
    if (mode === "i" || mode === "b" || mode === "v") args.push({ name, type, hasDefault: false });
    if (mode === "o" || mode === "b" || mode === "t") {
      outColumns.push({ name, type, nullable: true, hasDefault: false, generated: false });
    }
  });
  for (let i = args.length - row.default_count; i < args.length; i++) {
    const arg = args[i];
    if (arg) arg.hasDefault = true;
  }
  const relation =
    row.return_relation && row.return_relation_schema === EXPOSED_SCHEMA
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
  };
}
