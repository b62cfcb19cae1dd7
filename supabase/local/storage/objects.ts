import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { HttpError, header, readBody } from "../http.ts";
import type { Identity } from "../identity.ts";
import type { Staged } from "./bytes.ts";
import {
  ownerOf,
  Rollback,
  readJson,
  SERVICE_IDENTITY,
  type StorageContext,
  type StorageRequest,
  type Tx,
  transaction,
  upsertHeader,
} from "./context.ts";
import { ERRORS, stringList } from "./errors.ts";
import { assertBucketRef, assertKey, escapeLike } from "./keys.ts";

/** The object metadata storage-api keeps in storage.objects.metadata. */
export type ObjectMetadata = {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
};

export type ObjectRow = {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_accessed_at: Date | string;
};

export type BucketRow = {
  id: string;
  public: boolean | null;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
};

const OBJECT_COLUMNS =
  "id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Room for the multipart boundaries and form fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The bucket as service_role sees it (storage-api looks buckets up as the superuser). */
export async function findBucket(tx: Tx, bucket: string): Promise<BucketRow> {
  await tx.as(SERVICE_IDENTITY);
  const { rows } = await tx.q.query<BucketRow>(
    "select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1",
    [bucket],
  );
  const row = rows[0];
  if (!row) throw ERRORS.noSuchBucket();
  return row;
}

/** The object as `identity` sees it through row level security; not visible is not found. */
export async function findObject(
  tx: Tx,
  identity: Identity,
  bucket: string,
  key: string,
): Promise<ObjectRow> {
  await tx.as(identity);
  const { rows } = await tx.q.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  );
  const row = rows[0];
  if (!row) throw ERRORS.noSuchKey();
  return row;
}

/** storage-api's validateMimeType, with `image/*` wildcards; parameters (`;charset=…`) are ignored. */
export function checkMimeType(mimeType: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype] = (mimeType.split(";")[0] ?? "").trim().toLowerCase().split("/");
  if (!type || !subtype) throw ERRORS.invalidMimeType(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split("/");
    if (allowedType === type && (allowedSubtype === "*" || allowedSubtype === subtype)) return;
  }
  throw ERRORS.invalidMimeType(mimeType);
}

function bucketLimit(ctx: StorageContext, bucket: BucketRow): number {
  const own = bucket.file_size_limit === null ? Number.NaN : Number(bucket.file_size_limit);
  return Number.isFinite(own) && own > 0 ? Math.min(own, ctx.fileSizeLimit) : ctx.fileSizeLimit;
}

function ownerColumns(owner: string | undefined): [string | null, string | null] {
  return [owner && UUID.test(owner) ? owner : null, owner ?? null];
}

/**
 * Inserts (or with `upsert` inserts or updates) the object row as the caller: the INSERT and,
 * for upserts, UPDATE and SELECT policies decide, as on Supabase. Returns the object's id.
 */
async function writeObjectRow(
  tx: Tx,
  identity: Identity,
  row: {
    bucket: string;
    key: string;
    owner: string | undefined;
    metadata: ObjectMetadata | null;
    userMetadata: Record<string, unknown> | null;
    upsert: boolean;
  },
): Promise<string> {
  await tx.as(identity);
  const [owner, ownerId] = ownerColumns(row.owner);
  const id = randomUUID();
  const params = [
    id,
    row.bucket,
    row.key,
    owner,
    ownerId,
    row.metadata ? JSON.stringify(row.metadata) : null,
    row.userMetadata ? JSON.stringify(row.userMetadata) : null,
    randomUUID(),
  ];
  const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
    values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`;
  if (!row.upsert) {
    await tx.q.query(insert, params);
    return id;
  }
  const { rows } = await tx.q.query<{ id: string }>(
    `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
       metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
       last_accessed_at = now()
     returning id`,
    params,
  );
  return rows[0]?.id ?? id;
}

/** An upload's body: raw bytes with headers, or multipart form data as supabase-js sends Blobs. */
type Body = {
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  source: Readable | Buffer;
};

function parseUserMetadata(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw ERRORS.invalidRequest("Invalid metadata: it must be a JSON object");
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw ERRORS.invalidRequest("Invalid metadata: it must be a JSON object");
  }
  return value as Record<string, unknown>;
}

async function readUploadBody(req: IncomingMessage, limit: number): Promise<Body> {
  const contentType = header(req, "content-type") ?? "";
  if (/^multipart\/form-data/i.test(contentType)) {
    let raw: Buffer;
    try {
      raw = await readBody(req, limit + MULTIPART_OVERHEAD, () => new HttpError(413, {}));
    } catch (error) {
      if (error instanceof HttpError) throw ERRORS.entityTooLarge();
      throw error;
    }
    let form: FormData;
    try {
      form = await new Request("http://storage.local/", {
        method: "POST",
        headers: { "content-type": contentType },
        // A copy typed as ArrayBuffer-backed, which the fetch types require.
        body: new Uint8Array(raw),
      }).formData();
    } catch {
      throw ERRORS.invalidRequest("The multipart body could not be parsed");
    }
    let file: Blob | undefined;
    for (const [, value] of form.entries()) {
      if (typeof value !== "string") {
        file = value;
        break;
      }
    }
    if (!file) throw ERRORS.invalidRequest("No content provided");
    if (file.size > limit) throw ERRORS.entityTooLarge();
    const cacheTime = form.get("cacheControl");
    const metadata = form.get("metadata");
    return {
      mimeType: file.type || "application/octet-stream",
      cacheControl: typeof cacheTime === "string" && cacheTime !== "" ? `max-age=${cacheTime}` : "no-cache",
      userMetadata: typeof metadata === "string" && metadata !== "" ? parseUserMetadata(metadata) : null,
      source: Buffer.from(await file.arrayBuffer()),
    };
  }
  const declared = Number(header(req, "content-length"));
  if (Number.isFinite(declared) && declared > limit) throw ERRORS.entityTooLarge();
  const encoded = header(req, "x-metadata");
  let userMetadata: Record<string, unknown> | null = null;
  if (encoded) userMetadata = parseUserMetadata(Buffer.from(encoded, "base64").toString("utf8"));
  return {
    mimeType: contentType || "application/octet-stream",
    cacheControl: header(req, "cache-control") || "no-cache",
    userMetadata,
    source: req,
  };
}

/**
 * Upload (POST, PUT, signed upload URL), as storage-api's uploader does it: the bucket and the
 * caller's right to write the row are checked first in a rolled-back transaction (so a refused
 * upload is refused before its body is read), then the body is streamed to staging within the
 * size limit, then the row is written and the bytes moved into place in one transaction.
 */
export async function uploadObject(
  ctx: StorageContext,
  r: StorageRequest,
  identity: Identity,
  target: { bucket: string; key: string; upsert: boolean; owner: string | undefined },
): Promise<{ Id: string; Key: string }> {
  const { bucket, key, upsert, owner } = target;
  let bucketRow: BucketRow;
  try {
    await transaction(ctx, identity, async (tx) => {
      const found = await findBucket(tx, bucket);
      await writeObjectRow(tx, identity, { bucket, key, owner, metadata: null, userMetadata: null, upsert });
      throw new Rollback(found);
    });
    throw ERRORS.internal("pre-check did not roll back");
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    bucketRow = error.value as BucketRow;
  }
  const limit = bucketLimit(ctx, bucketRow);
  if (!header(r.req, "content-type")?.startsWith("multipart/")) {
    checkMimeType(header(r.req, "content-type") || "application/octet-stream", bucketRow.allowed_mime_types);
  }
  const body = await readUploadBody(r.req, limit);
  checkMimeType(body.mimeType, bucketRow.allowed_mime_types);
  const staged: Staged = await ctx.store.stage(body.source, limit);
  try {
    const id = await transaction(ctx, identity, async (tx) => {
      const metadata: ObjectMetadata = {
        eTag: `"${staged.md5}"`,
        size: staged.size,
        mimetype: body.mimeType,
        cacheControl: body.cacheControl,
        lastModified: new Date().toISOString(),
        contentLength: staged.size,
        httpStatusCode: 200,
      };
      const objectId = await writeObjectRow(tx, identity, {
        bucket,
        key,
        owner,
        metadata,
        userMetadata: body.userMetadata,
        upsert,
      });
      await ctx.store.commit(tx, staged, { bucket, key });
      return objectId;
    });
    return { Id: id, Key: `${bucket}/${key}` };
  } catch (error) {
    await ctx.store.discard(staged);
    throw error;
  }
}

/** `{…}` fields of the object routes' JSON bodies. */
function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw ERRORS.badRequest(`body/${name} must be string`);
  return value;
}

function requiredString(body: Record<string, unknown>, name: string): string {
  const value = optionalString(body, name);
  if (value === undefined) throw ERRORS.badRequest(`body must have required property '${name}'`);
  return value;
}

/** POST /object/move: renames the row as the caller (UPDATE policies), then the bytes. */
export async function moveObject(ctx: StorageContext, r: StorageRequest): Promise<{ message: string }> {
  const body = await readJson(ctx, r.req);
  const bucket = assertBucketRef(requiredString(body, "bucketId"));
  const from = assertKey(requiredString(body, "sourceKey"), "sourceKey");
  const to = assertKey(requiredString(body, "destinationKey"), "destinationKey");
  const toBucket = assertBucketRef(optionalString(body, "destinationBucket") ?? bucket, "destinationBucket");
  const identity = await r.identity();
  if (bucket === toBucket && from === to) return { message: "Successfully moved" };
  await transaction(ctx, identity, async (tx) => {
    await findBucket(tx, bucket);
    const destination = toBucket === bucket ? undefined : await findBucket(tx, toBucket);
    await tx.as(identity);
    const [owner, ownerId] = ownerColumns(ownerOf(identity));
    const { rows } = await tx.q.query<{ metadata: ObjectMetadata | null }>(
      `update storage.objects set bucket_id = $3, name = $4, owner = $5, owner_id = $6, version = $7
       where bucket_id = $1 and name = $2 returning metadata`,
      [bucket, from, toBucket, to, owner, ownerId, randomUUID()],
    );
    const moved = rows[0];
    if (!moved) throw ERRORS.noSuchKey();
    if (destination) checkDestination(ctx, destination, moved.metadata);
    await ctx.store.move(tx, { bucket, key: from }, { bucket: toBucket, key: to });
  });
  return { message: "Successfully moved" };
}

/** A move or copy into another bucket still honours that bucket's size and type limits. */
function checkDestination(ctx: StorageContext, bucket: BucketRow, metadata: ObjectMetadata | null) {
  if (metadata?.mimetype) checkMimeType(metadata.mimetype, bucket.allowed_mime_types);
  if (metadata && metadata.size > bucketLimit(ctx, bucket)) throw ERRORS.entityTooLarge();
}

/** POST /object/copy: reads the source as the caller (SELECT), writes the copy (INSERT, or upsert). */
export async function copyObject(
  ctx: StorageContext,
  r: StorageRequest,
): Promise<{ Id: string; Key: string }> {
  const body = await readJson(ctx, r.req);
  const bucket = assertBucketRef(requiredString(body, "bucketId"));
  const from = assertKey(requiredString(body, "sourceKey"), "sourceKey");
  const to = assertKey(requiredString(body, "destinationKey"), "destinationKey");
  const toBucket = assertBucketRef(optionalString(body, "destinationBucket") ?? bucket, "destinationBucket");
  const copyMetadata = body.copyMetadata !== false;
  const newMetadata = body.metadata;
  if (
    newMetadata !== undefined &&
    newMetadata !== null &&
    (typeof newMetadata !== "object" || Array.isArray(newMetadata))
  ) {
    throw ERRORS.badRequest("body/metadata must be object");
  }
  const upsert = upsertHeader(r.req);
  const identity = await r.identity();
  const id = await transaction(ctx, identity, async (tx) => {
    await findBucket(tx, bucket);
    const destination = await findBucket(tx, toBucket);
    const source = await findObject(tx, identity, bucket, from);
    checkDestination(ctx, destination, source.metadata);
    const metadata = source.metadata ? { ...source.metadata, lastModified: new Date().toISOString() } : null;
    const objectId = await writeObjectRow(tx, identity, {
      bucket: toBucket,
      key: to,
      owner: ownerOf(identity),
      metadata,
      userMetadata: copyMetadata
        ? source.user_metadata
        : ((newMetadata as Record<string, unknown> | null) ?? null),
      upsert,
    });
    if (bucket !== toBucket || from !== to) {
      await ctx.store.copy(tx, { bucket, key: from }, { bucket: toBucket, key: to });
    }
    return objectId;
  });
  return { Id: id, Key: `${toBucket}/${to}` };
}

/** DELETE /object/<bucket> `{prefixes}`: deletes what the caller's DELETE policies allow. */
export async function removeObjects(
  ctx: StorageContext,
  r: StorageRequest,
  bucket: string,
): Promise<ObjectRow[]> {
  const body = await readJson(ctx, r.req);
  const prefixes = stringList(body, "prefixes");
  const identity = await r.identity();
  return transaction(ctx, identity, async (tx) => {
    await findBucket(tx, bucket);
    await tx.as(identity);
    const { rows } = await tx.q.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucket, prefixes],
    );
    await ctx.store.remove(
      tx,
      bucket,
      rows.map((row) => row.name),
    );
    return rows;
  });
}

/** DELETE /object/<bucket>/<key>: one object. */
export async function removeObject(
  ctx: StorageContext,
  r: StorageRequest,
  bucket: string,
  key: string,
): Promise<{ message: string }> {
  const identity = await r.identity();
  await transaction(ctx, identity, async (tx) => {
    await findBucket(tx, bucket);
    await tx.as(identity);
    const { rows } = await tx.q.query<{ name: string }>(
      "delete from storage.objects where bucket_id = $1 and name = $2 returning name",
      [bucket, key],
    );
    if (rows.length === 0) throw ERRORS.noSuchKey();
    await ctx.store.remove(tx, bucket, [key]);
  });
  return { message: "Successfully deleted" };
}

const SORT_COLUMNS = new Set(["name", "updated_at", "created_at", "last_accessed_at"]);

type ListEntry = {
  name: string;
  id: string | null;
  updated_at: Date | string | null;
  created_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: ObjectMetadata | null;
};

function integerField(
  body: Record<string, unknown>,
  name: string,
  fallback: number,
  minimum: number,
): number {
  const value = body[name];
  if (value === undefined || value === null) return fallback;
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isInteger(number) || number < minimum) {
    throw ERRORS.badRequest(`body/${name} must be integer >= ${minimum}`);
  }
  return number;
}

/**
 * POST /object/list/<bucket>, storage-api's `storage.search`: the entries one level below
 * `prefix` whose name starts with `search`, folders first (null id and metadata), then files
 * sorted by `sortBy`, with limit/offset over the whole list. Row level security applies.
 */
export async function listObjects(
  ctx: StorageContext,
  r: StorageRequest,
  bucket: string,
): Promise<ListEntry[]> {
  const body = await readJson(ctx, r.req);
  let prefix = optionalString(body, "prefix") ?? "";
  const search = optionalString(body, "search") ?? "";
  const limit = Math.min(integerField(body, "limit", 100, 1), 10_000);
  const offset = integerField(body, "offset", 0, 0);
  const sortBy = body.sortBy;
  if (sortBy !== undefined && sortBy !== null && (typeof sortBy !== "object" || Array.isArray(sortBy))) {
    throw ERRORS.badRequest("body/sortBy must be object");
  }
  const sort = (sortBy ?? {}) as Record<string, unknown>;
  const column = typeof sort.column === "string" && SORT_COLUMNS.has(sort.column) ? sort.column : "name";
  const order = typeof sort.order === "string" && sort.order.toLowerCase() === "desc" ? "desc" : "asc";
  prefix = prefix.replace(/^\/+/, "");
  if (prefix !== "" && !prefix.endsWith("/")) prefix = `${prefix}/`;
  const level = prefix === "" ? 1 : prefix.split("/").length;
  const identity = await r.identity();
  return transaction(
    ctx,
    identity,
    async (tx) => {
      await findBucket(tx, bucket);
      await tx.as(identity);
      const { rows } = await tx.q.query<ListEntry>(
        `with matched as (
           select name, id, updated_at, created_at, last_accessed_at, metadata, path_tokens
           from storage.objects where bucket_id = $1 and name ilike $2 escape '\\'
         ), entries as (
           select distinct path_tokens[$3] as name, null::uuid as id, null::timestamptz as updated_at,
             null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
             0 as kind
           from matched where array_length(path_tokens, 1) > $3
           union all
           select path_tokens[$3], id, updated_at, created_at, last_accessed_at, metadata, 1
           from matched where array_length(path_tokens, 1) = $3
         )
         select name, id, updated_at, created_at, last_accessed_at, metadata from entries
         order by kind, (case when kind = 0 then name end) ${order}, ${column} ${order}, name ${order}
         limit $4 offset $5`,
        [bucket, `${escapeLike(prefix)}${escapeLike(search)}%`, level, limit, offset],
      );
      return rows;
    },
    { readOnly: true },
  );
}

/**
 * GET /object/info/…: storage-api's InfoRenderer body, camelised by supabase-js's `info()`. It has
 * `last_modified` (the row's updated_at) and no `updated_at` or `last_accessed_at`.
 */
export function objectInfo(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  };
}

/** list-v2's cursor, storage-api's continuation token: base64 of `l:`, `o:`, `c:`, `a:` lines. */
type Cursor = { startAfter: string; sortOrder?: string; sortColumn?: string; sortColumnAfter?: string };

const CURSOR_PARTS: [string, keyof Cursor][] = [
  ["l", "startAfter"],
  ["o", "sortOrder"],
  ["c", "sortColumn"],
  ["a", "sortColumnAfter"],
];

function encodeCursor(cursor: Cursor): string {
  const lines = CURSOR_PARTS.filter(([, field]) => cursor[field]).map(
    ([k, field]) => `${k}:${cursor[field]}`,
  );
  return Buffer.from(lines.join("\n")).toString("base64");
}

function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { startAfter: "", sortOrder: "asc" };
  for (const part of Buffer.from(token, "base64").toString().split("\n")) {
    const match = /^(\S):(.*)$/.exec(part);
    const field = CURSOR_PARTS.find(([k]) => k === match?.[1])?.[1];
    if (!match || !field) throw ERRORS.invalidRequest("Invalid continuation token");
    cursor[field] = match[2] ?? "";
  }
  return cursor;
}

type V2Row = {
  name: string;
  folder: boolean;
  id: string | null;
  updated_at: Date | string | null;
  created_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: ObjectMetadata | null;
  sort_value: string | null;
};

const V2_COLUMNS = new Set(["name", "created_at", "updated_at"]);

/**
 * POST /object/list-v2/<bucket> `{prefix, limit, cursor, with_delimiter, sortBy}`, storage-api's
 * listObjectsV2: object names starting with `prefix` (a plain prefix, not a folder), full names;
 * with `with_delimiter` what lies below the next `/` is one folder `{key, name: "<path>/"}`. At
 * most `limit` (1000) entries per page, `hasNext` and an opaque `nextCursor` for the next one,
 * which carries the sort. Row level security applies.
 */
export async function listObjectsV2(ctx: StorageContext, r: StorageRequest, bucket: string) {
  const body = await readJson(ctx, r.req);
  const prefix = optionalString(body, "prefix") ?? "";
  const limit = Math.min(integerField(body, "limit", 1000, 1), 1000);
  const cursorText = optionalString(body, "cursor");
  const delimited = body.with_delimiter;
  if (delimited !== undefined && delimited !== null && typeof delimited !== "boolean")
    throw ERRORS.badRequest("body/with_delimiter must be boolean");
  const sortBy = body.sortBy;
  if (sortBy !== undefined && sortBy !== null && (typeof sortBy !== "object" || Array.isArray(sortBy)))
    throw ERRORS.badRequest("body/sortBy must be object");
  const sort = (sortBy ?? {}) as Record<string, unknown>;
  if (sortBy && typeof sort.column !== "string")
    throw ERRORS.badRequest("body/sortBy must have required property 'column'");
  if (sort.column !== undefined && !V2_COLUMNS.has(String(sort.column)))
    throw ERRORS.badRequest("body/sortBy/column must be equal to one of the allowed values");
  if (sort.order !== undefined && sort.order !== "asc" && sort.order !== "desc")
    throw ERRORS.badRequest("body/sortBy/order must be equal to one of the allowed values");
  const cursor = cursorText ? decodeCursor(cursorText) : undefined;
  const column = cursor?.sortColumn || (sort.column as string | undefined) || "name";
  if (!V2_COLUMNS.has(column)) throw ERRORS.invalidRequest("Invalid continuation token");
  const order =
    (cursor?.sortOrder || (sort.order as string | undefined) || "asc") === "desc" ? "desc" : "asc";
  const after = cursor?.startAfter || undefined;
  const columnAfter = column !== "name" ? cursor?.sortColumnAfter || undefined : undefined;
  const cmp = order === "asc" ? ">" : "<";
  // The entry: the object itself, or with the delimiter its folder below the prefix.
  const entry =
    "case when $3::boolean and strpos(substr(name, $4::int + 1), '/') > 0 then substr(name, 1, $4::int + strpos(substr(name, $4::int + 1), '/')) else name end";
  const sortValue =
    column === "name"
      ? "null::text"
      : `to_char(date_trunc('milliseconds', ${column}) at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const params: unknown[] = [
    bucket,
    `${escapeLike(prefix)}%`,
    delimited === true,
    [...prefix].length,
    limit + 1,
  ];
  let page = "";
  if (after !== undefined) {
    params.push(after);
    const byName = `entry ${cmp} $${params.length}`;
    if (columnAfter !== undefined) {
      params.push(columnAfter);
      page = `where sort_value ${cmp} $${params.length} or (sort_value = $${params.length} and ${byName})`;
    } else page = `where ${byName}`;
  }
  const identity = await r.identity();
  const rows = await transaction(
    ctx,
    identity,
    async (tx) => {
      await findBucket(tx, bucket);
      await tx.as(identity);
      const { rows } = await tx.q.query<V2Row>(
        `with matched as (
           select ${entry} as entry, name, id, updated_at, created_at, last_accessed_at, metadata,
             ${sortValue} as sort_value
           from storage.objects where bucket_id = $1 and name like $2 escape '\\'
         ), entries as (
           select entry, bool_or(entry <> name) as folder, min(sort_value) as sort_value,
             (array_agg(id))[1] as id, (array_agg(name))[1] as name,
             (array_agg(updated_at))[1] as updated_at, (array_agg(created_at))[1] as created_at,
             (array_agg(last_accessed_at))[1] as last_accessed_at, (array_agg(metadata))[1] as metadata
           from matched group by entry
         )
         select entry as name, folder, id, updated_at, created_at, last_accessed_at, metadata, sort_value
         from entries ${page}
         order by sort_value ${order}, entry ${order}
         limit $5`,
        params,
      );
      return rows;
    },
    { readOnly: true },
  );
  const hasNext = rows.length > limit;
  const pageRows = hasNext ? rows.slice(0, limit) : rows;
  const folders = pageRows
    .filter((row) => row.folder)
    .map((row) => ({
      key: row.name.replace(/\/$/, ""),
      name: row.name.endsWith("/") ? row.name : `${row.name}/`,
    }));
  const objects = pageRows
    .filter((row) => !row.folder)
    .map((row) => ({
      name: row.name,
      key: row.name,
      id: row.id,
      updated_at: row.updated_at,
      created_at: row.created_at,
      last_accessed_at: row.last_accessed_at,
      metadata: row.metadata,
    }));
  const last = pageRows[pageRows.length - 1];
  const nextCursor =
    hasNext && last
      ? encodeCursor({
          startAfter: last.name,
          sortOrder: cursor?.sortOrder || (sort.order as string | undefined),
          sortColumn: column === "name" && !cursor?.sortColumn && !sort.column ? undefined : column,
          sortColumnAfter: column !== "name" ? (last.sort_value ?? undefined) : undefined,
        })
      : undefined;
  return { hasNext, folders, objects, ...(nextCursor ? { nextCursor } : {}) };
}
