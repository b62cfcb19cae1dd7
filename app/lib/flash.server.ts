import { readCookie } from "./cookies";

/** A one-time message for the next page (spec §8 toasts): a translation key (`ns:key`), which the root loader writes out. */
export type Flash = { kind: "success" | "error"; message: string };

const FLASH_COOKIE = "flash";

/** The Set-Cookie that carries a flash message to the next page the person sees. */
export function flashCookie(flash: Flash): string {
  return `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(flash))}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

/** Reads the request's flash message (if any) and the Set-Cookie that consumes it. */
export function takeFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const raw = readCookie(request.headers.get("Cookie"), FLASH_COOKIE);
  if (raw === null) return { flash: null, clear: null };
  const clear = `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  try {
    const value = JSON.parse(raw) as Partial<Flash>;
    const valid =
      (value.kind === "success" || value.kind === "error") &&
      typeof value.message === "string" &&
      /^[\w.:-]{1,100}$/.test(value.message);
    return { flash: valid ? (value as Flash) : null, clear };
  } catch {
    return { flash: null, clear };
  }
}
