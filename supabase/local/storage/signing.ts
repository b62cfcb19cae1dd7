import { signJwt, verifyJwt } from "../jwt.ts";
import {
  ownerOf,
  Rollback,
  readJson,
  SERVICE_IDENTITY,
  type StorageContext,
  type StorageRequest,
  transaction,
  upsertHeader,
} from "./context.ts";
import { ERRORS, stringList } from "./errors.ts";
import { isValidKey } from "./keys.ts";
import { findBucket, findObject, uploadObject } from "./objects.ts";
import {
  type TransformOptions,
  transformationSegments,
  transformFromBody,
  transformFromString,
} from "./render.ts";

/** storage-api signs upload URLs for two hours. */
const UPLOAD_URL_SECONDS = 2 * 60 * 60;

function expiresInOf(body: Record<string, unknown>): number {
  const value = body.expiresIn;
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (value === undefined) throw ERRORS.badRequest("body must have required property 'expiresIn'");
  if (typeof number !== "number" || !Number.isSafeInteger(number) || number < 1) {
    throw ERRORS.badRequest("body/expiresIn must be integer >= 1");
  }
  return number;
}

/**
 * A download token: `{url: "<bucket>/<key>", iat, exp}` signed with the project's JWT secret; with
 * image transformations also `transformations` (storage-api's string form), and the URL is then
 * `/render/image/sign/…`.
 */
async function signDownload(
  ctx: StorageContext,
  bucket: string,
  key: string,
  expiresIn: number,
  transform?: TransformOptions,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const transformations = transform ? transformationSegments(transform, true).join(",") : "";
  const token = await signJwt(
    { url: `${bucket}/${key}`, ...(transformations ? { transformations } : {}), iat, exp: iat + expiresIn },
    ctx.config.jwtSecret,
  );
  return `/${transformations ? "render/image" : "object"}/sign/${bucket}/${key}?token=${token}`;
}

/** POST /object/sign/<bucket>/<key> `{expiresIn, transform?}`: the caller must be able to read the object. */
export async function createSignedUrl(ctx: StorageContext, r: StorageRequest, bucket: string, key: string) {
  const body = await readJson(ctx, r.req);
  const expiresIn = expiresInOf(body);
  const transform = transformFromBody(body.transform);
  const identity = await r.identity();
  await transaction(
    ctx,
    identity,
    async (tx) => {
      await findBucket(tx, bucket);
      await findObject(tx, identity, bucket, key);
    },
    { readOnly: true },
  );
  return { signedURL: await signDownload(ctx, bucket, key, expiresIn, transform) };
}

/** POST /object/sign/<bucket> `{expiresIn, paths}`: one entry per path, an error for each unreadable one. */
export async function createSignedUrls(ctx: StorageContext, r: StorageRequest, bucket: string) {
  const body = await readJson(ctx, r.req);
  const expiresIn = expiresInOf(body);
  const paths = stringList(body, "paths");
  const identity = await r.identity();
  const readable = await transaction(
    ctx,
    identity,
    async (tx) => {
      await findBucket(tx, bucket);
      await tx.as(identity);
      const { rows } = await tx.q.query<{ name: string }>(
        "select name from storage.objects where bucket_id = $1 and name = any($2::text[])",
        [bucket, paths],
      );
      return new Set(rows.map((row) => row.name));
    },
    { readOnly: true },
  );
  return Promise.all(
    (paths as string[]).map(async (path) =>
      readable.has(path)
        ? { error: null, path, signedURL: await signDownload(ctx, bucket, path, expiresIn) }
        : {
            error: "Either the object does not exist or you do not have access to it",
            path,
            signedURL: null,
          },
    ),
  );
}

type TokenPayload = { url?: unknown; upsert?: unknown; owner?: unknown; transformations?: unknown };

/** Verifies a signed URL's token for `<bucket>/<key>`, as storage-api's getSignedObject does. */
async function verifyToken(
  ctx: StorageContext,
  r: StorageRequest,
  bucket: string,
  key: string,
): Promise<TokenPayload> {
  const token = r.url.searchParams.get("token");
  if (!token) throw ERRORS.badRequest("querystring must have required property 'token'");
  const result = await verifyJwt(token, ctx.config);
  if (!result.ok) {
    throw ERRORS.invalidJwt(
      result.reason === "expired"
        ? "jwt expired"
        : result.reason === "malformed"
          ? "jwt malformed"
          : "invalid signature",
    );
  }
  const payload = result.claims as TokenPayload;
  if (payload.url !== `${bucket}/${key}`) throw ERRORS.invalidSignature("The url do not match the signature");
  return payload;
}

/** GET /object/sign/<bucket>/<key>?token=: the token must be a download token for this very path. */
export async function verifyDownloadToken(
  ctx: StorageContext,
  r: StorageRequest,
  bucket: string,
  key: string,
) {
  const payload = await verifyToken(ctx, r, bucket, key);
  if (payload.upsert !== undefined) throw ERRORS.invalidSignature("The token is not a download token");
  return payload;
}

/** GET /render/image/sign/<bucket>/<key>?token=: the transformations are the token's, not the query's. */
export async function verifyRenderToken(
  ctx: StorageContext,
  r: StorageRequest,
  bucket: string,
  key: string,
): Promise<TransformOptions> {
  const payload = await verifyDownloadToken(ctx, r, bucket, key);
  return transformFromString(typeof payload.transformations === "string" ? payload.transformations : "");
}

/** POST /object/upload/sign/<bucket>/<key>: checks now that the caller may write there, then signs. */
export async function createSignedUploadUrl(
  ctx: StorageContext,
  r: StorageRequest,
  bucket: string,
  key: string,
) {
  const identity = await r.identity();
  const upsert = upsertHeader(r.req);
  const owner = ownerOf(identity);
  try {
    await transaction(ctx, identity, async (tx) => {
      await findBucket(tx, bucket);
      await tx.as(identity);
      const sql = `insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, $3)${
        upsert ? " on conflict (bucket_id, name) do update set owner_id = excluded.owner_id" : ""
      }`;
      await tx.q.query(sql, [bucket, key, owner ?? null]);
      throw new Rollback(true);
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  const iat = Math.floor(Date.now() / 1000);
  const token = await signJwt(
    { owner, url: `${bucket}/${key}`, upsert, iat, exp: iat + UPLOAD_URL_SECONDS },
    ctx.config.jwtSecret,
  );
  return { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token };
}

/** PUT /object/upload/sign/<bucket>/<key>?token=: uploads as the signer, without a session. */
export async function uploadToSignedUrl(ctx: StorageContext, r: StorageRequest, bucket: string, key: string) {
  const payload = await verifyToken(ctx, r, bucket, key);
  if (typeof payload.upsert !== "boolean") throw ERRORS.invalidSignature("The token is not an upload token");
  if (!isValidKey(key)) throw ERRORS.invalidKey(key);
  const owner = typeof payload.owner === "string" ? payload.owner : undefined;
  const result = await uploadObject(ctx, r, SERVICE_IDENTITY, { bucket, key, upsert: payload.upsert, owner });
  return result;
}
