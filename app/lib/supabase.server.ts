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

/**
 * The browser's address as the Worker knows it, for Auth to rate-limit per person rather than per
 * Worker: Cloudflare's edge sets `CF-Connecting-IP` (replacing any a client sent), so it is
 * trusted only where the Worker runs behind the edge (`TRUST_CF_CONNECTING_IP`). Under
 * `wrangler dev` that header, like `X-Forwarded-For` anywhere, is whatever the client wrote, so
 * nothing is forwarded and Auth sees the Worker's own address.
 */
export function clientAddress(request: Request, trustCfConnectingIp: boolean): string | undefined {
  if (!trustCfConnectingIp) return undefined;
  const address = request.headers.get("CF-Connecting-IP")?.trim();
  // An IPv4 or IPv6 address and nothing else: a header value must not smuggle a list.
  return address && /^[0-9a-fA-F:.]{2,45}$/.test(address) ? address : undefined;
}

/**
 * A fetch that forwards the browser's address to Auth as Supabase's IP address forwarding expects:
 * `Sb-Forwarded-For` with the secret key as `apikey`, on `/auth/v1/` requests only. REST and
 * Storage keep the publishable key: the secret key there would run as the service role.
 */
export function forwardingAuthFetch(supabaseUrl: string, secretKey: string, address: string): typeof fetch {
  const authBase = `${supabaseUrl.replace(/\/+$/, "")}/auth/v1/`;
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(authBase)) return fetch(input, init);
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    for (const [name, value] of new Headers(init?.headers)) headers.set(name, value);
    headers.set("apikey", secretKey);
    headers.set("Sb-Forwarded-For", address);
    return fetch(input, { ...init, headers });
  };
}

type ServerSupabase = {
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
  const address = clientAddress(request, env.TRUST_CF_CONNECTING_IP);
  const requestCookies = parseCookieHeader(request.headers.get("Cookie") ?? "");
  const supabase = createServerClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    cookieOptions: { httpOnly: true, secure, sameSite: "lax", path: "/" },
    global:
      address && env.SUPABASE_SECRET_KEY
        ? { fetch: forwardingAuthFetch(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY, address) }
        : undefined,
    cookies: {
      getAll() {
        return requestCookies.map(({ name, value }) => ({ name, value: value ?? "" }));
      },
      setAll(values) {
        for (const { name, value, options } of values) {
          // A written cookie lives as long as the session may be refreshed and is renewed with
          // every refresh: @supabase/ssr always asks for 400 days, whatever cookieOptions say.
          const maxAge = options.maxAge === 0 ? 0 : env.AUTH_SESSION_COOKIE_MAX_AGE;
          cookies.append(
            "Set-Cookie",
            serializeCookieHeader(name, value, { ...options, maxAge, httpOnly: true, secure }),
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
