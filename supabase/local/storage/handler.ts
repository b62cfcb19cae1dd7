import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalConfig } from "../config.ts";
import type { Database } from "../db.ts";
import { drainBody, sendJson } from "../http.ts";
import type { Identity } from "../identity.ts";
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from "./buckets.ts";
import type { ByteStore } from "./bytes.ts";
import { databaseStore } from "./bytes-database.ts";
import { fileStore } from "./bytes-file.ts";
import { memoryStore } from "./bytes-memory.ts";
import { identify, ownerOf, type StorageContext, type StorageRequest, upsertHeader } from "./context.ts";
import { lookupObject, sendObject } from "./download.ts";
import { ERRORS, EXPOSE_HEADERS, sendError, toStorageError } from "./errors.ts";
import { bucketAndKey, decodePath, isValidBucketName } from "./keys.ts";
import {
  copyObject,
  listObjects,
  listObjectsV2,
  moveObject,
  objectInfo,
  removeObject,
  removeObjects,
  uploadObject,
} from "./objects.ts";
import { sendTransformed, transformFromQuery } from "./render.ts";
import {
  createSignedUploadUrl,
  createSignedUrl,
  createSignedUrls,
  uploadToSignedUrl,
  verifyDownloadToken,
  verifyRenderToken,
} from "./signing.ts";

/** Storage (`/storage/v1`): buckets and objects, with row level security on storage.objects. */
export type Storage = {
  /** Handles one request; `rest` is the path after `/storage/v1`. */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    rest: string,
    url: URL,
    bearer: string | undefined,
  ): Promise<void>;
  close(): Promise<void>;
};

/** storage-api's default FILE_SIZE_LIMIT: 50 MB. */
const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

function fileSizeLimitFromEnv(): number {
  const raw = process.env.SUPABASE_STORAGE_FILE_SIZE_LIMIT;
  if (raw === undefined || raw === "") return DEFAULT_FILE_SIZE_LIMIT;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error("SUPABASE_STORAGE_FILE_SIZE_LIMIT must be a positive integer (bytes)");
  }
  return value;
}

/**
 * Where bytes go: memory for `memory://`, the database with a real PostgreSQL (a local folder
 * would not follow the data), otherwise `storageDir`. SUPABASE_STORAGE_BACKEND=file|memory|database
 * overrides the choice.
 */
function chooseStore(config: LocalConfig, db: Database): ByteStore {
  const wanted = process.env.SUPABASE_STORAGE_BACKEND;
  if (wanted && !["file", "memory", "database"].includes(wanted)) {
    throw new Error("SUPABASE_STORAGE_BACKEND must be file, memory or database");
  }
  if (wanted === "memory" || (!wanted && config.storageDir.startsWith("memory://"))) return memoryStore();
  if (wanted === "database" || (!wanted && config.databaseUrl)) return databaseStore(db);
  if (config.storageDir.startsWith("memory://")) {
    throw new Error("SUPABASE_STORAGE_BACKEND=file needs a storage folder, not memory://");
  }
  return fileStore(config.storageDir);
}

const send = (res: ServerResponse, body: unknown) =>
  sendJson(res, 200, body, { "Access-Control-Expose-Headers": EXPOSE_HEADERS });

/** Routes one request; every error is a storage-api error body. */
async function route(ctx: StorageContext, r: StorageRequest, rest: string): Promise<void> {
  const { method, res } = r;
  const parts = rest.split("/").filter((part, i) => i > 0 || part !== "");
  if (parts[parts.length - 1] === "") parts.pop();
  const [area, ...segments] = parts;
  const read = method === "GET" || method === "HEAD";

  if (area === "bucket") {
    const [rawId, action, ...extra] = segments;
    if (rawId === undefined) {
      if (method === "GET") return send(res, await listBuckets(ctx, r));
      if (method === "POST") return send(res, await createBucket(ctx, r));
    } else {
      const id = decodePath(rawId);
      if (extra.length === 0 && action === undefined) {
        if (!isValidBucketName(id)) throw ERRORS.noSuchBucket();
        if (method === "GET") return send(res, await getBucket(ctx, r, id));
        if (method === "PUT") return send(res, await updateBucket(ctx, r, id));
        if (method === "DELETE") return send(res, await deleteBucket(ctx, r, id));
      }
      if (extra.length === 0 && action === "empty" && method === "POST") {
        if (!isValidBucketName(id)) throw ERRORS.noSuchBucket();
        return send(res, await emptyBucket(ctx, r, id));
      }
    }
    throw ERRORS.notFound(method, `/storage/v1${rest}`);
  }

  if (area === "render" && segments[0] === "image") {
    const [, mode, ...target] = segments;
    if (read && target.length > 1 && (mode === "public" || mode === "sign" || mode === "authenticated"))
      return render(ctx, r, mode, target);
    throw ERRORS.notFound(method, `/storage/v1${rest}`);
  }

  if (area !== "object") throw ERRORS.notFound(method, `/storage/v1${rest}`);
  const [first, ...others] = segments;

  if (first === "list" && method === "POST" && others.length >= 1) {
    const bucket = decodePath(others.join("/"));
    if (!isValidBucketName(bucket)) throw ERRORS.noSuchBucket();
    return send(res, await listObjects(ctx, r, bucket));
  }
  if (first === "list-v2" && method === "POST" && others.length >= 1) {
    const bucket = decodePath(others.join("/"));
    if (!isValidBucketName(bucket)) throw ERRORS.noSuchBucket();
    return send(res, await listObjectsV2(ctx, r, bucket));
  }
  if (first === "move" && others.length === 0 && method === "POST")
    return send(res, await moveObject(ctx, r));
  if (first === "copy" && others.length === 0 && method === "POST")
    return send(res, await copyObject(ctx, r));
  if (first === "sign") {
    if (method === "POST" && others.length === 1) {
      const bucket = decodePath(others[0] ?? "");
      if (!isValidBucketName(bucket)) throw ERRORS.noSuchBucket();
      return send(res, await createSignedUrls(ctx, r, bucket));
    }
    if (method === "POST" && others.length > 1) {
      const { bucket, key } = bucketAndKey(others);
      return send(res, await createSignedUrl(ctx, r, bucket, key));
    }
    if (read && others.length > 1) return download(ctx, r, "sign", others);
  }
  if (first === "upload" && others[0] === "sign" && others.length > 2) {
    const { bucket, key } = bucketAndKey(others.slice(1));
    if (method === "POST") return send(res, await createSignedUploadUrl(ctx, r, bucket, key));
    if (method === "PUT") return send(res, await uploadToSignedUrl(ctx, r, bucket, key));
  }
  if (first === "public" && read && others.length > 1) return download(ctx, r, "public", others);
  if (first === "authenticated" && read && others.length > 1)
    return download(ctx, r, "authenticated", others);
  if (first === "info" && method === "GET") {
    const mode = others[0] === "public" || others[0] === "authenticated" ? others[0] : undefined;
    const target = mode ? others.slice(1) : others;
    if (target.length > 1) {
      const { bucket, key } = bucketAndKey(target);
      const row = await lookupObject(
        ctx,
        mode === "public" ? { mode: "public" } : { mode: "authenticated", identity: await r.identity() },
        bucket,
        key,
      );
      return send(res, objectInfo(row));
    }
  }
  if (first === undefined) throw ERRORS.notFound(method, `/storage/v1${rest}`);

  // /object/<bucket>[/<key>]
  if (others.length === 0) {
    const bucket = decodePath(first);
    if (method === "DELETE") {
      if (!isValidBucketName(bucket)) throw ERRORS.noSuchBucket();
      return send(res, await removeObjects(ctx, r, bucket));
    }
    if (method === "POST" || method === "PUT" || read) throw ERRORS.invalidKey("");
    throw ERRORS.notFound(method, `/storage/v1${rest}`);
  }
  if (read) return download(ctx, r, "authenticated", segments);
  const { bucket, key } = bucketAndKey(segments);
  if (method === "POST" || method === "PUT") {
    const identity = await r.identity();
    // PUT (update) overwrites or creates, like storage-api's uploadOverridingObject.
    const upsert = method === "PUT" || upsertHeader(r.req);
    return send(res, await uploadObject(ctx, r, identity, { bucket, key, upsert, owner: ownerOf(identity) }));
  }
  if (method === "DELETE") return send(res, await removeObject(ctx, r, bucket, key));
  throw ERRORS.notFound(method, `/storage/v1${rest}`);
}

async function download(
  ctx: StorageContext,
  r: StorageRequest,
  mode: "public" | "sign" | "authenticated",
  segments: string[],
): Promise<void> {
  const { bucket, key } = bucketAndKey(segments);
  if (mode === "sign") {
    await verifyDownloadToken(ctx, r, bucket, key);
    return sendObject(ctx, r, await lookupObject(ctx, { mode: "signed" }, bucket, key));
  }
  const access = mode === "public" ? ({ mode: "public" } as const) : { mode, identity: await r.identity() };
  return sendObject(ctx, r, await lookupObject(ctx, access, bucket, key));
}

/** `/render/image/<mode>/<bucket>/<key>`: found and authorised as a download, then transformed. */
async function render(
  ctx: StorageContext,
  r: StorageRequest,
  mode: "public" | "sign" | "authenticated",
  segments: string[],
): Promise<void> {
  const { bucket, key } = bucketAndKey(segments);
  if (mode === "sign") {
    const options = await verifyRenderToken(ctx, r, bucket, key);
    return sendTransformed(ctx, r, await lookupObject(ctx, { mode: "signed" }, bucket, key), options);
  }
  const options = transformFromQuery(r.url.searchParams);
  const access = mode === "public" ? ({ mode: "public" } as const) : { mode, identity: await r.identity() };
  return sendTransformed(ctx, r, await lookupObject(ctx, access, bucket, key), options);
}

export async function startStorage(config: LocalConfig, db: Database): Promise<Storage> {
  const store = chooseStore(config, db);
  await store.init();
  const ctx: StorageContext = { config, db, store, fileSizeLimit: fileSizeLimitFromEnv() };
  return {
    async handle(req, res, rest, url, bearer) {
      let identity: Promise<Identity> | undefined;
      const r: StorageRequest = {
        req,
        res,
        method: req.method ?? "GET",
        url,
        identity: () => {
          identity ??= identify(config, bearer);
          return identity;
        },
      };
      try {
        await route(ctx, r, rest);
      } catch (error) {
        const storageError = toStorageError(error);
        if (storageError.status === 500) console.error("[supabase/local] storage error:", error);
        sendError(res, storageError);
      } finally {
        drainBody(req);
      }
    },
    async close() {},
  };
}
