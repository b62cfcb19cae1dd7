import type { Readable } from "node:stream";
import { CORS_HEADERS } from "../http.ts";
import type { Identity } from "../identity.ts";
import type { OpenedBytes } from "./bytes.ts";
import { SERVICE_IDENTITY, type StorageContext, type StorageRequest, transaction } from "./context.ts";
import { ERRORS, EXPOSE_HEADERS } from "./errors.ts";
import { findBucket, findObject, type ObjectRow } from "./objects.ts";

/**
 * How a download is authorised: `authenticated` reads as the caller (SELECT policies), `public`
 * only from a public bucket, `signed` after the signed URL's token was verified.
 */
export type Access = { mode: "authenticated"; identity: Identity } | { mode: "public" } | { mode: "signed" };

/** Finds the object a download or info request names, refusing what `access` does not allow. */
export async function lookupObject(
  ctx: StorageContext,
  access: Access,
  bucket: string,
  key: string,
): Promise<ObjectRow> {
  return transaction(
    ctx,
    SERVICE_IDENTITY,
    async (tx) => {
      const found = await findBucket(tx, bucket);
      if (access.mode === "public" && !found.public) throw ERRORS.noSuchBucket();
      return findObject(
        tx,
        access.mode === "authenticated" ? access.identity : SERVICE_IDENTITY,
        bucket,
        key,
      );
    },
    { readOnly: true },
  );
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; undefined (send everything) when absent or not one range. */
function parseRange(value: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = value ? /^bytes=(\d*)-(\d*)$/.exec(value.trim()) : null;
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  let start: number;
  let end: number;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) throw ERRORS.invalidRange();
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start >= size || end < start) throw ERRORS.invalidRange();
  return { start, end };
}

function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/**
 * Types a browser shows without running anything it contains. Any other type (HTML, SVG, XHTML,
 * XML, JavaScript, unknown ones) is served under a sandboxing Content-Security-Policy, so an
 * uploaded document opened from a Storage URL cannot run script or load anything.
 */
const INERT_TYPE =
  /^(?:image\/(?:png|jpeg|gif|webp|avif|bmp|tiff|x-icon|vnd\.microsoft\.icon)|audio\/[\w.+-]+|video\/[\w.+-]+|font\/[\w.+-]+|text\/(?:plain|csv)|application\/(?:pdf|json|zip|gzip|octet-stream))$/;

/** What storage-api's renderer does with an object's type: HTML is served as text/plain. */
function servedContentType(mimetype: string | undefined): string {
  const type = mimetype || "application/octet-stream";
  return type.toLowerCase().includes("text/html") ? "text/plain" : type;
}

/**
 * Headers that keep a user's upload from running script under the Storage origin: never sniffed
 * into another type, and sandboxed (no script, no plugins, no requests, an opaque origin without
 * the Storage origin's cookies or storage) unless its stored type is one that renders inertly.
 * The stored type decides, not the served one: HTML served as text/plain is sandboxed too.
 */
function safetyHeaders(mimetype: string | undefined): Record<string, string> {
  const essence = (mimetype ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const headers: Record<string, string> = { "X-Content-Type-Options": "nosniff" };
  if (!INERT_TYPE.test(essence)) headers["Content-Security-Policy"] = "default-src 'none'; sandbox";
  return headers;
}

export function contentDisposition(download: string): string {
  if (download === "") return "attachment;";
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`;
}

/**
 * Sends an object's bytes as storage-api does: Content-Type (HTML as text/plain), Cache-Control,
 * ETag, Last-Modified and Content-Length from the metadata, `?download[=name]` as an attachment,
 * If-None-Match / If-Modified-Since answered with 304, and one `Range` with 206; with
 * `safetyHeaders` on every response, public, authenticated and signed alike.
 */
export async function sendObject(
  ctx: StorageContext,
  r: StorageRequest,
  row: ObjectRow,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const { req, res, url } = r;
  const opened: OpenedBytes | undefined = await ctx.store.open({ bucket: row.bucket_id, key: row.name });
  if (!opened) throw ERRORS.noSuchKey();
  let closeOnExit = true;
  try {
    const metadata = row.metadata;
    const etag = metadata?.eTag ?? `"${row.version ?? row.id}"`;
    const modified = new Date(metadata?.lastModified ?? row.updated_at);
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      "Access-Control-Expose-Headers": EXPOSE_HEADERS,
      "Content-Type": servedContentType(metadata?.mimetype),
      "Cache-Control": metadata?.cacheControl || "no-cache",
      ETag: etag,
      "Last-Modified": Number.isNaN(modified.getTime()) ? new Date().toUTCString() : modified.toUTCString(),
      "Accept-Ranges": "bytes",
      ...safetyHeaders(metadata?.mimetype),
      ...extraHeaders,
    };
    const download = url.searchParams.get("download");
    if (download !== null) headers["Content-Disposition"] = contentDisposition(download);
    const ifNoneMatch = req.headers["if-none-match"];
    const ifModifiedSince = req.headers["if-modified-since"];
    const notModified = ifNoneMatch
      ? etagMatches(ifNoneMatch, etag)
      : ifModifiedSince !== undefined &&
        !Number.isNaN(Date.parse(ifModifiedSince)) &&
        Math.floor(modified.getTime() / 1000) <= Math.floor(Date.parse(ifModifiedSince) / 1000);
    if (notModified) {
      delete headers["Content-Type"];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const range = opened.size > 0 ? parseRange(req.headers.range, opened.size) : undefined;
    const start = range?.start ?? 0;
    const end = range?.end ?? opened.size - 1;
    const length = opened.size === 0 ? 0 : end - start + 1;
    headers["Content-Length"] = String(length);
    if (range) headers["Content-Range"] = `bytes ${start}-${end}/${opened.size}`;
    res.writeHead(range ? 206 : 200, headers);
    if (r.method === "HEAD" || length === 0) {
      res.end();
      return;
    }
    const body: Readable | Buffer = opened.read(start, end);
    if (Buffer.isBuffer(body)) {
      res.end(body);
      return;
    }
    // The stream closes the file itself once read (or when the client goes away).
    closeOnExit = false;
    body.on("error", () => res.destroy());
    res.on("close", () => body.destroy());
    body.pipe(res);
  } finally {
    if (closeOnExit) await opened.close().catch(() => undefined);
  }
}
