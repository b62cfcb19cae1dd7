import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { LocalConfig } from "../config.ts";
import type { Database } from "../db.ts";
import { sendJson } from "../http.ts";

/** Realtime (`/realtime/v1`): the Phoenix WebSocket and the broadcast REST API. */
export type Realtime = {
  /** `/realtime/v1/api/…` (the part after `/realtime/v1` is `rest`). */
  handleHttp(
    req: IncomingMessage,
    res: ServerResponse,
    rest: string,
    url: URL,
    bearer: string | undefined,
  ): Promise<void>;
  /** The HTTP upgrade of `/realtime/v1/websocket`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
};

export async function startRealtime(_config: LocalConfig, _db: Database): Promise<Realtime> {
  return {
    async handleHttp(_req, res) {
      sendJson(res, 501, { message: "supabase/local does not implement Realtime yet" });
    },
    handleUpgrade(_req, socket) {
      socket.end("HTTP/1.1 501 Not Implemented\r\nConnection: close\r\n\r\n");
    },
    async close() {},
  };
}
