import { isUtf8 } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AutoAnalyze } from "../autoanalyze.ts";
import type { LocalConfig } from "../config.ts";
import type { Database, Queryable } from "../db.ts";
import { HttpError, header, readBody, sendEmpty, sendJson } from "../http.ts";
import { actAs, type Identity } from "../identity.ts";
import { verifyJwt } from "../jwt.ts";
import {
  type Condition,
  type Field,
  type Filter,
  type OrderTerm,
  ParseError,
  parseColumns,
  parseCount,
  parseFilter,
  parseLogic,
  parseOrder,
  parseSelect,
  type SelectItem,
} from "./parse.ts";
import { type Column, EXPOSED_SCHEMA, type SchemaCache, type SqlFunction } from "./schema.ts";

/** Rows PostgREST returns at most per request (Supabase's default `max_rows`). */
const MAX_ROWS = 1000;
/**
 * How deep a JSON body may nest. Deeper bodies are refused before anything walks them recursively
 * (JSON.stringify, PostgreSQL's json parser: `stack depth limit exceeded`).
 */
const MAX_JSON_DEPTH = 512;

type ErrorBody = { code: string; message: string; details: string | null; hint: string | null };

/** A PostgREST-shaped error. */
export class RestError extends Error {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.body = { code, details, hint, message };
    this.headers = headers;
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (name: string) => `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(name)}`;

/** The relation (table, view or function result) a node reads from. */
type Source = {
  /** Name in messages and for relationship lookups. */
  name: string;
  columns: Map<string, Column>;
  /** The exposed relation whose foreign keys apply (undefined: no embedding). */
  fkTable: string | undefined;
};

type Relationship = {
  cardinality: "one" | "many";
  child: string;
  parentColumns: string[];
  childColumns: string[];
  constraint: string;
};

type EmbedNode = {
  outputName: string;
  relationship: Relationship;
  joinType: "inner" | "left" | undefined;
  node: ReadNode;
};

type ReadNode = {
  source: Source;
  items: SelectItem[];
  embeds: Map<SelectItem, EmbedNode>;
  filters: Filter[];
  /** Anti/semi joins from `embed=is.null` / `embed=not.is.null`. */
  embedNullFilters: { embed: EmbedNode; isNull: boolean }[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
};

/**
 * PostgreSQL text cannot hold a NUL byte: it answers `22021` when it gets one, or, through PGlite's
 * wire protocol, a `08P01` protocol error. Refused here, as PostgreSQL's own error, before any SQL.
 */
function nulByteError(details: string): RestError {
  return new RestError(
    400,
    "22021",
    'invalid byte sequence for encoding "UTF8": 0x00',
    details,
    "Remove the NUL byte: PostgreSQL text cannot contain it.",
  );
}

class Params {
  values: unknown[] = [];
  add(value: unknown): string {
    if (typeof value === "string" && value.includes("\0"))
      throw nulByteError("A value of the request contains a NUL byte.");
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function sourceOfRelation(cache: SchemaCache, name: string): Source {
  const relation = cache.relations.get(name);
  if (!relation) throw new Error(`unknown relation ${name}`);
  return { name, columns: relation.columns, fkTable: name };
}

function column(source: Source, name: string): Column {
  const found = source.columns.get(name);
  if (!found) throw new RestError(400, "42703", `column ${source.name}.${name} does not exist`);
  return found;
}

function findRelationships(cache: SchemaCache, parent: string, target: string, hint: string | undefined) {
  const found: Relationship[] = [];
  const targetIsRelation = cache.relations.has(target);
  const isUnique = (table: string, columns: string[]) =>
    (cache.relations.get(table)?.uniqueKeys ?? []).some(
      (key) => key.length === columns.length && key.every((c) => columns.includes(c)),
    );
  for (const fk of cache.foreignKeys) {
    const matchesHint = (extra: string[]) =>
      hint === undefined || hint === fk.name || fk.fromColumns.includes(hint) || extra.includes(hint);
    if (targetIsRelation) {
      if (fk.fromTable === parent && fk.toTable === target && matchesHint(fk.toColumns)) {
        found.push({
          cardinality: "one",
          child: target,
          parentColumns: fk.fromColumns,
          childColumns: fk.toColumns,
          constraint: fk.name,
        });
      }
      if (fk.toTable === parent && fk.fromTable === target && matchesHint(fk.toColumns)) {
        found.push({
          cardinality: isUnique(target, fk.fromColumns) ? "one" : "many",
          child: target,
          parentColumns: fk.toColumns,
          childColumns: fk.fromColumns,
          constraint: fk.name,
        });
      }
    } else if (
      fk.fromTable === parent &&
      (fk.name === target || (fk.fromColumns.length === 1 && fk.fromColumns[0] === target))
    ) {
      found.push({
        cardinality: "one",
        child: fk.toTable,
        parentColumns: fk.fromColumns,
        childColumns: fk.toColumns,
        constraint: fk.name,
      });
    } else if (fk.toTable === parent && fk.name === target) {
      found.push({
        cardinality: isUnique(fk.fromTable, fk.fromColumns) ? "one" : "many",
        child: fk.fromTable,
        parentColumns: fk.toColumns,
        childColumns: fk.fromColumns,
        constraint: fk.name,
      });
    }
  }
  return found;
}

function resolveNode(cache: SchemaCache, source: Source, items: SelectItem[]): ReadNode {
  const node: ReadNode = {
    source,
    items,
    embeds: new Map(),
    filters: [],
    embedNullFilters: [],
    order: [],
    limit: undefined,
    offset: undefined,
  };
  for (const item of items) {
    if (item.kind === "column") column(source, item.field.name);
    if (item.kind !== "embed") continue;
    if (item.spread) {
      throw new RestError(400, "PGRST100", "Spread embedding (...) is not supported by supabase/local");
    }
    const parent = source.fkTable;
    const candidates = parent ? findRelationships(cache, parent, item.relation, item.hint) : [];
    if (candidates.length === 0) {
      throw new RestError(
        400,
        "PGRST200",
        `Could not find a relationship between '${source.name}' and '${item.relation}' in the schema cache`,
        `Searched for a foreign key relationship between '${source.name}' and '${item.relation}'${
          item.hint ? ` using the hint '${item.hint}'` : ""
        } in the schema '${EXPOSED_SCHEMA}', but no matches were found.`,
        null,
      );
    }
    if (candidates.length > 1) {
      const options = candidates.map((c) => `'${item.relation}!${c.constraint}'`).join(", ");
      throw new RestError(
        300,
        "PGRST201",
        `Could not embed because more than one relationship was found for '${source.name}' and '${item.relation}'`,
        JSON.stringify(
          candidates.map((c) => ({
            cardinality: c.cardinality === "one" ? "many-to-one" : "one-to-many",
            embedding: `${source.name} with ${c.child}`,
            relationship: `${c.constraint} using ${source.name}(${c.parentColumns.join(", ")}) and ${c.child}(${c.childColumns.join(", ")})`,
          })),
        ),
        `Try changing '${item.relation}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
      );
    }
    const relationship = candidates[0] as Relationship;
    const child = resolveNode(cache, sourceOfRelation(cache, relationship.child), item.select);
    node.embeds.set(item, {
      outputName: item.alias ?? item.relation,
      relationship,
      joinType: item.joinType,
      node: child,
    });
  }
  return node;
}

function findEmbed(node: ReadNode, name: string): EmbedNode | undefined {
  for (const embed of node.embeds.values()) if (embed.outputName === name) return embed;
  for (const [item, embed] of node.embeds) if (item.kind === "embed" && item.relation === name) return embed;
  return undefined;
}

const RESERVED = new Set([
  "select",
  "order",
  "limit",
  "offset",
  "columns",
  "on_conflict",
  "or",
  "and",
  "not.or",
  "not.and",
]);

/** Applies the query string's filters, order and paging to the node tree. */
function applyQuery(root: ReadNode, query: URLSearchParams, skip: Set<string>): void {
  for (const [key, value] of query) {
    if (skip.has(key) || key === "select" || key === "columns" || key === "on_conflict") continue;
    let node = root;
    const segments = key.split(".");
    let name = key;
    if (!RESERVED.has(key) && segments.length > 1) {
      let i = 0;
      while (i < segments.length - 1) {
        const embed = findEmbed(node, segments[i] ?? "");
        if (!embed) break;
        node = embed.node;
        i += 1;
      }
      name = segments.slice(i).join(".");
      if (i === 0) name = key;
    }
    if (name === "order") node.order = parseOrder(value);
    else if (name === "limit") node.limit = parseCount("limit", value);
    else if (name === "offset") node.offset = parseCount("offset", value);
    else if (name === "or" || name === "and") node.filters.push(parseLogic(name, false, value));
    else if (name === "not.or" || name === "not.and")
      node.filters.push(parseLogic(name === "not.or" ? "or" : "and", true, value));
    else {
      const embed = findEmbed(node, name);
      if (embed && /^(not\.)?is\.null$/i.test(value)) {
        node.embedNullFilters.push({ embed, isNull: !value.startsWith("not.") });
        continue;
      }
      const condition = parseFilter(name, value);
      node.filters.push(condition);
    }
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

type Aliases = { next: number };

function joinCondition(embed: EmbedNode, parentAlias: string, childAlias: string): string {
  const { parentColumns, childColumns } = embed.relationship;
  return parentColumns
    .map((col, i) => `${childAlias}.${quoteIdent(childColumns[i] ?? "")} = ${parentAlias}.${quoteIdent(col)}`)
    .join(" and ");
}

/** The WHERE conditions of a node: its filters and its !inner / is.null embed conditions. */
function whereSql(node: ReadNode, alias: string, params: Params, aliases: Aliases): string[] {
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
function selectListSql(node: ReadNode, alias: string, params: Params, aliases: Aliases): string {
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

type Prefer = {
  return: "minimal" | "representation" | "headers-only" | undefined;
  count: boolean;
  resolution: "merge-duplicates" | "ignore-duplicates" | undefined;
  missingDefault: boolean;
  applied: string[];
};

function parsePrefer(value: string | undefined): Prefer {
  const prefer: Prefer = {
    return: undefined,
    count: false,
    resolution: undefined,
    missingDefault: false,
    applied: [],
  };
  for (const token of (value ?? "").split(/[,;]/).map((t) => t.trim())) {
    const [key, val] = token.split("=").map((t) => t.trim());
    if (key === "return" && (val === "minimal" || val === "representation" || val === "headers-only")) {
      prefer.return = val;
      prefer.applied.push(token);
    } else if (key === "count" && ["exact", "planned", "estimated"].includes(val ?? "")) {
      prefer.count = true;
      prefer.applied.push(token);
    } else if (key === "resolution" && (val === "merge-duplicates" || val === "ignore-duplicates")) {
      prefer.resolution = val;
      prefer.applied.push(token);
    } else if (key === "missing" && val === "default") {
      prefer.missingDefault = true;
      prefer.applied.push(token);
    }
  }
  return prefer;
}

/**
 * PostgREST's status for a PostgreSQL error (Error.hs pgErrorStatus), except class 54 (program
 * limit exceeded: stack depth, too many columns or arguments), which only a request's own size
 * causes: 400 here, where PostgREST says 500.
 */
function pgStatus(code: string, authenticated: boolean): number {
  if (code === "42501") return authenticated ? 403 : 401;
  if (code.startsWith("54")) return 400;
  if (code === "23505" || code === "23503") return 409;
  if (code === "25006") return 405;
  if (code === "42P01" || code === "42883") return 404;
  if (code === "P0001") return 400;
  const klass = code.slice(0, 2);
  if (klass === "08" || klass === "53") return 503;
  if (
    ["09", "25", "2D", "38", "39", "3B", "40", "54", "55", "57", "58", "F0", "HV", "P0", "XX"].includes(klass)
  ) {
    return 500;
  }
  if (klass === "0L" || klass === "0P" || klass === "28") return 403;
  if (code === "42P17") return 500;
  return 400;
}

type PgError = Error & { code?: string; detail?: string; hint?: string };

function isPgError(error: unknown): error is PgError {
  return (
    error instanceof Error &&
    typeof (error as PgError).code === "string" &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code ?? "")
  );
}

async function identify(
  config: LocalConfig,
  cache: SchemaCache,
  bearer: string | undefined,
): Promise<Identity> {
  if (!bearer) return { role: "anon", claims: { role: "anon" } };
  const result = await verifyJwt(bearer, config);
  if (!result.ok) {
    if (result.reason === "expired") {
      throw new RestError(401, "PGRST303", "JWT expired", null, null, {
        "WWW-Authenticate": 'Bearer error="invalid_token", error_description="JWT expired"',
      });
    }
    const parts = bearer.split(".").length;
    const message =
      parts !== 3 ? `Expected 3 parts in JWT; got ${parts}` : "JWT cryptographic operation failed";
    throw new RestError(401, "PGRST301", message, null, null, {
      "WWW-Authenticate": `Bearer error="invalid_token", error_description="${message}"`,
    });
  }
  const role =
    typeof result.claims.role === "string" && result.claims.role !== "" ? result.claims.role : "anon";
  if (!cache.roles.has(role)) throw new RestError(401, "22023", `role "${role}" does not exist`);
  return { role, claims: { ...result.claims, role } };
}

type Ctx = {
  config: LocalConfig;
  db: Database;
  cache: SchemaCache;
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  url: URL;
  identity: Identity;
  prefer: Prefer;
  single: boolean;
  analyze: AutoAnalyze | undefined;
};

async function setupTransaction(q: Queryable, ctx: Ctx): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (typeof value === "string") headers[name] = value;
  }
  await actAs(q, ctx.identity, { method: ctx.method, path: ctx.path, headers });
}

/** Thrown inside a transaction to roll it back and answer with an error. */
function singularityError(count: number): RestError {
  return new RestError(
    406,
    "PGRST116",
    "Cannot coerce the result to a single JSON object",
    `The result contains ${count} rows`,
  );
}

function contentRange(offset: number, count: number, total: number | undefined): string {
  const totalText = total === undefined ? "*" : String(total);
  return count > 0 ? `${offset}-${offset + count - 1}/${totalText}` : `*/${totalText}`;
}

function bodyOf(json: string, single: boolean): string {
  return single ? json.slice(1, -1).trim() : json;
}

function responseHeaders(ctx: Ctx, extra: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": ctx.single
      ? "application/vnd.pgrst.object+json; charset=utf-8"
      : "application/json; charset=utf-8",
    ...extra,
  };
  if (ctx.prefer.applied.length > 0) headers["Preference-Applied"] = ctx.prefer.applied.join(", ");
  return headers;
}

async function readRows(
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

function sendRead(
  ctx: Ctx,
  result: { json: string; count: number; total: number | undefined; offset: number },
) {
  const { json, count, total, offset } = result;
  if (ctx.single && count !== 1) throw singularityError(count);
  let status = 200;
  if (total !== undefined) {
    if (offset > total) {
      throw new RestError(
        416,
        "PGRST103",
        "Requested range not satisfiable",
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
      );
    }
    if (1 + (offset + count - 1) - offset < total) status = 206;
  }
  sendJson(
    ctx.res,
    status,
    bodyOf(json, ctx.single),
    responseHeaders(ctx, { "Content-Range": contentRange(offset, count, total) }),
    true,
  );
}

function relationOrThrow(cache: SchemaCache, name: string) {
  const relation = cache.relations.get(name);
  if (relation) return relation;
  const similar = [...cache.relations.keys()].find(
    (other) => other.toLowerCase() === name.toLowerCase() || other.startsWith(name) || name.startsWith(other),
  );
  throw new RestError(
    404,
    "PGRST205",
    `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
    null,
    similar ? `Perhaps you meant the table '${EXPOSED_SCHEMA}.${similar}'` : null,
  );
}

async function readJsonBody(ctx: Ctx): Promise<unknown> {
  const raw = await readBody(
    ctx.req,
    ctx.config.maxBodyBytes,
    () =>
      new HttpError(413, {
        code: "PGRST413",
        message: "Payload Too Large",
        details: `The request body exceeds ${ctx.config.maxBodyBytes} bytes`,
        hint: null,
      }),
  );
  if (!isUtf8(raw)) {
    throw new RestError(
      400,
      "22021",
      'invalid byte sequence for encoding "UTF8"',
      "The request body is not valid UTF-8.",
    );
  }
  const text = raw.toString("utf8");
  if (text.trim() === "") return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new RestError(400, "PGRST102", "Empty or invalid json");
  }
  if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
    throw new RestError(
      400,
      "PGRST102",
      "Empty or invalid json",
      `The JSON body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep.`,
    );
  }
  return body;
}

/** Whether `value` nests arrays/objects deeper than `limit`, walked without recursion. */
function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value !== "object" || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.value)) {
      if (typeof child === "object" && child !== null) stack.push({ value: child, depth });
    }
  }
  return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function payloadColumns(
  ctx: Ctx,
  table: string,
  columns: Map<string, Column>,
  rows: Record<string, unknown>[],
) {
  const param = ctx.url.searchParams.get("columns");
  const names = param !== null ? parseColumns(param) : [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (const name of names) {
    if (!columns.has(name)) {
      throw new RestError(
        400,
        "PGRST204",
        `Could not find the '${name}' column of '${table}' in the schema cache`,
      );
    }
  }
  return names;
}

async function handleTable(ctx: Ctx, table: string): Promise<void> {
  const { cache, method, url } = ctx;
  const relation = relationOrThrow(cache, table);
  const source = sourceOfRelation(cache, table);
  const wantsRepresentation = ctx.prefer.return === "representation";
  const selectParam = url.searchParams.get("select");

  if (method === "GET" || method === "HEAD") {
    const node = resolveNode(cache, source, parseSelect(selectParam));
    applyQuery(node, url.searchParams, new Set());
    const result = await ctx.db.tx(
      async (q) => {
        await setupTransaction(q, ctx);
        return readRows(q, ctx, node, () => qualified(table));
      },
      { readOnly: true },
    );
    sendRead(ctx, result);
    return;
  }

  const node = resolveNode(cache, source, parseSelect(selectParam));
  applyQuery(node, url.searchParams, new Set());
  const params = new Params();

  let mutation: string;
  let returning: string;
  let status: number;
  if (method === "POST") {
    const body = await readJsonBody(ctx);
    const rows = Array.isArray(body) ? body : body === undefined ? [] : [body];
    if (!rows.every(isObject)) throw new RestError(400, "PGRST102", "All object keys must match");
    const names = payloadColumns(ctx, table, relation.columns, rows);
    status = 201;
    if (rows.length === 0 || names.length === 0) {
      if (rows.length > 0) {
        mutation = `insert into ${qualified(table)} default values`;
      } else {
        sendJson(
          ctx.res,
          201,
          ctx.single ? "" : "[]",
          responseHeaders(ctx, { "Content-Range": "*/0" }),
          true,
        );
        return;
      }
    } else {
      mutation = ctx.prefer.missingDefault
        ? missingDefaultInsert(table, names, rows, params)
        : `insert into ${qualified(table)} (${names.map(quoteIdent).join(", ")}) select ${names
            .map((name) => `_v.${quoteIdent(name)}`)
            .join(
              ", ",
            )} from jsonb_array_elements(${params.add(JSON.stringify(rows))}::jsonb) as _o(obj), lateral jsonb_populate_record(null::${qualified(table)}, _o.obj) as _v where true`;
      if (ctx.prefer.resolution) {
        const onConflict = url.searchParams.get("on_conflict");
        const keys = onConflict !== null ? parseColumns(onConflict) : relation.primaryKey;
        for (const key of keys) column(source, key);
        if (keys.length === 0) {
          throw new RestError(400, "PGRST100", "on_conflict requires a column list or a primary key");
        }
        const updates = names.filter((name) => !keys.includes(name));
        mutation +=
          ctx.prefer.resolution === "ignore-duplicates" || updates.length === 0
            ? ` on conflict (${keys.map(quoteIdent).join(", ")}) do nothing`
            : ` on conflict (${keys.map(quoteIdent).join(", ")}) do update set ${updates
                .map((name) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`)
                .join(", ")}`;
      }
    }
    returning = "returning *";
  } else if (method === "PATCH") {
    const body = await readJsonBody(ctx);
    if (!isObject(body)) throw new RestError(400, "PGRST102", "Empty or invalid json");
    const names = payloadColumns(ctx, table, relation.columns, [body]);
    status = wantsRepresentation ? 200 : 204;
    if (node.filters.length === 0 && node.embedNullFilters.length === 0) {
      throw new RestError(400, "21000", "UPDATE requires a WHERE clause");
    }
    if (names.length === 0) {
      sendRead(ctx, { json: "[]", count: 0, total: undefined, offset: 0 });
      return;
    }
    const payload = params.add(JSON.stringify(body));
    const conditions = whereSql(node, "_t0", params, { next: 100 });
    mutation = `update ${qualified(table)} as _t0 set ${names
      .map((name) => `${quoteIdent(name)} = _v.${quoteIdent(name)}`)
      .join(
        ", ",
      )} from jsonb_populate_record(null::${qualified(table)}, ${payload}::jsonb) as _v where ${conditions.join(" and ")}`;
    returning = "returning _t0.*";
  } else if (method === "DELETE") {
    await readJsonBody(ctx);
    status = wantsRepresentation ? 200 : 204;
    if (node.filters.length === 0 && node.embedNullFilters.length === 0) {
      throw new RestError(400, "21000", "DELETE requires a WHERE clause");
    }
    const conditions = whereSql(node, "_t0", params, { next: 100 });
    mutation = `delete from ${qualified(table)} as _t0 where ${conditions.join(" and ")}`;
    returning = "returning _t0.*";
  } else {
    throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
  }

  const needRows = wantsRepresentation || ctx.single;
  const result = await ctx.db.tx(async (q) => {
    await setupTransaction(q, ctx);
    if (!needRows) {
      const done = await q.query(mutation, params.values);
      return { json: "", count: done.affectedRows };
    }
    const aliases: Aliases = { next: 200 };
    const list = selectListSql(node, "_t0", params, aliases);
    const sql = `with _m as (${mutation} ${returning}) select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (select ${list} from _m as _t0) _r`;
    const done = await q.query<{ body: string; n: number }>(sql, params.values);
    const row = done.rows[0];
    const count = Number(row?.n ?? 0);
    if (ctx.single && count !== 1) throw singularityError(count);
    return { json: row?.body ?? "[]", count };
  });
  if (relation.kind === "r") ctx.analyze?.noteWrites(qualified(table), result.count);
  const range =
    method === "PATCH"
      ? contentRange(0, result.count, undefined)
      : `*/${ctx.prefer.count ? result.count : "*"}`;
  const headers = responseHeaders(ctx, { "Content-Range": range });
  if (!wantsRepresentation) {
    delete headers["Content-Type"];
    sendEmpty(ctx.res, method === "POST" ? 201 : 204, headers);
    return;
  }
  sendJson(ctx.res, status, bodyOf(result.json, ctx.single), headers, true);
}

function missingDefaultInsert(
  table: string,
  names: string[],
  rows: Record<string, unknown>[],
  params: Params,
): string {
  // Group rows by the keys they carry; each group is inserted with exactly those columns.
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const keys = names.filter((name) => name in row);
    const key = JSON.stringify(keys);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  if (groups.size > 1) {
    throw new RestError(
      400,
      "PGRST102",
      "supabase/local supports Prefer: missing=default only when every row carries the same keys",
    );
  }
  const keys = JSON.parse([...groups.keys()][0] ?? "[]") as string[];
  const payload = params.add(JSON.stringify(rows));
  if (keys.length === 0) return `insert into ${qualified(table)} default values`;
  return `insert into ${qualified(table)} (${keys.map(quoteIdent).join(", ")}) select ${keys
    .map((name) => `_v.${quoteIdent(name)}`)
    .join(
      ", ",
    )} from jsonb_array_elements(${payload}::jsonb) as _o(obj), lateral jsonb_populate_record(null::${qualified(table)}, _o.obj) as _v where true`;
}

function pgArrayLiteral(value: unknown[]): string {
  return `{${value
    .map((item) => {
      if (item === null || item === undefined) return "NULL";
      if (Array.isArray(item)) return pgArrayLiteral(item);
      const text = typeof item === "object" ? JSON.stringify(item) : String(item);
      return `"${text.replace(/(["\\])/g, "\\$1")}"`;
    })
    .join(",")}}`;
}

function argumentValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === "json" || type === "jsonb") return JSON.stringify(value);
  if (Array.isArray(value)) return pgArrayLiteral(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function chooseFunction(ctx: Ctx, name: string, provided: string[], hasBody: boolean): SqlFunction {
  const candidates = ctx.cache.functions.get(name) ?? [];
  const match = candidates.find(
    (fn) =>
      provided.every((arg) => fn.args.some((a) => a.name === arg)) &&
      fn.args.every((a) => a.hasDefault || provided.includes(a.name)),
  );
  if (match) return match;
  const single = candidates.find(
    (fn) =>
      hasBody &&
      fn.args.length === 1 &&
      fn.args[0]?.name === "" &&
      ["json", "jsonb"].includes(fn.args[0].type),
  );
  if (single) return single;
  const signature = `${EXPOSED_SCHEMA}.${name}(${[...provided].sort().join(", ")})`;
  throw new RestError(
    404,
    "PGRST202",
    `Could not find the function ${signature}${provided.length === 0 ? " without parameters" : ""} in the schema cache`,
    `Searched for the function ${EXPOSED_SCHEMA}.${name}${
      provided.length === 0 ? " without parameters" : ` with parameters ${[...provided].sort().join(", ")}`
    } or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    null,
  );
}

async function handleRpc(ctx: Ctx, name: string): Promise<void> {
  const { method, url } = ctx;
  const readOnly = method === "GET" || method === "HEAD";
  let args: Record<string, unknown> = {};
  let rawBody: unknown;
  const filterKeys = new Set<string>();
  if (readOnly) {
    const fnArgs = new Set((ctx.cache.functions.get(name) ?? []).flatMap((fn) => fn.args.map((a) => a.name)));
    for (const [key, value] of url.searchParams) {
      if (fnArgs.has(key)) {
        args[key] = value;
        filterKeys.add(key);
      }
    }
  } else if (method === "POST") {
    rawBody = await readJsonBody(ctx);
    if (rawBody !== undefined && !isObject(rawBody)) {
      throw new RestError(400, "PGRST102", "Empty or invalid json");
    }
    args = (rawBody as Record<string, unknown>) ?? {};
  } else {
    throw new RestError(405, "PGRST101", "Only GET, HEAD and POST are allowed for calling functions");
  }
  const fn = chooseFunction(ctx, name, Object.keys(args), rawBody !== undefined);
  const call = (params: Params) => {
    const only = fn.args[0];
    if (fn.args.length === 1 && only?.name === "" && !readOnly) {
      return `${qualified(fn.name)}(${params.add(JSON.stringify(rawBody ?? {}))}::${only.type})`;
    }
    const parts = fn.args
      .filter((arg) => arg.name in args)
      .map(
        (arg) =>
          `${quoteIdent(arg.name)} => ${params.add(argumentValue(args[arg.name], arg.type))}::${arg.type}`,
      );
    return `${qualified(fn.name)}(${parts.join(", ")})`;
  };
  if (fn.outColumns) {
    const source: Source = {
      name: fn.name,
      columns: new Map(fn.outColumns.map((c) => [c.name, c])),
      fkTable: fn.returnsRelation,
    };
    const node = resolveNode(ctx.cache, source, parseSelect(url.searchParams.get("select")));
    applyQuery(node, url.searchParams, filterKeys);
    const result = await ctx.db.tx(
      async (q) => {
        await setupTransaction(q, ctx);
        return readRows(q, ctx, node, call);
      },
      { readOnly },
    );
    if (!fn.returnsSet && !ctx.single) {
      const rows = JSON.parse(result.json) as unknown[];
      sendJson(ctx.res, 200, JSON.stringify(rows[0] ?? null), responseHeaders(ctx, {}), true);
      return;
    }
    sendRead(ctx, result);
    return;
  }
  const json = await ctx.db.tx(
    async (q) => {
      await setupTransaction(q, ctx);
      const params = new Params();
      const sql =
        fn.returnType === "void"
          ? `select ${call(params)}`
          : fn.returnsSet
            ? `select coalesce(json_agg(_x), '[]')::text as body from ${call(params)} as _x`
            : `select to_json(${call(params)})::text as body`;
      const result = await q.query<{ body: string }>(sql, params.values);
      return fn.returnType === "void" ? undefined : (result.rows[0]?.body ?? "null");
    },
    { readOnly },
  );
  if (json === undefined) {
    sendEmpty(ctx.res, 204, responseHeaders(ctx, {}));
    return;
  }
  sendJson(ctx.res, 200, json, responseHeaders(ctx, {}), true);
}

export type RestState = {
  cache: SchemaCache;
  reload: () => Promise<SchemaCache>;
  /** Told how many rows each write changed, so the planner's statistics follow (autoanalyze). */
  analyze?: AutoAnalyze;
};

/** Handles a request under /rest/v1. `path` is the part after /rest/v1. */
export async function handleRest(
  config: LocalConfig,
  db: Database,
  state: RestState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  bearer: string | undefined,
): Promise<void> {
  const method = req.method ?? "GET";
  try {
    const profile = header(req, method === "GET" || method === "HEAD" ? "accept-profile" : "content-profile");
    if (profile && profile !== EXPOSED_SCHEMA) {
      throw new RestError(
        406,
        "PGRST106",
        `Invalid schema: ${profile}`,
        null,
        `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
      );
    }
    const accept = header(req, "accept") ?? "";
    const single = accept.includes("application/vnd.pgrst.object+json");
    if (
      /text\/csv|application\/geo\+json|vnd\.pgrst\.plan/.test(accept) &&
      !accept.includes("application/json")
    ) {
      throw new RestError(406, "PGRST107", `None of these media types are available: ${accept}`);
    }
    const rawQuery = (req.url ?? "").split("?").slice(1).join("?");
    if (!isUtf8(percentDecoded(rawQuery))) {
      throw new RestError(
        400,
        "22021",
        'invalid byte sequence for encoding "UTF8"',
        "The query string's percent-escapes do not decode to UTF-8.",
        "Percent-encode the UTF-8 bytes of each character (é is %C3%A9).",
      );
    }
    for (const [key, value] of url.searchParams) {
      if (key.includes("\0")) throw nulByteError("A query parameter's name contains a NUL byte (%00).");
      if (value.includes("\0")) throw nulByteError(`The query parameter "${key}" contains a NUL byte (%00).`);
    }
    let cache = state.cache;
    const identity = await identify(config, cache, bearer);
    const segments = path.split("/").filter(Boolean).map(decodePathSegment);
    if (segments.length === 0) {
      sendJson(res, 200, {
        swagger: "2.0",
        info: { title: "supabase/local REST", version: "14.12" },
        paths: Object.fromEntries([...cache.relations.keys()].map((name) => [`/${name}`, {}])),
      });
      return;
    }
    const isRpc = segments[0] === "rpc" && segments.length === 2;
    const name = isRpc ? (segments[1] ?? "") : (segments[0] ?? "");
    if (segments.length > (isRpc ? 2 : 1)) {
      throw new RestError(404, "PGRST125", `Invalid path specified in request URL`);
    }
    const known = isRpc ? cache.functions.has(name) : cache.relations.has(name);
    if (!known && Date.now() - cache.loadedAt > 1000) cache = await state.reload();
    const ctx: Ctx = {
      config,
      db,
      cache,
      req,
      res,
      method,
      path: `/${segments.join("/")}`,
      url,
      identity,
      prefer: parsePrefer(header(req, "prefer")),
      single,
      analyze: state.analyze,
    };
    if (isRpc) await handleRpc(ctx, name);
    else await handleTable(ctx, name);
  } catch (error) {
    if (error instanceof RestError) {
      sendJson(res, error.status, error.body, {
        ...error.headers,
        "Proxy-Status": `PostgREST; error=${error.body.code}`,
      });
      return;
    }
    if (error instanceof ParseError) {
      const body = { code: "PGRST100", details: error.details, hint: error.hint, message: error.message };
      sendJson(res, 400, body, { "Proxy-Status": "PostgREST; error=PGRST100" });
      return;
    }
    if (isPgError(error)) {
      const code = error.code ?? "XX000";
      const role = await roleOf(config, bearer);
      const status = pgStatus(code, role !== "anon");
      const body = { code, details: error.detail ?? null, hint: error.hint ?? null, message: error.message };
      const headers: Record<string, string> = { "Proxy-Status": `PostgREST; error=${code}` };
      if (status === 401) headers["WWW-Authenticate"] = "Bearer";
      sendJson(res, status, body, headers);
      return;
    }
    throw error;
  }
}

/** The bytes a raw query string stands for: each `%XX` one byte, every other character its own byte. */
function percentDecoded(text: string): Buffer {
  const bytes = Buffer.alloc(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === "%" ? text.slice(i + 1, i + 3) : "";
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes[length++] = Number.parseInt(hex, 16);
      i += 2;
    } else bytes[length++] = text.charCodeAt(i) & 0xff;
  }
  return bytes.subarray(0, length);
}

/**
 * A path segment, percent-decoded; a malformed escape (`%`, `%ff`) is kept as written, so the name
 * is simply not found (404) instead of failing the request.
 */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function roleOf(config: LocalConfig, bearer: string | undefined): Promise<string> {
  if (!bearer) return "anon";
  const result = await verifyJwt(bearer, config);
  return result.ok && typeof result.claims.role === "string" ? result.claims.role : "anon";
}
