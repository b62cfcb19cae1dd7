import { existsSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { parseEnv } from "node:util";
import type { CreateHandler, FetchHandler, FunctionEnv } from "../../functions/_shared/types.ts";
import type { LocalConfig } from "../config.ts";
import { sendJson } from "../http.ts";
import { type KeyResolution, verifyJwt } from "../jwt.ts";

/** Request bodies larger than this are cut off with an error inside the function. */
const MAX_REQUEST_BYTES = 20 * 1024 * 1024;
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

type Loaded = { mtimeMs: number; envKey: string; handler: FetchHandler };
const loaded = new Map<string, Loaded>();

function fail(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { code, message });
}

/** `verify_jwt` of each function from supabase/config.toml (`[functions.<name>]`); true by default. */
export function readVerifyJwt(configToml: string, name: string): boolean {
  let section = "";
  for (const line of configToml.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]\s*(#.*)?$/.exec(line);
    if (header) {
      section = (header[1] ?? "").trim();
      continue;
    }
    const setting = /^\s*verify_jwt\s*=\s*(true|false)\s*(#.*)?$/.exec(line);
    if (setting && section === `functions.${name}`) return setting[1] === "true";
  }
  return true;
}

/**
 * The environment a function sees: its secrets from the env file, then what the Supabase runtime
 * provides (names starting with SUPABASE_ cannot be overridden, as with the CLI).
 */
export function functionEnv(config: LocalConfig): Record<string, string> {
  const env: Record<string, string> = {};
  if (existsSync(config.functionsEnvFile)) {
    const parsed = parseEnv(readFileSync(config.functionsEnvFile, "utf8"));
    for (const [name, value] of Object.entries(parsed)) {
      if (!name.startsWith("SUPABASE_") && typeof value === "string") env[name] = value;
    }
  }
  env.SUPABASE_URL = config.publicUrl;
  env.SUPABASE_ANON_KEY = config.anonKey;
  env.SUPABASE_SERVICE_ROLE_KEY = config.serviceRoleKey;
  env.SUPABASE_PUBLISHABLE_KEY = config.publishableKey;
  env.SUPABASE_SECRET_KEY = config.secretKey;
  if (config.databaseUrl) env.SUPABASE_DB_URL = config.databaseUrl;
  return env;
}

/** Imports `<functionsDir>/<name>/handler.ts` again whenever it or the env file changes. */
async function loadHandler(config: LocalConfig, name: string, file: string): Promise<FetchHandler> {
  const { mtimeMs } = statSync(file);
  const env = functionEnv(config);
  const envKey = JSON.stringify(env);
  const cached = loaded.get(file);
  if (cached && cached.mtimeMs === mtimeMs && cached.envKey === envKey) return cached.handler;
  const module = (await import(`${pathToFileURL(file).href}?mtime=${Math.round(mtimeMs)}`)) as {
    default?: CreateHandler;
  };
  if (typeof module.default !== "function") {
    throw new Error(`supabase/functions/${name}/handler.ts must default-export a handler factory`);
  }
  const handler = module.default(env as FunctionEnv);
  loaded.set(file, { mtimeMs, envKey, handler });
  return handler;
}

/** The caller's body as a web stream, failing once it passes MAX_REQUEST_BYTES. */
function limitedBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let size = 0;
  const source = Readable.toWeb(req) as ReadableStream<Uint8Array>;
  return source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > MAX_REQUEST_BYTES) controller.error(new Error("Request body too large"));
        else controller.enqueue(chunk);
      },
    }),
  );
}

function toRequest(req: IncomingMessage, url: URL, name: string, subpath: string, signal: AbortSignal) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key === "host" || key === "connection") continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : value);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  // Under the edge runtime a function sees its own name as the first path segment.
  const target = new URL(`/${name}${subpath}${url.search}`, `http://${req.headers.host ?? "localhost"}`);
  return new Request(target, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: limitedBody(req), duplex: "half" } : {}),
  } as RequestInit);
}

/** Copies a function's response to the client chunk by chunk, so streams stay streams. */
async function sendResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body || head) {
    await response.body?.cancel();
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      res.write(value);
    }
  } finally {
    res.end();
  }
}

/**
 * Edge Functions (`/functions/v1/<name>[/…]`): runs `supabase/functions/<name>/handler.ts` with the
 * caller's request (headers, body, query), the function's environment, streaming in both
 * directions. JWT verification follows `verify_jwt` in supabase/config.toml, as on Supabase.
 */
export async function handleFunctions(
  config: LocalConfig,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  url: URL,
  keys: KeyResolution,
): Promise<void> {
  const match = /^\/([^/]+)(\/.*)?$/.exec(rest);
  const name = match?.[1] ? decodeURIComponent(match[1]) : "";
  const file = join(config.functionsDir, name, "handler.ts");
  if (!FUNCTION_NAME.test(name) || !existsSync(file)) {
    fail(res, 404, "NOT_FOUND", "Requested function was not found");
    return;
  }
  const method = req.method ?? "GET";
  const configToml = join(config.functionsDir, "..", "config.toml");
  const verify = readVerifyJwt(existsSync(configToml) ? readFileSync(configToml, "utf8") : "", name);
  if (verify && method !== "OPTIONS") {
    if (!keys.bearer) {
      fail(res, 401, "UNAUTHORIZED_NO_AUTH_HEADER", "Missing authorization header");
      return;
    }
    const verified = await verifyJwt(keys.bearer, config);
    if (!verified.ok) {
      fail(res, 401, "UNAUTHORIZED_INVALID_JWT_FORMAT", "Invalid JWT");
      return;
    }
  }
  const aborted = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) aborted.abort();
  });
  let response: Response;
  try {
    const handler = await loadHandler(config, name, file);
    response = await handler(toRequest(req, url, name, match?.[2] ?? "", aborted.signal));
  } catch (error) {
    console.error(`[supabase/local] function ${name} failed:`, error);
    if (!res.headersSent) {
      fail(res, 500, "WORKER_ERROR", "Function exited due to an error (please check logs)");
    }
    return;
  }
  await sendResponse(res, response, method === "HEAD");
}
