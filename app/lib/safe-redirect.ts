/**
 * Returns `to` when it is a path on this site, otherwise `fallback`. Refuses absolute URLs,
 * protocol-relative (`//host`) and backslash tricks (`/\host`) so a link can't send people away.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  if (to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if ([...to].some((c) => c.charCodeAt(0) < 32)) return fallback;
  return to;
}
