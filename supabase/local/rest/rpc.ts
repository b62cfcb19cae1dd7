// Calling a function: /rpc/<name> by POST (named arguments or one unnamed json parameter) or GET.

import { sendEmpty, sendJson } from "../http.ts";
import { type Ctx, setupTransaction } from "./context.ts";
import { applyQuery, resolveNode, type Source } from "./embed.ts";
import { parseSelect } from "./parse.ts";
import { isObject, RestError, readJsonBody, responseHeaders, sendRead } from "./responses.ts";
import { EXPOSED_SCHEMA, type SqlFunction } from "./schema.ts";
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
