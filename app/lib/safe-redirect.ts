/** Any origin will do: paths are resolved against it only to see where a browser would go. */
const PROBE_ORIGIN = "http://local.invalid";

/**
 * Returns `to` when it is a path on this site, otherwise `fallback`. The path is resolved as a
 * browser resolves a `Location` and returned in that resolved form, so dot segments cannot turn
 * it into a protocol-relative URL (`/.//evil` → `//evil`). Refused: anything not starting with a
 * single `/`, absolute and protocol-relative URLs, backslashes anywhere (browsers read `\` as `/`)
 * and control characters (tabs and newlines, which URL parsers drop and headers must not carry).
 */
export function safeRedirectPath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\\\u0000-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
