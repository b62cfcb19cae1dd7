import { corsHeaders, json, preflight } from "../_shared/cors.ts";
import type { CreateHandler } from "../_shared/types.ts";

const STREAM_EVENTS = 3;
const STREAM_INTERVAL_MS = 100;

/**
 * `health`: proves the function runtime end to end. GET or POST answers
 * `{status:"ok", …}`; with `Accept: text/event-stream` it streams a few server-sent events, which
 * checks that nothing between the browser and the function buffers a stream (the AI assistant
 * depends on that). It reports which configuration is present, never the values.
 */
const createHandler: CreateHandler = (env) => async (request) => {
  const early = preflight(request);
  if (early) return early;
  if (request.method !== "GET" && request.method !== "POST") {
    return json(
      { error: "method_not_allowed", message: `Method ${request.method} is not allowed` },
      { status: 405, headers: { Allow: "GET, POST, OPTIONS" } },
    );
  }
  const report = {
    status: "ok",
    function: "health",
    time: new Date().toISOString(),
    method: request.method,
    client: request.headers.get("x-client-info"),
    configured: {
      supabaseUrl: Boolean(env.SUPABASE_URL),
      anonKey: Boolean(env.SUPABASE_ANON_KEY),
      serviceRoleKey: Boolean(env.SUPABASE_SERVICE_ROLE_KEY),
    },
  };
  if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) return json(report);
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let sent = 0;
      const next = () => {
        sent += 1;
        controller.enqueue(encoder.encode(`data: ${JSON.stringify({ ...report, seq: sent })}\n\n`));
        if (sent >= STREAM_EVENTS) controller.close();
        else timer = setTimeout(next, STREAM_INTERVAL_MS);
      };
      next();
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return new Response(body, {
    headers: { ...corsHeaders, "Content-Type": "text/event-stream", "Cache-Control": "no-cache" },
  });
};

export default createHandler;
