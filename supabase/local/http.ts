import type { IncomingMessage, ServerResponse } from "node:http";

/** A response decided early (bad input, auth failure, …); the router sends it as is. */
export class HttpError extends Error {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super(typeof body === "object" && body && "message" in body ? String(body.message) : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "authorization, x-client-info, apikey, content-type, accept, accept-profile, content-profile, prefer, range, x-supabase-api-version, x-retry-count, x-upsert, cache-control, x-metadata, content-encoding, if-none-match, if-modified-since",
  "Access-Control-Expose-Headers":
    "content-range, content-location, content-profile, preference-applied, x-supabase-api-version, x-sb-error-code, x-total-count, link, location, retry-after, etag, last-modified, content-disposition, content-length",
  "Access-Control-Max-Age": "86400",
};

/** Sends a JSON body (or raw text already serialised as JSON). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  rawJson = false,
): void {
  const text = rawJson ? String(body) : JSON.stringify(body);
  res.writeHead(status, {
    ...CORS_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(res.req?.method === "HEAD" ? undefined : text);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...CORS_HEADERS, ...headers });
  res.end();
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    ...CORS_HEADERS,
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(html)),
    "Content-Security-Policy":
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'",
  });
  res.end(html);
}

/**
 * Reads the whole body, refusing more than `limit` bytes. `tooLarge` builds the service-shaped 413.
 */
export function readBody(req: IncomingMessage, limit: number, tooLarge: () => HttpError): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on("error", (error) => {
      if (!failed) {
        failed = true;
        reject(error);
      }
    });
  });
}

/** How much of a refused body is read and dropped; past it the connection is cut. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * Reads and drops what is left of a request's body after its answer (a 413, a refused upload), so
 * the client, still sending, reads the error instead of a reset (EPIPE) and the connection stays
 * usable. A body larger than `DRAIN_LIMIT` is not read to its end: the socket is destroyed.
 */
export function drainBody(req: IncomingMessage): void {
  if (req.complete) return;
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.socket.destroy();
  });
  req.resume();
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

export function escapeHtml(text: string): string {
  const entities: Record<string, string> = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    '"': "&quot;",
    "'": "&#39;",
  };
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}
