// Reads and writes of a table or view: GET/HEAD, POST (insert, upsert), PATCH and DELETE.

import { sendEmpty, sendJson } from "../http.ts";
import { type Ctx, runTx } from "./context.ts";
import { applyQuery, column, resolveNode, sourceOfRelation } from "./embed.ts";
import { parseColumns, parseSelect } from "./parse.ts";
import {
  bodyOf,
  checkMaxAffected,
  contentRange,
  isObject,
  RestError,
  readJsonBody,
  responseHeaders,
  sendRead,
  singularityError,
} from "./responses.ts";
import type { Column, SchemaCache } from "./schema.ts";
import {
  bodySql,
  finishBody,
  Params,
  qualified,
  quoteIdent,
  readRows,
  selectListSql,
  whereSql,
} from "./sql.ts";

function relationOrThrow(cache: SchemaCache, name: string) {
  const relation = cache.relations.get(name);
  if (relation) return relation;
  const similar = [...cache.relations.keys()].find(
    (other) => other.toLowerCase() === name.toLowerCase() || other.startsWith(name) || name.startsWith(other),
  );
  throw new RestError(
    404,
    "PGRST205",
    `Could not find the table '${cache.schema}.${name}' in the schema cache`,
    null,
    similar ? `Perhaps you meant the table '${cache.schema}.${similar}'` : null,
  );
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

/** `insert … select` of the payload's rows, each object turned into the table's record. */
function insertSql(ctx: Ctx, table: string, keys: string[], payload: string): string {
  const target = qualified(ctx.cache.schema, table);
  if (keys.length === 0) return `insert into ${target} default values`;
  return `insert into ${target} (${keys.map(quoteIdent).join(", ")}) select ${keys
    .map((name) => `_v.${quoteIdent(name)}`)
    .join(
      ", ",
    )} from jsonb_array_elements(${payload}::jsonb) as _o(obj), lateral jsonb_populate_record(null::${target}, _o.obj) as _v where true`;
}

export async function handleTable(ctx: Ctx, table: string): Promise<void> {
  const { cache, method, url } = ctx;
  const relation = relationOrThrow(cache, table);
  const source = sourceOfRelation(cache, table);
  const target = qualified(cache.schema, table);
  const wantsRepresentation = ctx.prefer.return === "representation";
  const selectParam = url.searchParams.get("select");

  if (method === "GET" || method === "HEAD") {
    const node = resolveNode(cache, source, parseSelect(selectParam));
    applyQuery(node, url.searchParams, new Set());
    const result = await runTx(ctx, (q) => readRows(q, ctx, node, () => target), { readOnly: true });
    sendRead(ctx, result);
    return;
  }

  if (ctx.plan) {
    throw new RestError(
      406,
      "PGRST107",
      `None of these media types are available: ${ctx.req.headers.accept ?? ""}`,
    );
  }
  const node = resolveNode(cache, source, parseSelect(selectParam));
  applyQuery(node, url.searchParams, new Set());

  /**
   * The write's statements (without RETURNING), built on the parameters they bind: several for an
   * insert with `missing=default` whose rows carry different keys.
   */
  let statements: ((params: Params) => string)[];
  /** What RETURNING gives the rows read back (POST: with `_inserted`, xmax = 0 for an upsert's new rows). */
  let returning: string;
  let status: number;
  let upsert = false;
  if (method === "POST") {
    const body = await readJsonBody(ctx);
    const rows = Array.isArray(body) ? body : body === undefined ? [] : [body];
    if (!rows.every(isObject)) throw new RestError(400, "PGRST102", "All object keys must match");
    const names = payloadColumns(ctx, table, relation.columns, rows);
    status = 201;
    if (rows.length === 0) {
      sendJson(ctx.res, 201, ctx.single ? "" : "[]", responseHeaders(ctx, { "Content-Range": "*/0" }), true);
      return;
    }
    let conflict = "";
    if (ctx.prefer.resolution) {
      const onConflict = url.searchParams.get("on_conflict");
      const keys = onConflict !== null ? parseColumns(onConflict) : relation.primaryKey;
      for (const key of keys) column(source, key);
      if (keys.length === 0) {
        throw new RestError(400, "PGRST100", "on_conflict requires a column list or a primary key");
      }
      upsert = true;
      // As PostgREST: every payload column is set from the proposed row, the conflict columns too,
      // so an upsert whose body holds only the key still returns the (existing) row.
      conflict =
        ctx.prefer.resolution === "ignore-duplicates" || names.length === 0
          ? ` on conflict (${keys.map(quoteIdent).join(", ")}) do nothing`
          : ` on conflict (${keys.map(quoteIdent).join(", ")}) do update set ${names
              .map((name) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`)
              .join(", ")}`;
    }
    // Rows carrying different keys with missing=default: one insert per set of keys, so each
    // leaves its missing columns to their defaults.
    const groups = new Map<string, Record<string, unknown>[]>();
    for (const row of rows) {
      const key = JSON.stringify(ctx.prefer.missingDefault ? names.filter((name) => name in row) : names);
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    statements = [...groups.entries()].map(([key, group]) => (params: Params) => {
      const keys = JSON.parse(key) as string[];
      const insert =
        keys.length === 0 && group.length === 1
          ? `insert into ${target} default values`
          : insertSql(ctx, table, keys, params.add(JSON.stringify(group)));
      return `${insert}${conflict}`;
    });
    // xmax = 0 marks a row the upsert inserted (views have no system columns, and no upserts).
    returning = `returning *, ${upsert ? "xmax::text = '0'" : "true"} as _inserted`;
  } else if (method === "PATCH") {
    const body = await readJsonBody(ctx);
    if (!isObject(body)) throw new RestError(400, "PGRST102", "Empty or invalid json");
    const names = payloadColumns(ctx, table, relation.columns, [body]);
    status = wantsRepresentation ? 200 : 204;
    if (node.filters.length === 0 && node.embedNullFilters.length === 0) {
      throw new RestError(400, "21000", "UPDATE requires a WHERE clause");
    }
    if (names.length === 0) {
      sendRead(ctx, { json: ctx.media === "csv" ? "\n" : "[]", count: 0, total: undefined, offset: 0 });
      return;
    }
    statements = [
      (params: Params) => {
        const payload = params.add(JSON.stringify(body));
        const conditions = whereSql(node, "_t0", params, { next: 100 });
        return `update ${target} as _t0 set ${names
          .map((name) => `${quoteIdent(name)} = _v.${quoteIdent(name)}`)
          .join(
            ", ",
          )} from jsonb_populate_record(null::${target}, ${payload}::jsonb) as _v where ${conditions.join(" and ")}`;
      },
    ];
    returning = "returning _t0.*";
  } else if (method === "DELETE") {
    await readJsonBody(ctx);
    status = wantsRepresentation ? 200 : 204;
    if (node.filters.length === 0 && node.embedNullFilters.length === 0) {
      throw new RestError(400, "21000", "DELETE requires a WHERE clause");
    }
    statements = [
      (params: Params) =>
        `delete from ${target} as _t0 where ${whereSql(node, "_t0", params, { next: 100 }).join(" and ")}`,
    ];
    returning = "returning _t0.*";
  } else {
    throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
  }
  const limitsAffected = method === "PATCH" || method === "DELETE";
  if (limitsAffected && ctx.prefer.strict && ctx.prefer.maxAffected !== undefined) {
    ctx.prefer.applied.push(`max-affected=${ctx.prefer.maxAffected}`);
  }

  const needRows = wantsRepresentation || ctx.single;
  const result = await runTx(ctx, async (q) => {
    if (!needRows) {
      // No RETURNING (which needs the SELECT privilege and policy), as PostgREST with return=minimal.
      let count = 0;
      for (const statement of statements) {
        const params = new Params();
        const sql = statement(params);
        count += (await q.query(sql, params.values)).affectedRows;
      }
      if (limitsAffected) checkMaxAffected(ctx, count);
      if (ctx.single && count !== 1) throw singularityError(count);
      return { json: "", count, inserted: true };
    }
    const params = new Params();
    const writes = statements.map((statement) => statement(params));
    let ctes: string;
    if (method === "POST") {
      const columns = [...relation.columns.keys()].map((name) => `_w.${quoteIdent(name)}`).join(", ");
      ctes = `${writes.map((sql, i) => `_w${i} as (${sql} ${returning})`).join(", ")}, _w as (${writes
        .map((_, i) => `select * from _w${i}`)
        .join(" union all ")}), _m as (select ${columns} from _w)`;
    } else ctes = `_m as (${writes[0]} ${returning})`;
    const select = selectListSql(node, "_t0", params, { next: 200 });
    const inserted = upsert ? ", (select coalesce(bool_or(_inserted), true) from _w) as inserted" : "";
    const sql = `with ${ctes} select ${bodySql(ctx, "_r")}, count(*)::int as n${inserted} from (select ${select.list} from _m as _t0${select.joins}${select.groupBy}) _r`;
    const done = await q.query<{ body: string; first?: string | null; n: number; inserted?: boolean }>(
      sql,
      params.values,
    );
    const row = done.rows[0];
    const count = Number(row?.n ?? 0);
    if (limitsAffected) checkMaxAffected(ctx, count);
    if (ctx.single && count !== 1) throw singularityError(count);
    return { json: finishBody(ctx, row), count, inserted: row?.inserted ?? true };
  });
  if (relation.kind === "r") ctx.analyze?.noteWrites(target, result.count);
  // An upsert that only updated existing rows answers 200, one that inserted any 201 (PostgREST).
  if (upsert && !result.inserted) status = 200;
  const range =
    method === "POST"
      ? `*/${ctx.prefer.count ? result.count : "*"}`
      : contentRange(0, result.count, ctx.prefer.count ? result.count : undefined);
  const headers = responseHeaders(ctx, { "Content-Range": range });
  if (!wantsRepresentation) {
    delete headers["Content-Type"];
    sendEmpty(ctx.res, method === "POST" ? status : 204, headers);
    return;
  }
  sendJson(ctx.res, status, bodyOf(ctx, result.json), headers, true);
}
