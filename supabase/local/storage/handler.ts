import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalConfig } from "../config.ts";
import type { Database } from "../db.ts";
import { sendJson } from "../http.ts";

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

export async function startStorage(_config: LocalConfig, _db: Database): Promise<Storage> {
  return {
    async handle(_req, res) {
      sendJson(res, 501, { message: "supabase/local does not implement Storage yet" });
    },
    async close() {},
  };
}
