import type { Readable } from "node:stream";
import { CORS_HEADERS } from "../http.ts";
import type { StorageContext, StorageRequest } from "./context.ts";
import { contentDisposition } from "./download.ts";
import { ERRORS, EXPOSE_HEADERS, StorageError } from "./errors.ts";
import type { ObjectRow } from "./objects.ts";

/**
 * Image transformations (`/render/image/...`), as storage-api does them with imgproxy, here with
 * sharp (libvips, ADR 0030), loaded on the first transformation only.
 *
 * The options are storage-api's (`src/http/schemas/transformations.ts`): `width`, `height`
 * (integers, clamped to 1…2000), `resize` (`cover` = imgproxy's fill, crop to the box; `contain` =
 * fit inside it; `fill` = force, stretch to it; cover by default), `quality` (20…100) and `format`
 * (`origin` keeps the source's; `webp`/`avif` convert; absent: WebP when the request's Accept
 * takes it, as the CLI's imgproxy with WebP detection does, else the source's). Like imgproxy by
 * default, images are auto-rotated by their EXIF orientation and never enlarged. The response
 * carries `X-Transformations` with the applied options in imgproxy's words.
 */
export type TransformOptions = {
  width?: number;
  height?: number;
  resize?: "cover" | "contain" | "fill";
  format?: "origin" | "avif" | "webp";
  quality?: number;
};

const SIZE_LIMITS = { min: 1, max: 2000 };
/** The CLI's imgproxy: IMGPROXY_MAX_SRC_RESOLUTION=50 (megapixels), IMGPROXY_MAX_SRC_FILE_SIZE=25000000. */
const MAX_SOURCE_PIXELS = 50_000_000;
const MAX_SOURCE_BYTES = 25_000_000;
/** What the renderer reads; anything else (SVG, PDF, …) is refused as imgproxy refuses it. */
const SOURCE_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff", "heif"]);
const CONTENT_TYPES: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
  tiff: "image/tiff",
  heif: "image/heif",
};
const RESIZES = new Set(["cover", "contain", "fill"]);
const FORMATS = new Set(["origin", "avif", "webp"]);

function integerParam(params: URLSearchParams, name: string, min: number, max?: number): number | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw ERRORS.badRequest(`querystring/${name} must be integer`);
  const value = Number(raw);
  if (value < min) throw ERRORS.badRequest(`querystring/${name} must be >= ${min}`);
  if (max !== undefined && value > max) throw ERRORS.badRequest(`querystring/${name} must be <= ${max}`);
  return value;
}

function enumParam<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: Set<string>,
): T | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  if (!allowed.has(raw))
    throw ERRORS.badRequest(`querystring/${name} must be equal to one of the allowed values`);
  return raw as T;
}

/** The transformation query parameters, validated like storage-api's JSON schema. */
export function transformFromQuery(params: URLSearchParams): TransformOptions {
  return {
    height: integerParam(params, "height", 0),
    width: integerParam(params, "width", 0),
    resize: enumParam(params, "resize", RESIZES),
    format: enumParam(params, "format", FORMATS),
    quality: integerParam(params, "quality", 20, 100),
  };
}

/** A signed URL's `transform` body field, validated the same way. */
export function transformFromBody(value: unknown): TransformOptions | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value))
    throw ERRORS.badRequest("body/transform must be object");
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value as Record<string, unknown>))
    if (item !== undefined && item !== null) params.set(key, String(item));
  return transformFromQuery(params);
}

const clamp = (value: number) => Math.min(Math.max(value, SIZE_LIMITS.min), SIZE_LIMITS.max);

function resizingType(resize: TransformOptions["resize"]): "fill" | "fit" | "force" {
  return resize === "contain" ? "fit" : resize === "fill" ? "force" : "fill";
}

/**
 * storage-api's `ImageRenderer.applyTransformation`: the segments imgproxy gets and the response's
 * `X-Transformations` lists; with `keepOriginal` (what a signed URL's token stores) `resize:<as
 * given>` instead of imgproxy's resizing type.
 */
export function transformationSegments(options: TransformOptions, keepOriginal = false): string[] {
  const segments: string[] = [];
  if (options.height) segments.push(`height:${clamp(options.height)}`);
  if (options.width) segments.push(`width:${clamp(options.width)}`);
  if (options.width || options.height)
    segments.push(
      keepOriginal ? `resize:${options.resize}` : `resizing_type:${resizingType(options.resize)}`,
    );
  if (options.quality) segments.push(`quality:${options.quality}`);
  if (options.format && options.format !== "origin") segments.push(`format:${options.format}`);
  return segments;
}

/** storage-api's `setTransformationsFromString`: a signed token's transformations back to options. */
export function transformFromString(text: string): TransformOptions {
  const options: TransformOptions = {};
  for (const part of text.split(",")) {
    const [name, value = ""] = part.split(":");
    if (name === "height" || name === "width" || name === "quality") {
      const number = Number.parseInt(value, 10);
      if (Number.isFinite(number)) options[name] = number;
    } else if (name === "resize" && RESIZES.has(value)) options.resize = value as TransformOptions["resize"];
    else if (name === "format" && FORMATS.has(value)) options.format = value as TransformOptions["format"];
  }
  return options;
}

async function readAll(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const imageError = (message: string) => new StorageError(422, "ImageProcessingError", message);

/** Transforms an object's image and sends it. */
export async function sendTransformed(
  ctx: StorageContext,
  r: StorageRequest,
  row: ObjectRow,
  options: TransformOptions,
): Promise<void> {
  const opened = await ctx.store.open({ bucket: row.bucket_id, key: row.name });
  if (!opened) throw ERRORS.noSuchKey();
  if (opened.size > MAX_SOURCE_BYTES) {
    await opened.close().catch(() => undefined);
    throw imageError("Source image file is too big");
  }
  let source: Buffer;
  try {
    source = opened.size === 0 ? Buffer.alloc(0) : await readAll(opened.read(0, opened.size - 1));
  } finally {
    await opened.close().catch(() => undefined);
  }
  const { default: sharp } = await import("sharp");
  let output: { data: Buffer; format: string };
  try {
    const image = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: "none" });
    const metadata = await image.metadata();
    const sourceFormat = metadata.format ?? "";
    if (!SOURCE_FORMATS.has(sourceFormat)) throw imageError("Source image type not supported");
    let pipeline = image.rotate();
    if (options.width || options.height) {
      pipeline = pipeline.resize({
        width: options.width ? clamp(options.width) : undefined,
        height: options.height ? clamp(options.height) : undefined,
        fit: { fill: "cover", fit: "inside", force: "fill" }[resizingType(options.resize)] as
          | "cover"
          | "inside"
          | "fill",
        position: "centre",
        withoutEnlargement: true,
      });
    }
    const accept = String(r.req.headers.accept ?? "");
    const format =
      options.format === "webp" || options.format === "avif"
        ? options.format
        : options.format === undefined && /image\/webp/i.test(accept)
          ? "webp"
          : sourceFormat === "heif"
            ? "jpeg"
            : sourceFormat;
    const quality = options.quality;
    if (format === "jpeg") pipeline = pipeline.jpeg({ quality: quality ?? 80 });
    else if (format === "webp") pipeline = pipeline.webp({ quality: quality ?? 80 });
    else if (format === "avif") pipeline = pipeline.avif({ quality: quality ?? 80 });
    else if (format === "png") pipeline = pipeline.png();
    else if (format === "gif") pipeline = pipeline.gif();
    else if (format === "tiff") pipeline = pipeline.tiff({ quality: quality ?? 80 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    output = { data, format: info.format };
  } catch (error) {
    if (error instanceof StorageError) throw error;
    throw imageError((error as Error).message || "The image could not be processed");
  }
  const segments = transformationSegments(options);
  const metadata = row.metadata;
  const modified = new Date(metadata?.lastModified ?? row.updated_at);
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    "Access-Control-Expose-Headers": `${EXPOSE_HEADERS}, x-transformations`,
    "Content-Type": CONTENT_TYPES[output.format] ?? "application/octet-stream",
    "Content-Length": String(output.data.length),
    "Cache-Control": metadata?.cacheControl || "no-cache",
    ETag: metadata?.eTag ?? `"${row.version ?? row.id}"`,
    "Last-Modified": Number.isNaN(modified.getTime()) ? new Date().toUTCString() : modified.toUTCString(),
    "X-Content-Type-Options": "nosniff",
    Vary: "Accept",
  };
  if (segments.length > 0) headers["X-Transformations"] = segments.join(",");
  const download = r.url.searchParams.get("download");
  if (download !== null) headers["Content-Disposition"] = contentDisposition(download);
  r.res.writeHead(200, headers);
  r.res.end(r.method === "HEAD" ? undefined : output.data);
}
