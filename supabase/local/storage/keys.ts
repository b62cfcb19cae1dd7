import { ERRORS } from "./errors.ts";

/**
 * storage-api's `isValidKey` / `isValidBucketName` (`src/storage/limits.ts`): S3-safe characters
 * only. On top of that no `.`/`..`/empty segment is accepted, so a key can never leave its
 * bucket's folder on disk, and keys and bucket names are bounded like S3's.
 */
const KEY_CHARS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_CHARS = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const MAX_KEY_BYTES = 1024;
const MAX_BUCKET_LENGTH = 100;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key) > MAX_KEY_BYTES || !KEY_CHARS.test(key)) return false;
  return key.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

export function isValidBucketName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= MAX_BUCKET_LENGTH &&
    BUCKET_CHARS.test(name) &&
    name !== "." &&
    name !== ".."
  );
}

export function assertKey(key: unknown, name = "key"): string {
  if (typeof key !== "string") throw ERRORS.badRequest(`body/${name} must be string`);
  if (!isValidKey(key)) throw ERRORS.invalidKey(key);
  return key;
}

/** A bucket named in a path or body; one that cannot exist is simply not found. */
export function assertBucketRef(bucket: unknown, name = "bucketId"): string {
  if (typeof bucket !== "string") throw ERRORS.badRequest(`body/${name} must be string`);
  if (!isValidBucketName(bucket)) throw ERRORS.noSuchBucket();
  return bucket;
}

/** Decodes one percent-encoded path part (the client sends `encodeURI`d paths). */
export function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw ERRORS.invalidKey(raw);
  }
}

/** `<bucket>/<key…>` from a route's remaining path segments, validated. */
export function bucketAndKey(segments: string[]): { bucket: string; key: string } {
  const [rawBucket = "", ...rest] = segments;
  const bucket = decodePath(rawBucket);
  if (!isValidBucketName(bucket)) throw ERRORS.noSuchBucket();
  const key = decodePath(rest.join("/"));
  if (!isValidKey(key)) throw ERRORS.invalidKey(key);
  return { bucket, key };
}

/** An `ILIKE` pattern matching `text` literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
