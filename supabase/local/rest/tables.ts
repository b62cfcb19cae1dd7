// Reads and writes of a table or view: GET/HEAD, POST (insert, upsert), PATCH and DELETE.

import { sendEmpty, sendJson } from "../http.ts";
import { type Ctx, setupTransaction } from "./context.ts";
import { applyQuery, column, resolveNode, sourceOfRelation } from "./embed.ts";
import { parseColumns, parseSelect } from "./parse.ts";
import {
  bodyOf,
  contentRange,
  isObject,
  RestError,
  readJsonBody,
  responseHeaders,
  sendRead,
  singularityError,
} from "./responses.ts";
import { type Column, EXPOSED_SCHEMA, type SchemaCache } from "./schema.ts";
import { type Aliases, Params, qualified, quoteIdent, readRows, selectListSql, whereSql } from "./sql.ts";

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

export async function handleTable(ctx: Ctx, table: string): Promise<void> {
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
