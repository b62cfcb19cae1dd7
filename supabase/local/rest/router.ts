// The /rest/v1 entry: checks what every request must carry (profile, media type, UTF-8, no NUL
// byte, JWT), routes it to a table or a function, and renders every failure as PostgREST does.

import { isUtf8 } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AutoAnalyze } from "../autoanalyze.ts";
import type { LocalConfig } from "../config.ts";
import type { Database } from "../db.ts";
import { header, sendJson } from "../http.ts";
import type { Identity } from "../identity.ts";
import { verifyJwt } from "../jwt.ts";
import { type Ctx, parsePrefer } from "./context.ts";
import { ParseError } from "./parse.ts";
import { isPgError, nulByteError, pgStatus, RestError } from "./responses.ts";
import { handleRpc } from "./rpc.ts";
import { EXPOSED_SCHEMA, type SchemaCache } from "./schema.ts";
import { handleTable } from "./tables.ts";

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
    const exposed = state.cache.exposed;
    if (profile && !exposed.includes(profile)) {
      throw new RestError(
        406,
        "PGRST106",
        `Invalid schema: ${profile}`,
        null,
        `Only the following schemas are exposed: ${exposed.join(", ")}`,
      );
    }
    const schema = profile ?? exposed[0] ?? EXPOSED_SCHEMA;
    const negotiated = negotiate(header(req, "accept") ?? "", state.cache.settings.planEnabled);
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
    let cache = state.cache.bySchema.get(schema) ?? state.cache;
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
    if (!known && Date.now() - cache.loadedAt > 1000) {
      const reloaded = await state.reload();
      cache = reloaded.bySchema.get(schema) ?? reloaded;
    }
    const prefer = parsePrefer(header(req, "prefer"));
    if (prefer.strict && prefer.invalid.length > 0) {
      throw new RestError(
        400,
        "PGRST122",
        "Invalid preferences given with handling=strict",
        `Invalid preferences: ${prefer.invalid.join(", ")}`,
      );
    }
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
      prefer,
      ...negotiated,
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

/**
 * The response's media type from `Accept`, the first the server can produce (PostgREST's list:
 * JSON, `vnd.pgrst.object`, `vnd.pgrst.array` with `nulls=stripped`, CSV); none of them is 406.
 */
function negotiate(
  accept: string,
  planEnabled: boolean,
): Pick<Ctx, "single" | "media" | "stripNulls" | "plan"> {
  const json = { single: false, media: "json", stripNulls: false, plan: undefined } as const;
  if (accept.trim() === "") return json;
  for (const entry of accept.split(",")) {
    const [type = "", ...parameters] = entry.split(";").map((part) => part.trim().toLowerCase());
    const stripNulls = parameters.includes("nulls=stripped");
    if (type === "application/json" || type === "application/*" || type === "*/*") return json;
    if (type === "application/vnd.pgrst.object+json" || type === "application/vnd.pgrst.object") {
      return { ...json, single: true, stripNulls };
    }
    if (type === "application/vnd.pgrst.array+json" || type === "application/vnd.pgrst.array") {
      return { ...json, stripNulls };
    }
    if (type === "text/csv" || type === "text/*") return { ...json, media: "csv" };
    if (planEnabled && /^application\/vnd\.pgrst\.plan(\+json|\+text)?$/.test(type)) {
      const target = parameters
        .find((p) => p.startsWith("for="))
        ?.slice(4)
        .replaceAll('"', "");
      const options =
        parameters
          .find((p) => p.startsWith("options="))
          ?.slice(8)
          .split("|") ?? [];
      return {
        ...json,
        single: target === "application/vnd.pgrst.object+json" || target === "application/vnd.pgrst.object",
        media: target === "text/csv" ? "csv" : "json",
        plan: {
          format: type.endsWith("+text") ? "text" : "json",
          options: options.filter((o) => ["analyze", "verbose", "settings", "buffers", "wal"].includes(o)),
        },
      };
    }
  }
  throw new RestError(406, "PGRST107", `None of these media types are available: ${accept}`);
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
