import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "./context";
import type { Database, Supabase } from "./database";
import { getEnv } from "./env.server";

/**
 * The session cookie @supabase/ssr writes, `sb-<ref>-auth-token` (maybe chunked). The PKCE verifier
 * (`…-code-verifier`) is left alone: an e-mail link opened later still needs it.
 */
const SESSION_COOKIE = /^sb-.+-auth-token(\.\d+)?$/;

/** Whether the request carries a session cookie (the PKCE verifier alone is not a session). */
export function hasSessionCookie(request: Request): boolean {
  return parseCookieHeader(request.headers.get("Cookie") ?? "").some(({ name }) => SESSION_COOKIE.test(name));
}

function isLocalhost(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
}

/** The browser's address, forwarded so Auth rate-limits per person rather than per Worker. */
function clientAddress(request: Request): string | undefined {
  const direct = request.headers.get("CF-Connecting-IP");
  if (direct) return direct;
  return request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() || undefined;
}

export type ServerSupabase = {
  supabase: Supabase;
  /** The Set-Cookie values the client wrote during this request (session refreshes, sign-in, …). */
  cookies: Headers;
  /** Expires the session cookies the request carried (a malformed or dead session). */
  clearAuthCookies(): void;
};

/**
 * The user-scoped Supabase client of one request: it reads the session from the request's
 * cookies and collects the cookies it (re)writes, which the session middleware puts on the
 * response. Auth cookies are HttpOnly (the browser never reads the tokens), SameSite=Lax, and
 * Secure everywhere but localhost. Row level security decides what the client may see and change.
 */
export function createSupabaseServerClient(
  request: Request,
  context: Readonly<RouterContextProvider>,
): ServerSupabase {
  const env = getEnv(context.get(cloudflareContext).env as unknown as Record<string, unknown>);
  const url = new URL(request.url);
  const secure = !isLocalhost(url);
  const cookies = new Headers();
  const address = clientAddress(request);
  const requestCookies = parseCookieHeader(request.headers.get("Cookie") ?? "");
  const supabase = createServerClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    cookieOptions: { httpOnly: true, secure, sameSite: "lax", path: "/" },
    global: address ? { headers: { "X-Forwarded-For": address } } : undefined,
    cookies: {
      getAll() {
        return requestCookies.map(({ name, value }) => ({ name, value: value ?? "" }));
      },
      setAll(values) {
        for (const { name, value, options } of values) {
          cookies.append(
            "Set-Cookie",
            serializeCookieHeader(name, value, { ...options, httpOnly: true, secure }),
          );
        }
      },
    },
  });
  return {
    supabase,
    cookies,
    clearAuthCookies() {
      for (const { name } of requestCookies) {
        if (!SESSION_COOKIE.test(name)) continue;
        cookies.append(
          "Set-Cookie",
          serializeCookieHeader(name, "", { path: "/", maxAge: 0, httpOnly: true, secure, sameSite: "lax" }),
        );
      }
    },
  };
}
