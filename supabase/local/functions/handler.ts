import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalConfig } from "../config.ts";
import { sendJson } from "../http.ts";
import type { KeyResolution } from "../jwt.ts";

/** Edge Functions (`/functions/v1/<name>`). */
export async function handleFunctions(
  _config: LocalConfig,
  _req: IncomingMessage,
  res: ServerResponse,
  _rest: string,
  _url: URL,
  _keys: KeyResolution,
): Promise<void> {
  sendJson(res, 501, { message: "supabase/local does not implement Edge Functions yet" });
}
