import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleAuth } from "./auth.ts";
import { configFromEnv, type LocalConfig } from "./config.ts";
import { type Database, openPglite, openPostgres } from "./db.ts";
import { CORS_HEADERS, HttpError, header, sendEmpty, sendJson } from "./http.ts";
import { resolveKeys } from "./jwt.ts";
import { handleMailbox } from "./mailbox.ts";
import { migrate } from "./migrate.ts";
import { handleRest, type RestState } from "./rest/handler.ts";
import { loadSchemaCache } from "./rest/schema.ts";

export type LocalSupabase = {
  url: string;
  config: LocalConfig;
  db: Database;
  server: Server;
  close(): Promise<void>;
};

const NOT_IMPLEMENTED_SERVICES = ["/storage/v1", "/functions/v1", "/realtime/v1", "/graphql/v1", "/pg"];

/** Opens the database named by the configuration and brings it up to date. */
export async function openDatabase(config: LocalConfig): Promise<Database> {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    const report = await migrate(db, config.migrationsDir, config.seedFile);
    if (report.applied.length > 0)
      console.log(`[supabase/local] applied migrations: ${report.applied.join(", ")}`);
    if (report.seeded) console.log("[supabase/local] applied supabase/seed.sql");
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

function gatewayError(res: ServerResponse, status: number, message: string, hint: string) {
  sendJson(res, status, { message, hint });
}

/** Starts the local Supabase: database, migrations, seed, then the HTTP server. */
export async function startLocalSupabase(overrides: Partial<LocalConfig> = {}): Promise<LocalSupabase> {
  const config = configFromEnv(overrides);
  const db = await openDatabase(config);
  let reloading: Promise<RestState["cache"]> | undefined;
  const state: RestState = {
    cache: await loadSchemaCache(db),
    reload: () => {
      reloading ??= loadSchemaCache(db).then((cache) => {
        state.cache = cache;
        reloading = undefined;
        return cache;
      });
      return reloading;
    },
  };

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname.replace(/\/{2,}/g, "/");
    if (config.logRequests) console.log(`[supabase/local] ${method} ${req.url}`);
    if (method === "OPTIONS") {
      sendEmpty(res, 204, { "Content-Length": "0" });
      return;
    }
    if (path === "/mailbox" || path.startsWith("/mailbox/")) {
      await handleMailbox(db, method, path, url, res);
      return;
    }
    if (path === "/" || path === "/health") {
      sendJson(res, 200, { name: "supabase/local", auth: "/auth/v1", rest: "/rest/v1", mailbox: "/mailbox" });
      return;
    }
    const service = path.startsWith("/auth/v1") ? "auth" : path.startsWith("/rest/v1") ? "rest" : undefined;
    if (!service) {
      const unimplemented = NOT_IMPLEMENTED_SERVICES.find(
        (prefix) => path === prefix || path.startsWith(`${prefix}/`),
      );
      if (unimplemented) {
        sendJson(res, 501, {
          statusCode: "501",
          code: "not_implemented",
          error: "not_implemented",
          message: `supabase/local does not implement ${unimplemented} yet`,
        });
        return;
      }
      sendJson(res, 404, { message: "no Route matched with those values" });
      return;
    }
    const rest = path.slice(service === "auth" ? "/auth/v1".length : "/rest/v1".length) || "/";
    const apikey = header(req, "apikey") ?? url.searchParams.get("apikey") ?? undefined;
    if (service === "rest") url.searchParams.delete("apikey");
    const openRoute = service === "auth" && method === "GET" && (rest === "/verify" || rest === "/callback");
    const keys = await resolveKeys(config, apikey, header(req, "authorization"));
    if (!openRoute) {
      if (!apikey) {
        gatewayError(
          res,
          401,
          "No API key found in request",
          "No `apikey` request header or url param was found.",
        );
        return;
      }
      if (!keys.apikeyValid) {
        gatewayError(
          res,
          401,
          "Invalid API key",
          "Double check your Supabase `anon` or `service_role` API key.",
        );
        return;
      }
    }
    if (service === "auth") await handleAuth(config, db, req, res, rest, url, keys.bearer);
    else await handleRest(config, db, state, req, res, rest, url, keys.bearer);
  }

  const server = createServer((req, res) => {
    dispatch(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        if (!res.headersSent)
          sendJson(res, error.status, error.body, { ...error.headers, Connection: "close" });
        else res.end();
        // Stop reading an oversized body; the response is already on its way.
        req.resume();
        return;
      }
      console.error("[supabase/local] unexpected error:", error);
      if (!res.headersSent) {
        sendJson(res, 500, { code: "unexpected_failure", message: "Internal server error" });
      } else res.end();
    });
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${config.host}:${address.port}`;
  if (config.port === 0) config.publicUrl = url;
  return {
    url,
    config,
    db,
    server,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await db.close();
    },
  };
}

export { CORS_HEADERS };
