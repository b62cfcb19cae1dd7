// One REST request as the modules below the router see it: who asks, what it prefers, its transaction.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { AutoAnalyze } from "../autoanalyze.ts";
import type { LocalConfig } from "../config.ts";
import type { Database, Queryable } from "../db.ts";
import { actAs, type Identity } from "../identity.ts";
import type { SchemaCache } from "./schema.ts";

type Prefer = {
  return: "minimal" | "representation" | "headers-only" | undefined;
  count: boolean;
  resolution: "merge-duplicates" | "ignore-duplicates" | undefined;
  missingDefault: boolean;
  /** `tx=commit|rollback`; honoured only when `db-tx-end` allows an override. */
  tx: "commit" | "rollback" | undefined;
  strict: boolean;
  maxAffected: number | undefined;
  /** Preferences PostgREST does not know (refused with `handling=strict`). */
  invalid: string[];
  applied: string[];
};

export function parsePrefer(value: string | undefined): Prefer {
  const prefer: Prefer = {
    return: undefined,
    count: false,
    resolution: undefined,
    missingDefault: false,
    tx: undefined,
    strict: false,
    maxAffected: undefined,
    invalid: [],
    applied: [],
  };
  for (const token of (value ?? "").split(/[,;]/).map((t) => t.trim())) {
    if (token === "") continue;
    const [key, val] = token.split("=").map((t) => t.trim());
    if (key === "return" && (val === "minimal" || val === "representation" || val === "headers-only")) {
      prefer.return = val;
      prefer.applied.push(token);
    } else if (key === "count" && ["exact", "planned", "estimated"].includes(val ?? "")) {
      prefer.count = true;
      prefer.applied.push(token);
    } else if (key === "resolution" && (val === "merge-duplicates" || val === "ignore-duplicates")) {
      prefer.resolution = val;
      prefer.applied.push(token);
    } else if (key === "missing" && (val === "default" || val === "null")) {
      prefer.missingDefault = val === "default";
      prefer.applied.push(token);
    } else if (key === "tx" && (val === "commit" || val === "rollback")) {
      prefer.tx = val;
    } else if (key === "handling" && (val === "strict" || val === "lenient")) {
      prefer.strict = val === "strict";
      prefer.applied.push(token);
    } else if (key === "max-affected" && /^\d+$/.test(val ?? "")) {
      prefer.maxAffected = Number(val);
    } else if (!(key === "params" && val === "single-object") && key !== "timezone") {
      prefer.invalid.push(token);
    }
  }
  return prefer;
}

export type Ctx = {
  config: LocalConfig;
  db: Database;
  cache: SchemaCache;
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  url: URL;
  identity: Identity;
  prefer: Prefer;
  single: boolean;
  /** The response's media type: JSON (array, or one object with `single`) or CSV. */
  media: "json" | "csv";
  /** `application/vnd.pgrst.array+json;nulls=stripped`: keys whose value is null are left out. */
  stripNulls: boolean;
  /** `application/vnd.pgrst.plan[+json|+text]`: answer a read with its EXPLAIN (when `db-plan-enabled`). */
  plan: { format: "json" | "text"; options: string[] } | undefined;
  analyze: AutoAnalyze | undefined;
};

/** Thrown out of a transaction to roll it back while keeping its result (`Prefer: tx=rollback`). */
class Rollback<T> {
  value: T;
  constructor(value: T) {
    this.value = value;
  }
}

/** Whether the request's transaction ends in a rollback: `db-tx-end`, or `Prefer: tx` where it may override. */
function rollsBack(ctx: Ctx): boolean {
  const txEnd = ctx.cache.settings.txEnd;
  const byDefault = txEnd.startsWith("rollback");
  if (!txEnd.endsWith("-allow-override") || ctx.prefer.tx === undefined) return byDefault;
  return ctx.prefer.tx === "rollback";
}

/**
 * Runs the request's transaction as its role (see `setupTransaction`); with `Prefer: tx=rollback`
 * (when `db-tx-end` allows it) the work is done and answered but rolled back, as in PostgREST.
 */
export async function runTx<T>(
  ctx: Ctx,
  work: (q: Queryable) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const txEnd = ctx.cache.settings.txEnd;
  if (ctx.prefer.tx !== undefined && txEnd.endsWith("-allow-override"))
    ctx.prefer.applied.push(`tx=${ctx.prefer.tx}`);
  if (!rollsBack(ctx)) {
    return ctx.db.tx(async (q) => {
      await setupTransaction(q, ctx);
      return work(q);
    }, options);
  }
  try {
    await ctx.db.tx(async (q) => {
      await setupTransaction(q, ctx);
      throw new Rollback(await work(q));
    }, options);
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error("unreachable");
}

export async function setupTransaction(q: Queryable, ctx: Ctx): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (typeof value === "string") headers[name] = value;
  }
  await actAs(q, ctx.identity, { method: ctx.method, path: ctx.path, headers });
}
