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
  applied: string[];
};

export function parsePrefer(value: string | undefined): Prefer {
  const prefer: Prefer = {
    return: undefined,
    count: false,
    resolution: undefined,
    missingDefault: false,
    applied: [],
  };
  for (const token of (value ?? "").split(/[,;]/).map((t) => t.trim())) {
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
    } else if (key === "missing" && val === "default") {
      prefer.missingDefault = true;
      prefer.applied.push(token);
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
  analyze: AutoAnalyze | undefined;
};

export async function setupTransaction(q: Queryable, ctx: Ctx): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (typeof value === "string") headers[name] = value;
  }
  await actAs(q, ctx.identity, { method: ctx.method, path: ctx.path, headers });
}
