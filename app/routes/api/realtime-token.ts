import { data } from "react-router";
import { getAuth } from "~/features/auth/auth.server";
import type { Route } from "./+types/realtime-token";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The signed-in caller's access token for the browser's Realtime socket (live notifications), and
 * its expiry in seconds since the epoch. The session stays in HttpOnly cookies: the root's session
 * middleware has already refreshed it when it was near expiry, and the refresh token never leaves
 * the server. Without a session: 401 `{ error }`.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const auth = getAuth(context);
  const session = auth.user ? (await auth.supabase.auth.getSession()).data.session : null;
  if (!session) return data({ error: "User not authenticated" }, { status: 401, headers: NO_STORE });
  return data(
    { accessToken: session.access_token, expiresAt: session.expires_at ?? null },
    { headers: NO_STORE },
  );
}
