import { type ByteStore, type ObjectRef, openedBuffer, stageInMemory } from "./bytes.ts";
import { ERRORS } from "./errors.ts";

const id = ({ bucket, key }: ObjectRef) => `${bucket}\u0000${key}`;

/** Object bytes in a Map, for `memory://` (throw-away databases in tests and demos). */
export function memoryStore(): ByteStore {
  const objects = new Map<string, Buffer>();
  return {
    kind: "memory",
    async init() {},
    stage: stageInMemory,
    async discard() {},
    async commit(_tx, staged, to) {
      objects.set(id(to), staged.data ?? Buffer.alloc(0));
    },
    async copy(_tx, from, to) {
      const data = objects.get(id(from));
      if (!data) throw ERRORS.noSuchKey();
      objects.set(id(to), data);
    },
    async move(tx, from, to) {
      const data = objects.get(id(from));
      if (!data) throw ERRORS.noSuchKey();
      objects.set(id(to), data);
      tx.afterCommit(() => {
        objects.delete(id(from));
      });
    },
    async remove(tx, bucket, keys) {
      tx.afterCommit(() => {
        for (const key of keys) objects.delete(id({ bucket, key }));
      });
    },
    async removeBucket(tx, bucket) {
      tx.afterCommit(() => {
        for (const name of objects.keys()) if (name.startsWith(`${bucket}\u0000`)) objects.delete(name);
      });
    },
    async open(ref) {
      const data = objects.get(id(ref));
      return data ? openedBuffer(data) : undefined;
    },
  };
}
