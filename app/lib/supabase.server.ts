import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "./context";
import { getEnv } from "./env.server";

/**
 * The user-scoped Supabase client of one request: it reads the session from the request's
 * cookies, and the cookies it (re)writes are added to `headers` for the response. Row level
 * security in the database decides what it may see and change.
 */
export function createSupabaseServerClient(request: Request, context: Readonly<RouterContextProvider>) {
  const env = getEnv(context.get(cloudflareContext).env as unknown as Record<string, unknown>);
  const headers = new Headers();
  const supabase = createServerClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    cookies: {
      getAll() {
        return parseCookieHeader(request.headers.get("Cookie") ?? "").map(({ name, value }) => ({
          name,
          value: value ?? "",
        }));
      },
      setAll(cookies) {
        for (const { name, value, options } of cookies) {
          headers.append("Set-Cookie", serializeCookieHeader(name, value, options));
        }
      },
    },
  });
  return { supabase, headers };
}
