import type { ServerResponse } from "node:http";
import { CORS_HEADERS, HttpError, sendJson } from "../http.ts";

/**
 * A storage-api error (`src/internal/errors/codes.ts`). Rendered as
 * `{statusCode, code, error, message}` with HTTP 400 for everything but 500, as storage-api does.
 */
export class StorageError extends Error {
  httpStatusCode: number;
  code: string;
  error: string;
  constructor(httpStatusCode: number, code: string, message: string, error?: string) {
    super(message);
    this.httpStatusCode = httpStatusCode;
    this.code = code;
    this.error = error ?? code;
  }
  get status(): number {
    return this.httpStatusCode === 500 ? 500 : 400;
  }
  render() {
    return {
      statusCode: String(this.httpStatusCode),
      code: this.code,
      error: this.error,
      message: this.message,
    };
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageError(404, "NoSuchKey", "Object not found", "not_found"),
  accessDenied: (message: string) => new StorageError(403, "AccessDenied", message, "Unauthorized"),
  invalidJwt: (message: string) => new StorageError(400, "InvalidJWT", message),
  invalidSignature: (message = "Invalid signature") => new StorageError(400, "InvalidSignature", message),
  resourceAlreadyExists: () =>
    new StorageError(409, "ResourceAlreadyExists", "The resource already exists", "Duplicate"),
  bucketAlreadyExists: () =>
    new StorageError(409, "BucketAlreadyExists", "The resource already exists", "Duplicate"),
  bucketNotEmpty: () =>
    new StorageError(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty"),
  entityTooLarge: (entity = "object", limit = "the maximum allowed size") =>
    new StorageError(413, "EntityTooLarge", `The ${entity} exceeded ${limit}`, "Payload too large"),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, "InvalidMimeType", `mime type ${mimeType} is not supported`, "invalid_mime_type"),
  invalidKey: (key: string) => new StorageError(400, "InvalidKey", `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, "InvalidBucketName", "Bucket name invalid", "Invalid Input"),
  invalidRequest: (message: string) => new StorageError(400, "InvalidRequest", message),
  invalidRange: () => new StorageError(400, "InvalidRange", "invalid range provided", "invalid_range"),
  missingParameter: (name: string) =>
    new StorageError(400, "MissingParameter", `Missing Required Parameter ${name}`),
  /** What Fastify answers when a request fails its JSON schema. */
  badRequest: (message: string) => new StorageError(400, "InvalidRequest", message, "Bad Request"),
  relatedResourceNotFound: () =>
    new StorageError(404, "InvalidRequest", "The related resource does not exist"),
  notFound: (method: string, path: string) =>
    new StorageError(404, "NotFound", `Route ${method}:${path} not found`, "Not Found"),
  internal: (message = "Internal server error") => new StorageError(500, "InternalError", message),
};

type PgError = Error & { code?: string };

/** storage-api's DBError.fromDBError: Postgres errors as storage errors (never a 500 for bad input). */
export function fromDatabaseError(error: PgError): StorageError {
  const code = error.code ?? "";
  if (code === "42501") return ERRORS.accessDenied("new row violates row-level security policy");
  if (code === "23505") return ERRORS.resourceAlreadyExists();
  if (code === "23503") return ERRORS.relatedResourceNotFound();
  if (code === "55P03") return new StorageError(423, "ResourceLocked", "The resource is locked");
  if (/^(22|23|42)/.test(code)) return ERRORS.invalidRequest(error.message);
  return new StorageError(500, "DatabaseError", error.message);
}

function isPgError(error: unknown): error is PgError {
  return error instanceof Error && /^[0-9A-Z]{5}$/.test((error as PgError).code ?? "");
}

/** Any thrown value as the storage error the client sees. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (error instanceof HttpError) {
    if (error.status === 413) return ERRORS.entityTooLarge("payload", "the maximum allowed size");
    return ERRORS.invalidRequest(error.message);
  }
  if (isPgError(error)) return fromDatabaseError(error);
  return ERRORS.internal();
}

/** Headers a browser may read from Storage responses (downloads set ETag, Content-Disposition, …). */
export const EXPOSE_HEADERS = `${CORS_HEADERS["Access-Control-Expose-Headers"]}, etag, content-disposition, content-length, content-type, last-modified, cache-control, accept-ranges, content-range`;

export function sendError(res: ServerResponse, error: StorageError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, error.status, error.render(), { "Access-Control-Expose-Headers": EXPOSE_HEADERS });
}

/** A body field that must be 1 to 1000 strings (storage-api's schema for `prefixes` and `paths`). */
export function stringList(body: Record<string, unknown>, field: string): string[] {
  const value = body[field];
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
    throw ERRORS.badRequest(`body/${field} must be array of strings`);
  }
  if (value.length === 0) throw ERRORS.badRequest(`body/${field} must NOT have fewer than 1 items`);
  if (value.length > 1000) throw ERRORS.badRequest(`body/${field} must NOT have more than 1000 items`);
  return value as string[];
}
