// What every Auth endpoint shares: the request context, GoTrue's error types, body parsing.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalConfig } from "../config.ts";
import type { Database } from "../db.ts";
import { HttpError, readBody } from "../http.ts";

export const API_VERSION = "2024-01-01";

/** An Auth error: sent in GoTrue's 2024-01-01 format (or the legacy one when the client did not ask). */
export class AuthError extends Error {
  status: number;
  code: string;
  extra: Record<string, unknown>;
  headers: Record<string, string>;
  constructor(
    status: number,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

/** OAuth-shaped errors (`{"error","error_description"}`) of the token endpoint. */
export class OAuthError extends Error {
  error: string;
  constructor(error: string, description: string) {
    super(description);
    this.error = error;
  }
}

export type Body = Record<string, unknown>;

export type Ctx = {
  config: LocalConfig;
  db: Database;
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  url: URL;
  bearer: string | undefined;
};

export const str = (value: unknown) => (typeof value === "string" ? value : undefined);
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export async function parseJsonBody(ctx: Ctx): Promise<Body> {
  const raw = await readBody(
    ctx.req,
    ctx.config.maxBodyBytes,
    () => new HttpError(413, { code: "request_too_large", message: "Request body is too large" }),
  );
  if (raw.length === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch (error) {
    throw new AuthError(400, "bad_json", `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (!isObject(body))
    throw new AuthError(400, "bad_json", "Could not parse request body as JSON: not an object");
  return body;
}
