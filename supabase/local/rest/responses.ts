// PostgREST's errors and content negotiation: error bodies and statuses, JSON bodies in, rows out.

import { isUtf8 } from "node:buffer";
import { HttpError, readBody, sendJson } from "../http.ts";
import type { Ctx } from "./context.ts";

/**
 * How deep a JSON body may nest. Deeper bodies are refused before anything walks them recursively
 * (JSON.stringify, PostgreSQL's json parser: `stack depth limit exceeded`).
 */
const MAX_JSON_DEPTH = 512;

/** `details` is a string, or for PGRST201 the candidate relationships, as PostgREST sends them. */
type ErrorBody = { code: string; message: string; details: string | object[] | null; hint: string | null };

/** A PostgREST-shaped error. */
export class RestError extends Error {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  constructor(
    status: number,
    code: string,
    message: string,
    details: string | object[] | null = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.body = { code, details, hint, message };
    this.headers = headers;
  }
}

/**
 * PostgreSQL text cannot hold a NUL byte: it answers `22021` when it gets one, or, through PGlite's
 * wire protocol, a `08P01` protocol error. Refused here, as PostgreSQL's own error, before any SQL.
 */
export function nulByteError(details: string): RestError {
  return new RestError(
    400,
    "22021",
    'invalid byte sequence for encoding "UTF8": 0x00',
    details,
    "Remove the NUL byte: PostgreSQL text cannot contain it.",
  );
}

/**
 * PostgREST's status for a PostgreSQL error (Error.hs pgErrorStatus), except class 54 (program
 * limit exceeded: stack depth, too many columns or arguments), which only a request's own size
 * causes: 400 here, where PostgREST says 500.
 */
export function pgStatus(code: string, authenticated: boolean): number {
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

export function isPgError(error: unknown): error is PgError {
  return (
    error instanceof Error &&
    typeof (error as PgError).code === "string" &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code ?? "")
  );
}

/** Thrown inside a transaction to roll it back and answer with an error. */
export function singularityError(count: number): RestError {
  return new RestError(
    406,
    "PGRST116",
    "Cannot coerce the result to a single JSON object",
    `The result contains ${count} rows`,
  );
}

/** Refuses a write that changed more rows than `Prefer: max-affected=N` allows (with `handling=strict`). */
export function checkMaxAffected(ctx: Ctx, count: number): void {
  const max = ctx.prefer.maxAffected;
  if (!ctx.prefer.strict || max === undefined) return;
  if (count > max) {
    throw new RestError(
      400,
      "PGRST124",
      "Query result exceeds max-affected preference constraint",
      `The query affects ${count} rows`,
    );
  }
}

export function contentRange(offset: number, count: number, total: number | undefined): string {
  const totalText = total === undefined ? "*" : String(total);
  return count > 0 ? `${offset}-${offset + count - 1}/${totalText}` : `*/${totalText}`;
}

/** Drops the keys whose value is null from every object (json_strip_nulls), arrays kept as they are. */
function stripNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripNulls);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== null) out[key] = stripNulls(item);
  return out;
}

/** The response body of a JSON array of rows: CSV as it is, one object with `single`, nulls stripped if asked. */
export function bodyOf(ctx: Ctx, json: string): string {
  if (ctx.media === "csv") return json;
  const text = ctx.stripNulls ? JSON.stringify(stripNulls(JSON.parse(json))) : json;
  return ctx.single ? text.slice(1, -1).trim() : text;
}

function contentType(ctx: Ctx): string {
  if (ctx.media === "csv") return "text/csv; charset=utf-8";
  const stripped = ctx.stripNulls ? ";nulls=stripped" : "";
  if (ctx.single) return `application/vnd.pgrst.object+json${stripped}; charset=utf-8`;
  if (ctx.stripNulls) return `application/vnd.pgrst.array+json${stripped}; charset=utf-8`;
  return "application/json; charset=utf-8";
}

export function responseHeaders(ctx: Ctx, extra: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { "Content-Type": contentType(ctx), ...extra };
  if (ctx.prefer.applied.length > 0) headers["Preference-Applied"] = ctx.prefer.applied.join(", ");
  if (ctx.cache.exposed.length > 1) headers["Content-Profile"] = ctx.cache.schema;
  return headers;
}

export function sendRead(
  ctx: Ctx,
  result: { json: string; count: number; total: number | undefined; offset: number },
) {
  const { json, count, total, offset } = result;
  if (ctx.plan) {
    const type = `application/vnd.pgrst.plan+${ctx.plan.format}; for="${ctx.media === "csv" ? "text/csv" : ctx.single ? "application/vnd.pgrst.object+json" : "application/json"}"; charset=utf-8`;
    sendJson(ctx.res, 200, json, responseHeaders(ctx, { "Content-Type": type }), true);
    return;
  }
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
    bodyOf(ctx, json),
    responseHeaders(ctx, { "Content-Range": contentRange(offset, count, total) }),
    true,
  );
}

export async function readJsonBody(ctx: Ctx): Promise<unknown> {
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

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
