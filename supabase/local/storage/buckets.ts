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

/**
 * The columns storage-api selects: GET /bucket lists `type` too (except for the old Python
 * clients it detects), GET /bucket/<id> does not; neither sends `owner_id`.
 */
const LIST_COLUMNS = "id, name, public, owner, created_at, updated_at, file_size_limit, allowed_mime_types";
const GET_COLUMNS = "id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types";

type BucketOut = Record<string, unknown> & { file_size_limit: string | number | null };

/** bigint comes back as a string from pg; the API sends a number. A null owner is "" (Fastify's string). */
function shape(row: BucketOut): BucketOut {
  return {
    ...row,
    owner: row.owner ?? "",
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
  };
}

/** `a.b.c` older than `than`; false when `version` is not a version at all. */
function versionBefore(version: string | undefined, than: string): boolean {
  if (!version || !/^\d+(\.\d+)*/.test(version)) return false;
  const a = version.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  const b = than.split(".").map(Number);
  for (let i = 0; i < b.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

/** storage-api omits `type` for supabase-py < 2.18.0 and storage3 < 0.12.1, which choke on it. */
function omitsBucketType(r: StorageRequest): boolean {
  const clientInfo = String(r.req.headers["x-client-info"] ?? "");
  const userAgent = String(r.req.headers["user-agent"] ?? "");
  return (
    versionBefore(/supabase-py\/([\w.-]+)/.exec(clientInfo)?.[1], "2.18.0") ||
    versionBefore(/storage3\/([\w.-]+)/.exec(userAgent)?.[1], "0.12.1")
  );
}

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/**
 * storage-api's `parseFileSizeToBytes`: a number and a unit, decimal (`'20mb'` is 20,000,000
 * bytes), nothing else (no space, no unit-less string); rounded to whole bytes.
 */
export function parseFileSizeToBytes(value: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!match) throw ERRORS.invalidRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B");
  return Math.round(Number.parseFloat(match[1] ?? "") * (SIZE_UNITS[(match[2] ?? "").toLowerCase()] ?? 1));
}

/** `file_size_limit`: bytes, or a size string (`parseFileSizeToBytes`); null removes the limit. */
function parseFileSizeLimit(ctx: StorageContext, value: unknown): number | null {
  if (value === null || value === 0 || value === "") return null;
  let bytes: number;
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value < 0)
      throw ERRORS.badRequest("body/file_size_limit must be integer");
    bytes = value;
  } else if (typeof value === "string") bytes = parseFileSizeToBytes(value);
  else throw ERRORS.badRequest("body/file_size_limit must be integer,string");
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
          `select ${LIST_COLUMNS}${omitsBucketType(r) ? "" : ", type"} from storage.buckets
           where name ilike '%' || $1 || '%' order by ${column} ${order} limit $2 offset $3`,
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
      (await tx.q.query<BucketOut>(`select ${GET_COLUMNS} from storage.buckets where id = $1`, [id])).rows[0],
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
  // storage-api queues the deletion and says so; here it is done before the answer.
  return { message: "Empty bucket has been queued. Completion may take up to an hour." };
}
