import { createContext } from "react-router";

/** The CSP nonce of the response being rendered (set by the Worker, read by entry.server). */
export const cspNonceContext = createContext<string | null>(null);

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

/**
 * Whether a GET is a navigation the person made on this site — a link, form or client-side
 * navigation of our own pages (`same-origin`) or the address bar and bookmarks (`none`) — rather
 * than one another site started (`cross-site`, `same-site`) or one whose browser does not say
 * (no Fetch Metadata). A loader records an event on a GET (a proposal "viewed") only then, so a
 * link on another site cannot write.
 */
export function isOwnNavigation(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "same-origin" || site === "none";
}

/**
 * A 400 for an address carrying a NUL character (`%00`), which no page or search accepts and no
 * text column can store; null for every other address. Checked before any loader runs.
 */
export function malformedAddressRefusal(request: Request): Response | null {
  if (!/%00/.test(request.url)) return null;
  return new Response("The address contains a NUL character (%00), which no page accepts.", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A fresh nonce for the inline scripts of one response (128 random bits, base64). */
export function createCspNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The origins the browser talks to besides this site: Supabase's HTTP and its websocket (Realtime). */
function backendOrigins(supabaseUrl: string): { http: string; ws: string } {
  const http = new URL(supabaseUrl).origin;
  return { http, ws: http.replace(/^http/, "ws") };
}

/**
 * The Content-Security-Policy of the app's pages. Scripts: this site's files and the inline
 * scripts that carry this response's nonce (React Router's hydration data and modules, React's
 * streaming, the colour-scheme script). Styles allow inline: Mantine writes `style` attributes
 * and `<style>` tags. Nothing may frame the pages, and forms post only here.
 */
export function contentSecurityPolicy(nonce: string, supabaseUrl: string): string {
  const backend = backendOrigins(supabaseUrl);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${backend.http}`,
    "font-src 'self' data:",
    `connect-src 'self' ${backend.http} ${backend.ws}`,
    `media-src 'self' blob: ${backend.http}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function isLocalHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/** Features no page uses, switched off for the page and anything it embeds. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
].join(", ");

type SecurityHeaderOptions = {
  request: Request;
  /** The nonce of this response's inline scripts; no CSP without it (the Vite dev server). */
  nonce: string | null;
  supabaseUrl: string;
};

/**
 * `response` with the security headers every answer of the app carries: CSP (with the nonce),
 * `Referrer-Policy`, `Permissions-Policy`, `X-Content-Type-Options`, `X-Frame-Options` for older
 * browsers, and HSTS when served over HTTPS to a real host (never localhost, where a year of
 * HTTPS-only would break every other local server on that name).
 */
export function withSecurityHeaders(
  response: Response,
  { request, nonce, supabaseUrl }: SecurityHeaderOptions,
) {
  // Responses from fetch() have immutable headers; a copy shares the body stream.
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, supabaseUrl));
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  const url = new URL(request.url);
  if (url.protocol === "https:" && !isLocalHost(url.hostname)) {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  return secured;
}
