/** Reads one cookie from a `Cookie` header; returns null when absent or undecodable. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * A first-party preference cookie (language, settings): readable by the page's script so the
 * client can mirror it, sent on every navigation so the first HTML is already right.
 */
export function preferenceCookie(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
