import {
  ownerOf,
  readJson,
  SERVICE_IDENTITY,
  type StorageContext,
  type StorageRequest,
  transaction,
} from "./context.ts";
import { ERRORS } from "./errors.ts";
import { isValidBucketName } from "./keys.ts";
import { findBucket } from "./objects.ts";

const BUCKET_COLUMNS =
  "id, name, owner, owner_id, public, type, file_size_limit, allowed_mime_types, created_at, updated_at";

type BucketOut = Record<string, unknown> & { file_size_limit: string | number | null };

/** bigint comes back as a string from pg; the API sends a number. */
function shape(row: BucketOut): BucketOut {
  return {
    ...row,
    owner: row.owner ?? "",
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
  };
}

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** `file_size_limit`: bytes, or storage-api's strings like "5MB" / "30KB"; null removes the limit. */
function parseFileSizeLimit(ctx: StorageContext, value: unknown): number | null {
  if (value === null || value === 0 || value === "") return null;
  let bytes: number;
  if (typeof value === "number") bytes = value;
  else if (typeof value === "string") {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
    if (!match) throw ERRORS.invalidRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B");
    bytes = Number(match[1]) * (SIZE_UNITS[(match[2] ?? "b").toLowerCase()] ?? 1);
  } else throw ERRORS.invalidRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B");
  if (!Number.isFinite(bytes) || bytes < 0) {
    throw ERRORS.invalidRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B");
  }
  bytes = Math.floor(bytes);
  if (bytes > ctx.fileSizeLimit)
    throw ERRORS.entityTooLarge("bucket file size limit", "the global file size limit");
  return bytes;
}

function parseMimeTypes(value: unknown): string[] | null {
  if (value === null) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw ERRORS.badRequest("body/allowed_mime_types must be array of strings");
  }
  for (const mime of value as string[]) {
    if (!/^[\w.+-]+\/([\w.+-]+|\*)$/.test(mime.trim())) throw ERRORS.invalidMimeType(mime);
  }
  return value.length === 0 ? null : (value as string[]);
}

function parsePublic(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw ERRORS.badRequest("body/public must be boolean");
  return value;
}

/** GET /bucket?limit&offset&search&sortColumn&sortOrder: the buckets the caller's policies show. */
export async function listBuckets(ctx: StorageContext, r: StorageRequest) {
  const params = r.url.searchParams;
  const column =
    ["id", "name", "created_at", "updated_at"].find((c) => c === params.get("sortColumn")) ?? "name";
  const order = params.get("sortOrder")?.toLowerCase() === "desc" ? "desc" : "asc";
  const number = (name: string, fallback: number | null) => {
    const raw = params.get(name);
    if (raw === null || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0)
      throw ERRORS.badRequest(`querystring/${name} must be integer >= 0`);
    return value;
  };
  const limit = number("limit", null);
  const offset = number("offset", 0);
  const search = params.get("search") ?? "";
  const identity = await r.identity();
  const rows = await transaction(
    ctx,
    identity,
    async (tx) =>
      (
        await tx.q.query<BucketOut>(
          `select ${BUCKET_COLUMNS} from storage.buckets where name ilike '%' || $1 || '%'
           order by ${column} ${order} limit $2 offset $3`,
          [search.replace(/[\\%_]/g, (c) => `\\${c}`), limit, offset],
        )
      ).rows,
    { readOnly: true },
  );
  return rows.map(shape);
}

/** GET /bucket/<id>. */
export async function getBucket(ctx: StorageContext, r: StorageRequest, id: string) {
  const identity = await r.identity();
  const row = await transaction(
    ctx,
    identity,
    async (tx) =>
      (await tx.q.query<BucketOut>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]))
        .rows[0],
    { readOnly: true },
  );
  if (!row) throw ERRORS.noSuchBucket();
  return shape(row);
}

/** POST /bucket `{id?, name, public, file_size_limit, allowed_mime_types, type}` as the caller. */
export async function createBucket(ctx: StorageContext, r: StorageRequest) {
  const body = await readJson(ctx, r.req);
  const name = body.name;
  if (typeof name !== "string") throw ERRORS.badRequest("body must have required property 'name'");
  const id = body.id === undefined || body.id === null ? name : body.id;
  if (typeof id !== "string" || !isValidBucketName(id) || !isValidBucketName(name))
    throw ERRORS.invalidBucketName();
  const isPublic = parsePublic(body.public) ?? false;
  const limit = body.file_size_limit === undefined ? null : parseFileSizeLimit(ctx, body.file_size_limit);
  const mimeTypes = body.allowed_mime_types === undefined ? null : parseMimeTypes(body.allowed_mime_types);
  if (body.type !== undefined && body.type !== null && body.type !== "STANDARD") {
    throw ERRORS.invalidRequest(`Bucket type ${String(body.type)} is not supported by supabase/local`);
  }
  const identity = await r.identity();
  const owner = ownerOf(identity);
  try {
    await transaction(ctx, identity, (tx) =>
      tx.q.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          name,
          owner && /^[0-9a-f-]{36}$/i.test(owner) ? owner : null,
          owner ?? null,
          isPublic,
          limit,
          mimeTypes,
        ],
      ),
    );
  } catch (error) {
    if ((error as { code?: string }).code === "23505") throw ERRORS.bucketAlreadyExists();
    throw error;
  }
  return { name: id };
}

/** PUT /bucket/<id>: changes only the fields sent; `null` clears a limit. */
export async function updateBucket(ctx: StorageContext, r: StorageRequest, id: string) {
  const body = await readJson(ctx, r.req);
  const sets: string[] = [];
  const params: unknown[] = [id];
  const isPublic = parsePublic(body.public);
  if (isPublic !== undefined) {
    params.push(isPublic);
    sets.push(`public = $${params.length}`);
  }
  if (body.file_size_limit !== undefined) {
    params.push(parseFileSizeLimit(ctx, body.file_size_limit));
    sets.push(`file_size_limit = $${params.length}`);
  }
  if (body.allowed_mime_types !== undefined) {
    params.push(parseMimeTypes(body.allowed_mime_types));
    sets.push(`allowed_mime_types = $${params.length}`);
  }
  sets.push("updated_at = now()");
  const identity = await r.identity();
  const updated = await transaction(ctx, identity, async (tx) => {
    const result = await tx.q.query(
      `update storage.buckets set ${sets.join(", ")} where id = $1 returning id`,
      params,
    );
    return result.rows.length;
  });
  if (updated === 0) throw ERRORS.noSuchBucket();
  return { message: "Successfully updated" };
}

/** DELETE /bucket/<id>: refused while the bucket holds objects, as on Supabase. */
export async function deleteBucket(ctx: StorageContext, r: StorageRequest, id: string) {
  const identity = await r.identity();
  await transaction(ctx, SERVICE_IDENTITY, async (tx) => {
    await findBucket(tx, id);
    const { rows } = await tx.q.query<{ found: boolean }>(
      "select exists (select 1 from storage.objects where bucket_id = $1) as found",
      [id],
    );
    if (rows[0]?.found) throw ERRORS.bucketNotEmpty();
    await tx.as(identity);
    const deleted = await tx.q.query("delete from storage.buckets where id = $1 returning id", [id]);
    if (deleted.rows.length === 0) throw ERRORS.noSuchBucket();
    await ctx.store.removeBucket(tx, id);
  });
  return { message: "Successfully deleted" };
}

/** POST /bucket/<id>/empty: deletes every object the caller's DELETE policies allow. */
export async function emptyBucket(ctx: StorageContext, r: StorageRequest, id: string) {
  const identity = await r.identity();
  await transaction(ctx, identity, async (tx) => {
    await findBucket(tx, id);
    await tx.as(identity);
    const { rows } = await tx.q.query<{ name: string }>(
      "delete from storage.objects where bucket_id = $1 returning name",
      [id],
    );
    await ctx.store.remove(
      tx,
      id,
      rows.map((row) => row.name),
    );
  });
  return { message: "Successfully emptied" };
}
