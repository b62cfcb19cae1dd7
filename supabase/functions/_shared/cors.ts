/** CORS headers for functions called from the browser (Supabase leaves preflights to the function). */
export const corsHeaders: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
};

/** Answers a CORS preflight, or returns undefined for any other request. */
export function preflight(request: Request): Response | undefined {
  return request.method === "OPTIONS" ? new Response("ok", { headers: corsHeaders }) : undefined;
}

/** A JSON response with the CORS headers. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(corsHeaders)) headers.set(name, value);
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify(body), { ...init, headers });
}
