import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, link, mkdir, open, rename, rm, rmdir, unlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { type ByteStore, md5Of, type ObjectRef, receive, type Staged } from "./bytes.ts";
import { ERRORS, StorageError } from "./errors.ts";

/** Uploads are received here first; `~` cannot appear in a bucket name, so no bucket collides. */
const STAGING = "~staging";

type FsError = Error & { code?: string };

function conflict(): StorageError {
  return new StorageError(
    409,
    "KeyAlreadyExists",
    "An object and a folder cannot share a name in the file storage backend",
    "Duplicate",
  );
}

/**
 * Object bytes as files under `<root>/<bucket>/<key>`. Every write goes to a staging file first
 * and is renamed into place, so a file is always whole; keys are validated (no `.`/`..`
 * segments) and every path is checked to stay inside its bucket's folder.
 */
export function fileStore(rootDir: string): ByteStore {
  const root = resolve(rootDir);
  const staging = join(root, STAGING);

  const pathOf = ({ bucket, key }: ObjectRef): string => {
    const bucketDir = join(root, bucket);
    const path = resolve(bucketDir, key);
    if (!bucketDir.startsWith(root + sep) || !path.startsWith(bucketDir + sep) || bucket === STAGING) {
      throw ERRORS.invalidKey(key);
    }
    return path;
  };

  const tempPath = () => join(staging, randomUUID());

  /** Moves a staged file onto an object's path; a folder in the way (or a file as folder) is a 409. */
  const place = async (temp: string, to: ObjectRef) => {
    const target = pathOf(to);
    try {
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      const code = (error as FsError).code;
      if (code === "EISDIR" || code === "ENOTDIR" || code === "EEXIST" || code === "ENOTEMPTY")
        throw conflict();
      throw error;
    }
  };

  /** Removes a file and the folders it leaves empty, up to its bucket's folder. */
  const unlinkAndPrune = async (ref: ObjectRef) => {
    const path = pathOf(ref);
    await unlink(path).catch(() => undefined);
    const bucketDir = join(root, ref.bucket);
    let dir = dirname(path);
    while (dir.startsWith(bucketDir + sep)) {
      try {
        await rmdir(dir);
      } catch {
        break;
      }
      dir = dirname(dir);
    }
  };

  return {
    kind: "file",
    async init() {
      await mkdir(root, { recursive: true });
      // Staging files left by a crash are incomplete uploads.
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging, { recursive: true });
    },
    async stage(source: Readable | Buffer, limit: number): Promise<Staged> {
      const file = tempPath();
      if (Buffer.isBuffer(source)) {
        if (source.length > limit) throw ERRORS.entityTooLarge();
        await writeFile(file, source);
        return { size: source.length, md5: md5Of(source), file };
      }
      const out = createWriteStream(file);
      // Settles on finish, error or destroy (a refused upload destroys the half-written file).
      const written = finished(out);
      try {
        const received = await receive(source, limit, (chunk, resume) => {
          const more = out.write(chunk);
          if (!more) out.once("drain", resume);
          return more;
        });
        out.end();
        await written;
        return { ...received, file };
      } catch (error) {
        out.destroy();
        await written.catch(() => undefined);
        await rm(file, { force: true });
        throw error;
      }
    },
    async discard(staged) {
      if (staged.file) await rm(staged.file, { force: true });
    },
    async commit(_tx, staged, to) {
      if (!staged.file) throw ERRORS.internal("nothing staged");
      await place(staged.file, to);
    },
    async copy(_tx, from, to) {
      const temp = tempPath();
      try {
        await copyFile(pathOf(from), temp);
      } catch (error) {
        await rm(temp, { force: true });
        if ((error as FsError).code === "ENOENT") throw ERRORS.noSuchKey();
        throw error;
      }
      await place(temp, to);
    },
    async move(tx, from, to) {
      // A hard link is an instant copy; the source goes once the rows are committed.
      const temp = tempPath();
      try {
        await link(pathOf(from), temp).catch(() => copyFile(pathOf(from), temp));
      } catch (error) {
        await rm(temp, { force: true });
        if ((error as FsError).code === "ENOENT") throw ERRORS.noSuchKey();
        throw error;
      }
      await place(temp, to);
      tx.afterCommit(() => unlinkAndPrune(from));
    },
    async remove(tx, bucket, keys) {
      tx.afterCommit(async () => {
        for (const key of keys) await unlinkAndPrune({ bucket, key });
      });
    },
    async removeBucket(tx, bucket) {
      const dir = join(root, bucket);
      if (!dir.startsWith(root + sep) || bucket === STAGING) return;
      tx.afterCommit(() => rm(dir, { recursive: true, force: true }));
    },
    async open(ref) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(ref), "r");
      } catch {
        return undefined;
      }
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return undefined;
      }
      return {
        size: stats.size,
        // The open descriptor keeps reading these bytes even if an upload replaces the file.
        read: (start, end) => createReadStream("", { fd: handle, start, end, autoClose: true }),
        close: () => handle.close(),
      };
    },
  };
}
