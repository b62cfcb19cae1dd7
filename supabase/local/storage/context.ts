import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalConfig } from "../config.ts";
import type { Database } from "../db.ts";
import { HttpError, header, readBody } from "../http.ts";
import { ANON_IDENTITY, actAs, type Identity } from "../identity.ts";
import { verifyJwt } from "../jwt.ts";
import type { ByteStore, TxHooks } from "./bytes.ts";
import { ERRORS } from "./errors.ts";

/** What every Storage route needs. */
export type StorageContext = {
  config: LocalConfig;
  db: Database;
  store: ByteStore;
  /** The global upload limit in bytes (SUPABASE_STORAGE_FILE_SIZE_LIMIT, 50 MB by default). */
  fileSizeLimit: number;
};

/** One request: the parsed URL, and who the caller is (resolved lazily: open routes never ask). */
export type StorageRequest = {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  url: URL;
  identity(): Promise<Identity>;
};

export const SERVICE_IDENTITY: Identity = { role: "service_role", claims: { role: "service_role" } };

const API_ROLES = new Set(["anon", "authenticated", "service_role"]);

/** storage-api's JWT check: a bad token is 403 `Unauthorized` with jsonwebtoken's message. */
export async function identify(config: LocalConfig, bearer: string | undefined): Promise<Identity> {
  if (!bearer) return ANON_IDENTITY;
  const result = await verifyJwt(bearer, config);
  if (!result.ok) {
    const message =
      result.reason === "expired"
        ? "jwt expired"
        : result.reason === "malformed"
          ? "jwt malformed"
          : "invalid signature";
    throw ERRORS.accessDenied(message);
  }
  const role =
    typeof result.claims.role === "string" && result.claims.role !== "" ? result.claims.role : "anon";
  if (!API_ROLES.has(role)) throw ERRORS.accessDenied(`role "${role}" does not exist`);
  return { role, claims: { ...result.claims, role } };
}

/** The caller's user id (the JWT `sub`), which Storage records as the object's owner. */
export function ownerOf(identity: Identity): string | undefined {
  return typeof identity.claims.sub === "string" && identity.claims.sub !== ""
    ? identity.claims.sub
    : undefined;
}

export type Tx = TxHooks & {
  /** Switches the rest of the transaction to `identity` (service_role for bucket lookups). */
  as(identity: Identity): Promise<void>;
};

/**
 * Runs `work` in one transaction as `identity`, so row level security decides as on Supabase;
 * work registered with `afterCommit` (deleting files) runs once the transaction committed.
 */
export async function transaction<T>(
  ctx: StorageContext,
  identity: Identity,
  work: (tx: Tx) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const after: (() => Promise<void> | void)[] = [];
  const result = await ctx.db.tx(async (q) => {
    const tx: Tx = {
      q,
      afterCommit: (fn) => void after.push(fn),
      as: (who) => actAs(q, who, { method: "", path: "" }),
    };
    await tx.as(identity);
    return work(tx);
  }, options);
  for (const fn of after) {
    try {
      await fn();
    } catch (error) {
      console.error("[supabase/local] storage cleanup failed:", (error as Error).message);
    }
  }
  return result;
}

/** Thrown to roll a transaction back on purpose (permission pre-checks) while keeping a value. */
export class Rollback<T> {
  value: T;
  constructor(value: T) {
    this.value = value;
  }
}

/** A JSON object body; empty means `{}`. Fastify's wording for what it refuses. */
export async function readJson(ctx: StorageContext, req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBody(
    req,
    ctx.config.maxBodyBytes,
    () => new HttpError(413, { message: "Request body is too large" }),
  );
  if (body.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    throw ERRORS.badRequest("Body is not valid JSON but content-type is set to 'application/json'");
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw ERRORS.badRequest("body must be object");
  return value as Record<string, unknown>;
}

export function isTrue(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === "true";
}

export function upsertHeader(req: IncomingMessage): boolean {
  return isTrue(header(req, "x-upsert"));
}
