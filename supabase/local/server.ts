import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleAuth } from "./auth/index.ts";
import { createAutoAnalyze } from "./autoanalyze.ts";
import { configFromEnv, type LocalConfig } from "./config.ts";
import { type Database, openPglite, openPostgres } from "./db.ts";
import { handleFunctions } from "./functions/handler.ts";
import { CORS_HEADERS, drainBody, HttpError, header, sendEmpty, sendJson } from "./http.ts";
import { resolveKeys } from "./jwt.ts";
import { handleMailbox } from "./mailbox.ts";
import { extensionsCreatedBy, migrate } from "./migrate.ts";
import { startRealtime } from "./realtime/index.ts";
import { handleRest, type RestState } from "./rest/index.ts";
import { configuredSchemas, loadSchemaCache } from "./rest/schema.ts";
import { startStorage } from "./storage/handler.ts";

export type LocalSupabase = {
  url: string;
  config: LocalConfig;
  db: Database;
  server: Server;
  close(): Promise<void>;
};

const NOT_IMPLEMENTED_SERVICES = ["/graphql/v1", "/pg"];

const SERVICES = {
  "/auth/v1": "auth",
  "/rest/v1": "rest",
  "/storage/v1": "storage",
  "/functions/v1": "functions",
  "/realtime/v1": "realtime",
} as const;
type Service = (typeof SERVICES)[keyof typeof SERVICES];

function serviceOf(path: string): { service: Service; rest: string } | undefined {
  for (const [prefix, service] of Object.entries(SERVICES)) {
    if (path === prefix || path.startsWith(`${prefix}/`))
      return { service, rest: path.slice(prefix.length) || "/" };
  }
  return undefined;
}

/**
 * Requests the gateway lets through without an API key: e-mail links, public and signed Storage
 * URLs (loaded by <img> and <a>), and Edge Functions, which check their own JWT (verify_jwt).
 */
function isOpenRoute(service: Service, method: string, rest: string): boolean {
  const read = method === "GET" || method === "HEAD";
  if (service === "auth") return method === "GET" && (rest === "/verify" || rest === "/callback");
  if (service === "storage") return read && /^\/(object|render\/image)\/(public|sign)\//.test(rest);
  return service === "functions";
}

/** Opens the database named by the configuration and brings it up to date. */
export async function openDatabase(config: LocalConfig): Promise<Database> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(config.dataDir, extensionsCreatedBy(config.migrationsDir, config.seedFile));
  try {
    const report = await migrate(db, config.migrationsDir, config.seedFile);
    if (report.applied.length > 0)
      console.log(`[supabase/local] applied migrations: ${report.applied.join(", ")}`);
    if (report.seeded) console.log("[supabase/local] applied supabase/seed.sql");
    // Notification e-mails link to the app (public.site_settings, from the product's migrations).
    await db.tx(async (q) => {
      const table = await q.query<{ found: boolean }>(
        "select to_regclass('public.site_settings') is not null as found",
      );
      if (table.rows[0]?.found)
        await q.query("update public.site_settings set site_url = $1", [new URL(config.siteUrl).origin]);
    });
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
  const realtime = await startRealtime(config, db);
  const storage = await startStorage(config, db);
  let reloading: Promise<RestState["cache"]> | undefined;
  const state: RestState = {
    cache: await loadSchemaCache(db, configuredSchemas(config)),
    analyze: createAutoAnalyze(db),
    reload: () => {
      reloading ??= loadSchemaCache(db, configuredSchemas(config)).then((cache) => {
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
    if (config.logRequests) {
      const started = performance.now();
      res.once("finish", () =>
        console.log(
          `[supabase/local] ${method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)} ms`,
        ),
      );
    }
    // Preflights are answered here, except for Edge Functions, which answer their own as on Supabase.
    if (method === "OPTIONS" && !path.startsWith("/functions/v1/")) {
      sendEmpty(res, 204, { "Content-Length": "0" });
      return;
    }
    if (path === "/mailbox" || path.startsWith("/mailbox/")) {
      await handleMailbox(db, method, path, url, res);
      return;
    }
    if (path === "/" || path === "/health") {
      sendJson(res, 200, {
        name: "supabase/local",
        auth: "/auth/v1",
        rest: "/rest/v1",
        realtime: "/realtime/v1",
        storage: "/storage/v1",
        functions: "/functions/v1",
        mailbox: "/mailbox",
      });
      return;
    }
    const route = serviceOf(path);
    if (!route) {
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
    const { service, rest } = route;
    const authorization = header(req, "authorization");
    const sentKey = header(req, "apikey") ?? url.searchParams.get("apikey") ?? undefined;
    if (service === "rest") url.searchParams.delete("apikey");
    // Like the CLI's gateway: REST and Storage without any key or Authorization run as anon.
    const anonymous = !sentKey && !authorization && (service === "rest" || service === "storage");
    const apikey = anonymous ? config.publishableKey : sentKey;
    const keys = await resolveKeys(config, apikey, authorization);
    if (!isOpenRoute(service, method, rest)) {
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
    switch (service) {
      case "auth":
        return handleAuth(config, db, req, res, rest, url, keys.bearer);
      case "rest":
        return handleRest(config, db, state, req, res, rest, url, keys.bearer);
      case "storage":
        return storage.handle(req, res, rest, url, keys.bearer);
      case "functions":
        return handleFunctions(config, req, res, rest, url, keys);
      case "realtime":
        return realtime.handleHttp(req, res, rest, url, keys.bearer);
    }
  }

  const server = createServer((req, res) => {
    dispatch(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        if (!res.headersSent) sendJson(res, error.status, error.body, error.headers);
        else res.end();
        drainBody(req);
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
  server.on("upgrade", (req, socket, head) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname.replace(/\/{2,}/g, "/");
    if (path === "/realtime/v1/websocket" || path === "/realtime/v1/websocket/") {
      realtime.handleUpgrade(req, socket, head);
      return;
    }
    socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
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
      // Realtime's sockets are upgraded connections that server.close() would wait for: end them first.
      const realtimeClosed = realtime.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await realtimeClosed;
      state.analyze?.close();
      await storage.close();
      await db.close();
    },
  };
}

export { CORS_HEADERS };
