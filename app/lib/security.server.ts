import type { MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a state-changing request comes from another site (checked by Origin and Fetch Metadata). */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  return origin === "null" || origin !== new URL(request.url).origin;
}

/**
 * Root middleware: every form post and action must come from this site; a cross-site post gets
 * 403 and nothing runs (with SameSite=Lax auth cookies this closes login CSRF too).
 */
export const sameOriginMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isCrossSiteWrite(request)) {
    return new Response("Cross-site requests are not allowed.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return next();
};
