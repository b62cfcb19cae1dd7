// Calling a function: /rpc/<name> by POST (named arguments or one unnamed json parameter) or GET.

import { sendEmpty, sendJson } from "../http.ts";
import { type Ctx, runTx } from "./context.ts";
import { applyQuery, computedFields, resolveNode, type Source } from "./embed.ts";
import { parseSelect } from "./parse.ts";
import {
  bodyOf,
  checkMaxAffected,
  isObject,
  RestError,
  readJsonBody,
  responseHeaders,
  sendRead,
} from "./responses.ts";
import type { FunctionArg, SqlFunction } from "./schema.ts";
import { Params, qualified, quoteIdent, readRows } from "./sql.ts";

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

/** An argument's SQL: a bound value cast to its type; a JSON object for a row or composite type becomes the record. */
function argumentSql(params: Params, arg: FunctionArg, value: unknown): string {
  if (arg.composite && isObject(value)) {
    return `jsonb_populate_record(null::${arg.type}, ${params.add(JSON.stringify(value))}::jsonb)`;
  }
  return `${params.add(argumentValue(value, arg.type))}::${arg.type}`;
}

/** Whether the named arguments given call `fn` (PostgREST's matchesParams: required ones all given, no unknown one). */
function matchesParams(fn: SqlFunction, provided: Set<string>, readOnly: boolean): boolean {
  if (fn.args.length === 0) return provided.size === 0;
  const required = fn.args.filter((arg) => !arg.hasDefault).map((arg) => arg.name);
  const optional = new Set(fn.args.filter((arg) => arg.hasDefault).map((arg) => arg.name));
  // On GET, query parameters that are not arguments are filters on the result.
  const given = readOnly
    ? new Set([...provided].filter((name) => fn.args.some((arg) => arg.name === name)))
    : provided;
  const rest = [...given].filter((name) => !optional.has(name));
  return rest.length === required.length && required.every((name) => given.has(name));
}

/** Chooses among the overloads of `name` as PostgREST's findProc does; ambiguity is 300 PGRST203. */
function chooseFunction(ctx: Ctx, name: string, provided: string[], readOnly: boolean): SqlFunction {
  const candidates = (ctx.cache.functions.get(name) ?? []).filter((fn) => fn.callable);
  const keys = new Set(provided);
  const matching = candidates.filter((fn) => matchesParams(fn, keys, readOnly));
  const fallback = candidates.filter(
    (fn) =>
      !matching.includes(fn) &&
      !readOnly &&
      fn.args.length === 1 &&
      fn.args[0]?.name === "" &&
      ["json", "jsonb"].includes(fn.args[0].type),
  );
  const chosen = matching.length > 0 ? matching : fallback;
  if (chosen.length === 1 && chosen[0]) return chosen[0];
  if (chosen.length > 1) {
    throw new RestError(
      300,
      "PGRST203",
      `Could not choose the best candidate function between: ${chosen.map((fn) => fn.signature).join(", ")}`,
      null,
      "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    );
  }
  const schema = ctx.cache.schema;
  const sorted = [...provided].sort().join(", ");
  throw new RestError(
    404,
    "PGRST202",
    `Could not find the function ${schema}.${name}${provided.length === 0 ? " without parameters" : `(${sorted})`} in the schema cache`,
    `Searched for the function ${schema}.${name}${
      provided.length === 0
        ? " without parameters"
        : ` with parameter${provided.length > 1 ? "s" : ""} ${sorted}`
    } or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    null,
  );
}

export async function handleRpc(ctx: Ctx, name: string): Promise<void> {
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
  const fn = chooseFunction(ctx, name, Object.keys(args), readOnly);
  if (ctx.prefer.strict && ctx.prefer.maxAffected !== undefined) {
    ctx.prefer.applied.push(`max-affected=${ctx.prefer.maxAffected}`);
  }
  const target = qualified(ctx.cache.schema, fn.name);
  const call = (params: Params) => {
    const only = fn.args[0];
    if (
      fn.args.length === 1 &&
      only?.name === "" &&
      !readOnly &&
      !(only.hasDefault && rawBody === undefined)
    ) {
      return `${target}(${params.add(JSON.stringify(rawBody ?? {}))}::${only.type})`;
    }
    const parts = fn.args
      .filter((arg) => arg.name !== "" && arg.name in args)
      .map((arg) => `${quoteIdent(arg.name)} => ${argumentSql(params, arg, args[arg.name])}`);
    return `${target}(${parts.join(", ")})`;
  };
  if (fn.outColumns) {
    const relation = fn.returnsRelation;
    const source: Source = {
      name: fn.name,
      schema: ctx.cache.schema,
      columns: new Map(fn.outColumns.map((c) => [c.name, c])),
      fkTable: relation,
      computed: relation ? computedFields(ctx.cache, relation) : new Map(),
    };
    const node = resolveNode(ctx.cache, source, parseSelect(url.searchParams.get("select")));
    applyQuery(node, url.searchParams, filterKeys);
    const result = await runTx(
      ctx,
      async (q) => {
        const rows = await readRows(q, ctx, node, call);
        checkMaxAffected(ctx, rows.count);
        return rows;
      },
      { readOnly },
    );
    if (!fn.returnsSet && !ctx.single && ctx.media === "json") {
      const rows = JSON.parse(result.json) as unknown[];
      const row = rows[0] ?? null;
      sendJson(ctx.res, 200, bodyOf(ctx, JSON.stringify(row)), responseHeaders(ctx, {}), true);
      return;
    }
    sendRead(ctx, result);
    return;
  }
  const result = await runTx(
    ctx,
    async (q) => {
      const params = new Params();
      const sql =
        fn.returnType === "void"
          ? `select ${call(params)}`
          : fn.returnsSet
            ? `select coalesce(json_agg(_x), '[]')::text as body, count(*)::int as n from ${call(params)} as _x`
            : `select to_json(${call(params)})::text as body, 1 as n`;
      const result = await q.query<{ body: string; n: number }>(sql, params.values);
      const count = Number(result.rows[0]?.n ?? 0);
      checkMaxAffected(ctx, count);
      return fn.returnType === "void" ? undefined : { json: result.rows[0]?.body ?? "null", count };
    },
    { readOnly },
  );
  if (result === undefined) {
    sendEmpty(ctx.res, 204, responseHeaders(ctx, {}));
    return;
  }
  if (fn.returnsSet) {
    sendRead(ctx, {
      json: result.json,
      count: result.count,
      total: ctx.prefer.count ? result.count : undefined,
      offset: 0,
    });
    return;
  }
  sendJson(ctx.res, 200, result.json, responseHeaders(ctx, {}), true);
}
