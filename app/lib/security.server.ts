const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request comes from another site (by Origin and Fetch Metadata). Every
 * form post and action must come from this site; with SameSite=Lax auth cookies this also closes
 * login CSRF.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  return origin === "null" || origin !== new URL(request.url).origin;
}

/** The answer to a cross-site write: 403, before React Router or any action runs. */
export function crossSiteRefusal(): Response {
  return new Response("Cross-site requests are not allowed.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
