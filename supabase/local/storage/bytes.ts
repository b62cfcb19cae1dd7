import { createHash, type Hash } from "node:crypto";
import type { Readable } from "node:stream";
import type { Queryable } from "../db.ts";
import { ERRORS } from "./errors.ts";

/** Bytes received for an upload, not yet the object's: a temporary file or a buffer. */
export type Staged = { size: number; md5: string; file?: string; data?: Buffer };

/** The transaction that writes the object rows; bytes follow it or run after its commit. */
export type TxHooks = { q: Queryable; afterCommit(work: () => Promise<void> | void): void };

export type ObjectRef = { bucket: string; key: string };

/** An object's bytes, opened for reading; `read` streams `[start, end]` (inclusive). */
export type OpenedBytes = {
  size: number;
  read(start: number, end: number): Readable | Buffer;
  close(): Promise<void>;
};

/** Where object bytes live: a folder, memory, or a bytea table. */
export type ByteStore = {
  kind: "file" | "memory" | "database";
  init(): Promise<void>;
  /** Receives a body (a request stream or a buffer), refusing more than `limit` bytes with 413. */
  stage(source: Readable | Buffer, limit: number): Promise<Staged>;
  discard(staged: Staged): Promise<void>;
  /** Makes staged bytes the object's, inside the transaction that writes its row. */
  commit(tx: TxHooks, staged: Staged, to: ObjectRef): Promise<void>;
  copy(tx: TxHooks, from: ObjectRef, to: ObjectRef): Promise<void>;
  move(tx: TxHooks, from: ObjectRef, to: ObjectRef): Promise<void>;
  remove(tx: TxHooks, bucket: string, keys: string[]): Promise<void>;
  removeBucket(tx: TxHooks, bucket: string): Promise<void>;
  /** Undefined when the bytes are missing. */
  open(ref: ObjectRef): Promise<OpenedBytes | undefined>;
};

/**
 * Reads `source` to its end through `write`, hashing and counting. Past `limit` it stops with
 * 413 but lets the request drain, so the client still reads the error instead of a reset.
 * `write` returns false for backpressure and then calls `resume` once it can take more.
 */
export function receive(
  source: Readable,
  limit: number,
  write: (chunk: Buffer, resume: () => void) => boolean,
): Promise<{ size: number; md5: string }> {
  const hash: Hash = createHash("md5");
  let size = 0;
  return new Promise((resolve, reject) => {
    let done = false;
    const cleanup = () => {
      source.off("data", onData);
      source.off("end", onEnd);
      source.off("error", fail);
      source.off("close", onClose);
    };
    const fail = (error: unknown) => {
      if (done) return;
      done = true;
      cleanup();
      source.resume();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        fail(ERRORS.entityTooLarge());
        return;
      }
      hash.update(chunk);
      if (!write(chunk, () => source.resume())) source.pause();
    };
    const onEnd = () => {
      if (done) return;
      done = true;
      cleanup();
      resolve({ size, md5: hash.digest("hex") });
    };
    const onClose = () => fail(ERRORS.invalidRequest("The request was aborted"));
    source.on("data", onData);
    source.on("end", onEnd);
    source.on("error", fail);
    source.on("close", onClose);
    source.resume();
  });
}

export function md5Of(data: Buffer): string {
  return createHash("md5").update(data).digest("hex");
}

/** Buffers a body in memory (memory and database backends), bounded by `limit`. */
export async function stageInMemory(source: Readable | Buffer, limit: number): Promise<Staged> {
  if (Buffer.isBuffer(source)) {
    if (source.length > limit) throw ERRORS.entityTooLarge();
    return { size: source.length, md5: md5Of(source), data: source };
  }
  const chunks: Buffer[] = [];
  const { size, md5 } = await receive(source, limit, (chunk) => {
    chunks.push(chunk);
    return true;
  });
  return { size, md5, data: Buffer.concat(chunks, size) };
}

/** A whole buffer as an OpenedBytes. */
export function openedBuffer(data: Buffer): OpenedBytes {
  return {
    size: data.length,
    read: (start, end) => data.subarray(start, end + 1),
    close: async () => {},
  };
}
