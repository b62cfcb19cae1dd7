// SQL building: every identifier quoted after the schema cache vouched for it, every value a bound
// parameter; filters, embeds, order and paging of a read tree, and the read that runs them.

import type { Queryable } from "../db.ts";
import type { Ctx } from "./context.ts";
import { column, type EmbedNode, type ReadNode, type Source } from "./embed.ts";
import type { Condition, Field, Filter } from "./parse.ts";
import { nulByteError, RestError } from "./responses.ts";

/** Rows PostgREST returns at most per request (Supabase's default `max_rows`). */
const MAX_ROWS = 1000;

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

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
  const source = node.source;
  const fn = source.columns.has(field.name) ? undefined : source.computed.get(field.name);
  // A computed field is its function applied to the row (cast, so a CTE's row works too).
  let sql =
    fn && source.fkTable
      ? `${qualified(source.schema, fn.name)}(${alias}::${qualified(source.schema, source.fkTable)})`
      : `${alias}.${quoteIdent(field.name)}`;
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
  if (embed.relationship.fn) return "true";
  return parentColumns
    .map((col, i) => `${childAlias}.${quoteIdent(childColumns[i] ?? "")} = ${parentAlias}.${quoteIdent(col)}`)
    .join(" and ");
}

/** The WHERE conditions of a node: its filters and its !inner / is.null embed conditions. */
export function whereSql(node: ReadNode, alias: string, params: Params, aliases: Aliases): string[] {
  const conditions = node.filters.map((filter) => filterSql(node, alias, filter, params));
  for (const embed of node.embeds.values()) {
    if (embed.joinType === "inner")
      conditions.push(`exists (${existsSql(embed, alias, node.source, params, aliases)})`);
  }
  for (const { embed, isNull } of node.embedNullFilters) {
    conditions.push(
      `${isNull ? "not " : ""}exists (${existsSql(embed, alias, node.source, params, aliases)})`,
    );
  }
  return conditions;
}

function existsSql(
  embed: EmbedNode,
  parentAlias: string,
  parentSource: Source,
  params: Params,
  aliases: Aliases,
): string {
  const alias = `_t${aliases.next++}`;
  const child = embed.node;
  const conditions = [joinCondition(embed, parentAlias, alias), ...whereSql(child, alias, params, aliases)];
  return `select 1 from ${childFrom(embed, parentAlias, parentSource)} as ${alias} where ${conditions.join(" and ")}`;
}

/** What an embedded resource reads: its table, or its computed relationship's function of the parent row. */
function childFrom(embed: EmbedNode, parentAlias: string, parent: Source): string {
  const { fn } = embed.relationship;
  const child = embed.node.source;
  if (fn && parent.fkTable) {
    return `${qualified(child.schema, fn.name)}(${parentAlias}::${qualified(parent.schema, parent.fkTable)})`;
  }
  return qualified(child.schema, child.name);
}

function orderSql(node: ReadNode, alias: string, params: Params): string {
  if (node.order.length === 0) return "";
  const terms = node.order.map((term) => {
    const { sql } = fieldSql(node, alias, term.field, params);
    return `${sql}${term.direction ? ` ${term.direction}` : ""}${term.nulls ? ` nulls ${term.nulls}` : ""}`;
  });
  return ` order by ${terms.join(", ")}`;
}

/** A node's select list, the lateral joins its spread embeds read through, and its GROUP BY. */
export type SelectSql = { list: string; joins: string; groupBy: string };

/** The keys a node's rows carry (spread embeds contribute their own). */
function outputKeys(node: ReadNode): string[] {
  const keys: string[] = [];
  for (const item of node.items) {
    if (item.kind === "star") keys.push(...node.source.columns.keys());
    else if (item.kind === "column") {
      keys.push(item.alias ?? item.field.path[item.field.path.length - 1]?.key ?? item.field.name);
    } else if (item.kind === "aggregate") keys.push(item.alias ?? item.fn);
    else {
      const embed = node.embeds.get(item);
      if (!embed) continue;
      if (embed.spread) keys.push(...outputKeys(embed.node));
      else keys.push(embed.outputName);
    }
  }
  return keys;
}

/** The select list of a node: its columns, aggregates and a correlated subquery per embedded resource. */
export function selectListSql(node: ReadNode, alias: string, params: Params, aliases: Aliases): SelectSql {
  const parts: { sql: string; grouped: boolean }[] = [];
  const joins: string[] = [];
  const extraGroups: string[] = [];
  for (const item of node.items) {
    if (item.kind === "star") {
      if (node.aggregated) {
        for (const name of node.source.columns.keys())
          parts.push({ sql: `${alias}.${quoteIdent(name)}`, grouped: true });
      } else parts.push({ sql: `${alias}.*`, grouped: true });
    } else if (item.kind === "column") {
      const { sql } = fieldSql(node, alias, item.field, params);
      let expr = sql;
      if (item.cast) expr = `(${sql})::${castType(item.cast)}`;
      const lastKey = item.field.path[item.field.path.length - 1]?.key;
      parts.push({
        sql: `${expr} as ${quoteIdent(item.alias ?? lastKey ?? item.field.name)}`,
        grouped: true,
      });
    } else if (item.kind === "aggregate") {
      let argument = "*";
      if (item.field) {
        argument = fieldSql(node, alias, item.field, params).sql;
        if (item.cast) argument = `(${argument})::${castType(item.cast)}`;
      }
      let expr = `${item.fn}(${argument})`;
      if (item.outCast) expr = `(${expr})::${castType(item.outCast)}`;
      parts.push({ sql: `${expr} as ${quoteIdent(item.alias ?? item.fn)}`, grouped: false });
    } else {
      const embed = node.embeds.get(item);
      if (!embed) continue;
      if (embed.spread) {
        const joinAlias = `_s${aliases.next++}`;
        joins.push(
          ` left join lateral (${spreadSql(embed, alias, node.source, params, aliases)}) as ${joinAlias} on true`,
        );
        for (const key of outputKeys(embed.node))
          parts.push({ sql: `${joinAlias}.${quoteIdent(key)}`, grouped: true });
        continue;
      }
      parts.push({
        sql: `${embedSql(embed, alias, node.source, params, aliases)} as ${quoteIdent(embed.outputName)}`,
        grouped: false,
      });
      // Beside aggregates, an embed groups by the columns it joins on (json has no equality to group by).
      if (node.aggregated) {
        for (const col of embed.relationship.parentColumns) extraGroups.push(`${alias}.${quoteIdent(col)}`);
      }
    }
  }
  const groupBy = node.aggregated
    ? [...parts.map((part, i) => (part.grouped ? String(i + 1) : "")).filter(Boolean), ...extraGroups].join(
        ", ",
      )
    : "";
  return {
    list: parts.length === 0 ? "null as _" : parts.map((part) => part.sql).join(", "),
    joins: joins.join(""),
    groupBy: groupBy ? ` group by ${groupBy}` : "",
  };
}

/** The rows an embedded resource reads: its select list from its source, joined to the parent row. */
function childSelect(
  embed: EmbedNode,
  parentAlias: string,
  parent: Source,
  params: Params,
  aliases: Aliases,
): { sql: string; alias: string } {
  const alias = `_t${aliases.next++}`;
  const child = embed.node;
  const select = selectListSql(child, alias, params, aliases);
  const conditions = [joinCondition(embed, parentAlias, alias), ...whereSql(child, alias, params, aliases)];
  const sql = `select ${select.list} from ${childFrom(embed, parentAlias, parent)} as ${alias}${select.joins} where ${conditions.join(" and ")}${select.groupBy}`;
  return { sql, alias };
}

function pagingSql(node: ReadNode): string {
  return `${node.limit !== undefined ? ` limit ${node.limit}` : ""}${node.offset !== undefined ? ` offset ${node.offset}` : ""}`;
}

function embedSql(
  embed: EmbedNode,
  parentAlias: string,
  parent: Source,
  params: Params,
  aliases: Aliases,
): string {
  const rowAlias = `_e${aliases.next++}`;
  const { sql: from, alias } = childSelect(embed, parentAlias, parent, params, aliases);
  if (embed.relationship.cardinality === "one") {
    return `(select row_to_json(${rowAlias}) from (${from} limit 1) ${rowAlias})`;
  }
  const child = embed.node;
  return `coalesce((select json_agg(${rowAlias}) from (${from}${orderSql(child, alias, params)}${pagingSql(child)}) ${rowAlias}), '[]'::json)`;
}

/** A spread embed's lateral subquery: one row of the child's keys (to-many: each key's values as an array). */
function spreadSql(
  embed: EmbedNode,
  parentAlias: string,
  parent: Source,
  params: Params,
  aliases: Aliases,
): string {
  const { sql: from, alias } = childSelect(embed, parentAlias, parent, params, aliases);
  if (embed.relationship.cardinality === "one") return `${from} limit 1`;
  const child = embed.node;
  const rowAlias = `_e${aliases.next++}`;
  const keys = outputKeys(child)
    .map((key) => `coalesce(json_agg(${rowAlias}.${quoteIdent(key)}), '[]'::json) as ${quoteIdent(key)}`)
    .join(", ");
  return `select ${keys || "null as _"} from (${from}${orderSql(child, alias, params)}${pagingSql(child)}) ${rowAlias}`;
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

/**
 * The response body of the rows of `alias`: a JSON array, or for `Accept: text/csv` PostgREST's CSV
 * rows (each row's record text without its parentheses; `finishBody` adds the header line).
 */
export function bodySql(ctx: Ctx, alias: string): string {
  if (ctx.media === "csv") {
    return `coalesce(string_agg(substring(${alias}::text, 2, length(${alias}::text) - 2), chr(10)), '') as body, (json_agg(${alias}) -> 0)::text as first`;
  }
  return `coalesce(json_agg(${alias}), '[]')::text as body`;
}

/** The body `bodySql` selected, with CSV's header line (the first row's keys) in front. */
export function finishBody(ctx: Ctx, row: { body: string; first?: string | null } | undefined): string {
  if (ctx.media !== "csv") return row?.body ?? "[]";
  const header = row?.first ? Object.keys(JSON.parse(row.first) as object).join(",") : "";
  return `${header}\n${row?.body ?? ""}`;
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
  const select = selectListSql(node, "_t0", params, aliases);
  const conditions = whereSql(node, "_t0", params, aliases);
  const where = conditions.length > 0 ? ` where ${conditions.join(" and ")}` : "";
  const order = orderSql(node, "_t0", params);
  const offset = node.offset ?? 0;
  const maxRows = ctx.cache.settings.maxRows ?? MAX_ROWS;
  const limit = Math.min(node.limit ?? maxRows, maxRows);
  // Without spread joins or grouping, the page of rows is cut first and the select list (computed
  // fields, embeds) is evaluated for the page only: in one query level, rows skipped by the offset
  // would each run every computed field's function (a page deep in a sorted table ran thousands).
  const page =
    select.joins === "" && select.groupBy === ""
      ? `select ${select.list} from (select _t0.* from ${fromSql} as _t0${where}${order} limit ${limit} offset ${offset}) as _t0`
      : `select ${select.list} from ${fromSql} as _t0${select.joins}${where}${select.groupBy}${order} limit ${limit} offset ${offset}`;
  const sql = `select ${bodySql(ctx, "_r")}, count(*)::int as n from (${page}) _r`;
  if (ctx.plan) {
    const options = [`format ${ctx.plan.format}`, ...ctx.plan.options].join(", ");
    const explained = await q.query<{ "QUERY PLAN": unknown }>(`explain (${options}) ${sql}`, params.values);
    const lines = explained.rows.map((row) => row["QUERY PLAN"]);
    const json =
      ctx.plan.format === "json"
        ? JSON.stringify(typeof lines[0] === "string" ? JSON.parse(lines[0]) : lines[0])
        : lines.join("\n");
    return { json, count: 0, total: undefined, offset: 0 };
  }
  let total: number | undefined;
  if (ctx.prefer.count) {
    const countParams = new Params();
    const countFrom = from(countParams);
    const countConditions = whereSql(node, "_t0", countParams, { next: 1 });
    const countWhere = countConditions.length > 0 ? ` where ${countConditions.join(" and ")}` : "";
    const countSelect = node.aggregated ? selectListSql(node, "_t0", countParams, { next: 1 }) : undefined;
    const counted = await q.query<{ n: number }>(
      countSelect
        ? `select count(*)::int as n from (select ${countSelect.list} from ${countFrom} as _t0${countSelect.joins}${countWhere}${countSelect.groupBy}) _c`
        : `select count(*)::int as n from ${countFrom} as _t0${countWhere}`,
      countParams.values,
    );
    total = Number(counted.rows[0]?.n ?? 0);
  }
  const result = await q.query<{ body: string; first?: string | null; n: number }>(sql, params.values);
  const row = result.rows[0];
  return { json: finishBody(ctx, row), count: Number(row?.n ?? 0), total, offset };
}
