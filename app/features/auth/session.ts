/** Session rules shared by the server and the browser (spec §4, §5, §9). */

/** The browser checks the session this often while the tab is visible. */
export const AUTO_REFRESH_TICK_MS = 30_000;
/** It refreshes once at most this many ticks remain before the access token expires. */
const AUTO_REFRESH_TICK_THRESHOLD = 3;

/** A stored session is usable only with both tokens and an expiry (spec §4). */
export function isStoredSessionValid(session: unknown): boolean {
  if (typeof session !== "object" || session === null) return false;
  const { access_token, refresh_token, expires_at } = session as Record<string, unknown>;
  return (
    typeof access_token === "string" &&
    access_token !== "" &&
    typeof refresh_token === "string" &&
    refresh_token !== "" &&
    typeof expires_at === "number" &&
    Number.isFinite(expires_at)
  );
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The claims of a JWT, decoded but NOT verified (Auth verifies); null when it is not a JWT. */
export function jwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const payload = parts[1] ?? "";
  if (!BASE64URL.test(payload)) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const decoded = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "=")));
    return typeof decoded === "object" && decoded !== null && !Array.isArray(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

/**
 * The auto-refresh decision of one tick: refresh when the token expires within
 * AUTO_REFRESH_TICK_THRESHOLD ticks (or already has). `expiresAt` is in seconds, `now` in ms.
 */
export function shouldRefresh(expiresAt: number | null | undefined, now: number): boolean {
  if (typeof expiresAt !== "number" || !Number.isFinite(expiresAt)) return true;
  const ticksLeft = Math.floor((expiresAt * 1000 - now) / AUTO_REFRESH_TICK_MS);
  return ticksLeft <= AUTO_REFRESH_TICK_THRESHOLD;
}
