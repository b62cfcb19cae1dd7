// SQL building: every identifier quoted after the schema cache vouched for it, every value a bound
// parameter; filters, embeds, order and paging of a read tree, and the read that runs them.

import type { Queryable } from "../db.ts";
import type { Ctx } from "./context.ts";
import { column, type EmbedNode, type ReadNode } from "./embed.ts";
import type { Condition, Field, Filter } from "./parse.ts";
import { nulByteError, RestError } from "./responses.ts";
import { EXPOSED_SCHEMA } from "./schema.ts";

/** Rows PostgREST returns at most per request (Supabase's default `max_rows`). */
const MAX_ROWS = 1000;

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (name: string) => `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(name)}`;

export class Params {
  values: unknown[] = [];
  add(value: unknown): string {
    if (typeof value === "string" && value.includes("\0"))
      throw nulByteError("A value of the request contains a NUL byte.");
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function fieldSql(
  node: ReadNode,
  alias: string,
  field: Field,
  params: Params,
): { sql: string; type: string } {
  const col = column(node.source, field.name);
  let sql = `${alias}.${quoteIdent(field.name)}`;
  let type = col.type;
  for (const step of field.path) {
    const key = /^-?\d+$/.test(step.key)
      ? `${params.add(Number(step.key))}::int`
      : `${params.add(step.key)}::text`;
    const base = type === "json" || type === "jsonb" ? sql : `${sql}::jsonb`;
    sql = `(${base}${step.arrow}${key})`;
    type = step.arrow === "->>" ? "text" : "jsonb";
  }
  return { sql, type };
}

const COMPARISON: Record<string, string> = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" };
const CONTAINMENT: Record<string, string> = {
  cs: "@>",
  cd: "<@",
  ov: "&&",
  sl: "<<",
  sr: ">>",
  nxr: "&<",
  nxl: "&>",
  adj: "-|-",
};
const TEXT_SEARCH: Record<string, string> = {
  fts: "to_tsquery",
  plfts: "plainto_tsquery",
  phfts: "phraseto_tsquery",
  wfts: "websearch_to_tsquery",
};

function conditionSql(node: ReadNode, alias: string, c: Condition, params: Params): string {
  const { sql: lhs, type } = fieldSql(node, alias, c.field, params);
  const typed = (value: string) => `${params.add(value)}::${type}`;
  const arrayOf = (value: string) => `${params.add(value)}::${type.endsWith("[]") ? type : `${type}[]`}`;
  let sql: string;
  const op = c.operator;
  if (op in COMPARISON) {
    sql = c.quantifier
      ? `${lhs} ${COMPARISON[op]} ${c.quantifier}(${arrayOf(c.value)})`
      : `${lhs} ${COMPARISON[op]} ${typed(c.value)}`;
  } else if (op === "like" || op === "ilike") {
    const pattern = (value: string) => value.replaceAll("*", "%");
    const keyword = op === "like" ? "like" : "ilike";
    if (c.quantifier) {
      const list = c.value.slice(1, -1);
      sql = `${lhs}::text ${keyword} ${c.quantifier}(${params.add(`{${pattern(list)}}`)}::text[])`;
    } else sql = `${lhs}::text ${keyword} ${params.add(pattern(c.value))}::text`;
  } else if (op === "match" || op === "imatch") {
    const keyword = op === "match" ? "~" : "~*";
    sql = c.quantifier
      ? `${lhs}::text ${keyword} ${c.quantifier}(${params.add(c.value)}::text[])`
      : `${lhs}::text ${keyword} ${params.add(c.value)}::text`;
  } else if (op === "in") {
    const list = c.list ?? [];
    sql = list.length === 0 ? "false" : `${lhs} in (${list.map((v) => typed(v)).join(", ")})`;
  } else if (op === "is") {
    const keyword = { null: "null", not_null: "not null", true: "true", false: "false", unknown: "unknown" }[
      c.value.toLowerCase()
    ];
    sql = `${lhs} is ${keyword}`;
  } else if (op === "isdistinct") {
    sql = `${lhs} is distinct from ${typed(c.value)}`;
  } else if (op in CONTAINMENT) {
    let value = c.value;
    if (op === "ov" && value.startsWith("(") && value.endsWith(")")) value = `{${value.slice(1, -1)}}`;
    sql = `${lhs} ${CONTAINMENT[op]} ${typed(value)}`;
  } else {
    const fn = TEXT_SEARCH[op];
    const language = c.language ? `${params.add(c.language)}::regconfig, ` : "";
    const vector = type === "tsvector" ? lhs : `to_tsvector(${language}${lhs}::text)`;
    sql = `${vector} @@ ${fn}(${language}${params.add(c.value)}::text)`;
  }
  return c.negated ? `not (${sql})` : sql;
}

function filterSql(node: ReadNode, alias: string, filter: Filter, params: Params): string {
  if (filter.kind === "condition") return conditionSql(node, alias, filter, params);
  const joined = filter.children.map((child) => filterSql(node, alias, child, params)).join(` ${filter.op} `);
  return filter.negated ? `not (${joined})` : `(${joined})`;
}

export type Aliases = { next: number };

function joinCondition(embed: EmbedNode, parentAlias: string, childAlias: string): string {
  const { parentColumns, childColumns } = embed.relationship;
  return parentColumns
    .map((col, i) => `${childAlias}.${quoteIdent(childColumns[i] ?? "")} = ${parentAlias}.${quoteIdent(col)}`)
    .join(" and ");
}

/** The WHERE conditions of a node: its filters and its !inner / is.null embed conditions. */
export function whereSql(node: ReadNode, alias: string, params: Params, aliases: Aliases): string[] {
  const conditions = node.filters.map((filter) => filterSql(node, alias, filter, params));
  for (const embed of node.embeds.values()) {
    if (embed.joinType === "inner") conditions.push(`exists (${existsSql(embed, alias, params, aliases)})`);
  }
  for (const { embed, isNull } of node.embedNullFilters) {
    conditions.push(`${isNull ? "not " : ""}exists (${existsSql(embed, alias, params, aliases)})`);
  }
  return conditions;
}

function existsSql(embed: EmbedNode, parentAlias: string, params: Params, aliases: Aliases): string {
  const alias = `_t${aliases.next++}`;
  const child = embed.node;
  const conditions = [joinCondition(embed, parentAlias, alias), ...whereSql(child, alias, params, aliases)];
  return `select 1 from ${qualified(child.source.name)} as ${alias} where ${conditions.join(" and ")}`;
}

function orderSql(node: ReadNode, alias: string, params: Params): string {
  if (node.order.length === 0) return "";
  const terms = node.order.map((term) => {
    const { sql } = fieldSql(node, alias, term.field, params);
    return `${sql}${term.direction ? ` ${term.direction}` : ""}${term.nulls ? ` nulls ${term.nulls}` : ""}`;
  });
  return ` order by ${terms.join(", ")}`;
}

/** The select list of a node: its columns and a correlated subquery per embedded resource. */
export function selectListSql(node: ReadNode, alias: string, params: Params, aliases: Aliases): string {
  const parts: string[] = [];
  for (const item of node.items) {
    if (item.kind === "star") parts.push(`${alias}.*`);
    else if (item.kind === "column") {
      const { sql } = fieldSql(node, alias, item.field, params);
      let expr = sql;
      if (item.cast) expr = `(${sql})::${castType(item.cast)}`;
      const lastKey = item.field.path[item.field.path.length - 1]?.key;
      parts.push(`${expr} as ${quoteIdent(item.alias ?? lastKey ?? item.field.name)}`);
    } else {
      const embed = node.embeds.get(item);
      if (!embed) continue;
      parts.push(`${embedSql(embed, alias, params, aliases)} as ${quoteIdent(embed.outputName)}`);
    }
  }
  if (parts.length === 0) return "null as _";
  return parts.join(", ");
}

function embedSql(embed: EmbedNode, parentAlias: string, params: Params, aliases: Aliases): string {
  const alias = `_t${aliases.next++}`;
  const rowAlias = `_e${aliases.next++}`;
  const child = embed.node;
  const list = selectListSql(child, alias, params, aliases);
  const conditions = [joinCondition(embed, parentAlias, alias), ...whereSql(child, alias, params, aliases)];
  const from = `select ${list} from ${qualified(child.source.name)} as ${alias} where ${conditions.join(" and ")}`;
  if (embed.relationship.cardinality === "one") {
    return `(select row_to_json(${rowAlias}) from (${from} limit 1) ${rowAlias})`;
  }
  const paging = `${child.limit !== undefined ? ` limit ${child.limit}` : ""}${child.offset !== undefined ? ` offset ${child.offset}` : ""}`;
  return `coalesce((select json_agg(${rowAlias}) from (${from}${orderSql(child, alias, params)}${paging}) ${rowAlias}), '[]'::json)`;
}

const CAST_TYPES = new Set([
  "text",
  "varchar",
  "int",
  "int2",
  "int4",
  "int8",
  "integer",
  "bigint",
  "smallint",
  "numeric",
  "float4",
  "float8",
  "real",
  "bool",
  "boolean",
  "json",
  "jsonb",
  "uuid",
  "date",
  "time",
  "timestamp",
  "timestamptz",
  "interval",
]);

function castType(cast: string): string {
  if (!CAST_TYPES.has(cast.toLowerCase())) {
    throw new RestError(400, "PGRST100", `failed to parse select parameter: unsupported cast "${cast}"`);
  }
  return cast.toLowerCase();
}

export async function readRows(
  q: Queryable,
  ctx: Ctx,
  node: ReadNode,
  from: (params: Params) => string,
): Promise<{ json: string; count: number; total: number | undefined; offset: number }> {
  const params = new Params();
  const fromSql = from(params);
  const aliases: Aliases = { next: 1 };
  const list = selectListSql(node, "_t0", params, aliases);
  const conditions = whereSql(node, "_t0", params, aliases);
  const where = conditions.length > 0 ? ` where ${conditions.join(" and ")}` : "";
  const order = orderSql(node, "_t0", params);
  const offset = node.offset ?? 0;
  const limit = Math.min(node.limit ?? MAX_ROWS, MAX_ROWS);
  const sql = `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (select ${list} from ${fromSql} as _t0${where}${order} limit ${limit} offset ${offset}) _r`;
  let total: number | undefined;
  if (ctx.prefer.count) {
    const countParams = new Params();
    const countFrom = from(countParams);
    const countConditions = whereSql(node, "_t0", countParams, { next: 1 });
    const countWhere = countConditions.length > 0 ? ` where ${countConditions.join(" and ")}` : "";
    const counted = await q.query<{ n: number }>(
      `select count(*)::int as n from ${countFrom} as _t0${countWhere}`,
      countParams.values,
    );
    total = Number(counted.rows[0]?.n ?? 0);
  }
  const result = await q.query<{ body: string; n: number }>(sql, params.values);
  const row = result.rows[0];
  return { json: row?.body ?? "[]", count: Number(row?.n ?? 0), total, offset };
}
