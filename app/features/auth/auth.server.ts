import {
  type AuthError,
  isAuthRetryableFetchError,
  type JwtPayload,
  type Session,
} from "@supabase/supabase-js";
import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { cloudflareContext } from "~/lib/context";
import type { Profile, Supabase } from "~/lib/database";
import { getEnv } from "~/lib/env.server";
import { pageUrl } from "~/lib/page-url";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { createSupabaseServerClient, hasSessionCookie } from "~/lib/supabase.server";
import { isStoredSessionValid, jwtPayload } from "./session";
import { accessTokenKey, RecentSessionChecks } from "./session-check";
import { type AuthIdentity, type SignedInUser, toSignedInUser } from "./user";

export const SIGN_IN_PATH = "/auth/supabase/sign-in";
export const DEFAULT_SIGNED_IN_PATH = "/dashboard";

/** What every loader and action knows about the caller once the session middleware ran. */
type AuthState = {
  /** The user-scoped client; RLS decides what it may read and write. */
  supabase: Supabase;
  /** The signed-in person, or null. */
  user: SignedInUser | null;
  /** Expiry of the access token in seconds since the epoch, for the browser's keep-alive. */
  expiresAt: number | null;
  /** Expires the auth cookies on the response (after sign-out or a dead session). */
  clearSession(): void;
};

const authContext = createContext<AuthState>();

/** The profile and its firm's name in one request (the dashboard's workspace shows the name). */
const PROFILE_COLUMNS = "first_name, last_name, access_level, law_firm, plan, created_at, law_firms(name)";

/** Reads the caller's profile row; null when it cannot be read (the user stays signed in). */
async function readProfile(supabase: Supabase, userId: string): Promise<Profile | null> {
  const { data, error } = await supabase.from("users").select(PROFILE_COLUMNS).eq("uuid", userId).single();
  if (error) {
    console.error("Failed to fetch user details", error.message);
    return null;
  }
  return data;
}

/**
 * Reads the caller's profile (of the access token's subject) together with a page's own data, in
 * one request: the dashboard's shell (`dashboardProfileReader`). Null when it cannot be read.
 */
type ProfileReader = (supabase: Supabase) => Promise<Profile | null>;

/** Which reader a request's profile is read by; none: the profile alone (`readProfile`). */
export type ProfileReaderOf = (args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) => ProfileReader | null;

/** Auth could not be reached (network, 5xx): the session may be fine, so its cookies stay. */
function isOutage(error: AuthError): boolean {
  return isAuthRetryableFetchError(error) || (error.status ?? 0) >= 500;
}

type SessionRead =
  | { session: Session; identity: AuthIdentity; profile: Profile | null; key: string }
  | { session: null; dead: boolean };

/** The identity of verified claims; null when they lack a subject. */
function identityOf(claims: JwtPayload): AuthIdentity | null {
  if (typeof claims.sub !== "string" || claims.sub === "") return null;
  return {
    id: claims.sub,
    email: typeof claims.email === "string" ? claims.email : undefined,
    user_metadata: claims.user_metadata ?? {},
  };
}

/** Sessions Auth confirmed recently, in this isolate. */
const recentSessionChecks = new RecentSessionChecks();

type SessionStatus = "active" | "ended" | "unknown";

/**
 * Whether the session of `accessToken` is still live at Auth (not signed out, revoked or its user
 * deleted): `GET /auth/v1/user`, asked at most once per `ttlSeconds` per token and isolate.
 * "unknown" when Auth cannot be reached.
 */
async function sessionStatus(
  supabase: Supabase,
  accessToken: string,
  key: string,
  ttlSeconds: number,
): Promise<SessionStatus> {
  if (recentSessionChecks.isFresh(key, ttlSeconds * 1000)) return "active";
  const { error } = await supabase.auth.getUser(accessToken);
  if (error) return isOutage(error) ? "unknown" : "ended";
  recentSessionChecks.remember(key);
  return "active";
}

/**
 * The session of a request: a stored session must have both tokens, an expiry and a well-formed
 * JWT (refreshed by @supabase/ssr when expired), its access token must be genuine and its session
 * still live at Auth. Anything else is unauthenticated and `dead`, except when Auth is unreachable.
 *
 * The token's signature is verified with `getClaims` against the project's public signing keys
 * (fetched once per isolate and cached; docs/decisions/0007-verify-sessions-with-signing-keys.md);
 * whether its session was signed out or revoked only Auth knows, so it is asked too, at most once
 * per token every `AUTH_SESSION_CHECK_SECONDS` (docs/decisions/0009-sessions-checked-with-auth.md).
 */
async function readSession(
  supabase: Supabase,
  checkSeconds: number,
  reader: ProfileReader | null,
): Promise<SessionRead> {
  const { data, error } = await supabase.auth.getSession();
  const session = data.session;
  if (error) return { session: null, dead: !isOutage(error) };
  const payload = session ? jwtPayload(session.access_token) : null;
  if (!session || !isStoredSessionValid(session) || !payload) return { session: null, dead: true };
  // The profile is read alongside the checks, for the token's subject; it is kept only when the
  // token proves to be genuine and live.
  const subject = typeof payload.sub === "string" ? payload.sub : null;
  const key = await accessTokenKey(session.access_token);
  const [{ data: verified, error: claimsError }, status, profile] = await Promise.all([
    supabase.auth.getClaims(session.access_token),
    sessionStatus(supabase, session.access_token, key, checkSeconds),
    !subject ? Promise.resolve(null) : reader ? reader(supabase) : readProfile(supabase, subject),
  ]);
  if (claimsError) return { session: null, dead: !isOutage(claimsError) };
  if (status !== "active") return { session: null, dead: status === "ended" };
  const identity = verified ? identityOf(verified.claims) : null;
  if (!identity || identity.id !== subject) return { session: null, dead: true };
  return { session, identity, profile, key };
}

/**
 * Root middleware: builds the request's Supabase client, resolves the session (refreshing it when
 * needed) and writes whatever cookies that produced onto the response, so no loader or action
 * handles auth cookies by hand. A session that is missing, malformed or cannot be refreshed is
 * unauthenticated, and its cookies are cleared. `readerOf` may name the request that reads the
 * profile with its page's data (the root passes the dashboard's).
 */
export function sessionMiddleware(readerOf: ProfileReaderOf = () => null): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const server = createSupabaseServerClient(request, context);
    const env = getEnv(context.get(cloudflareContext).env as unknown as Record<string, unknown>);
    let user: SignedInUser | null = null;
    let expiresAt: number | null = null;
    let sessionKey: string | null = null;
    if (hasSessionCookie(request)) {
      const reader = readerOf({ request, context });
      const read = await readSession(server.supabase, env.AUTH_SESSION_CHECK_SECONDS, reader);
      if (read.session) {
        user = toSignedInUser(read.identity, read.profile);
        expiresAt = read.session.expires_at ?? null;
        sessionKey = read.key;
      } else if (read.dead) server.clearAuthCookies();
    }
    context.set(authContext, {
      supabase: server.supabase,
      user,
      expiresAt,
      clearSession() {
        // Signed out here: this isolate stops trusting the session at once, not after the TTL.
        if (sessionKey) recentSessionChecks.forget(sessionKey);
        server.clearAuthCookies();
      },
    });
    const response = await next();
    for (const cookie of server.cookies.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    if (server.cookies.getSetCookie().length > 0) response.headers.set("Cache-Control", "private, no-store");
    return response;
  };
}

/** The caller's auth state (set by the root's session middleware). */
export function getAuth(context: Readonly<RouterContextProvider>): AuthState {
  return context.get(authContext);
}

/** The sign-in URL that brings the person back to `request`'s page afterwards. */
function signInUrl(request: Request): string {
  const url = pageUrl(request);
  const returnTo = `${url.pathname}${url.search}`;
  return `${SIGN_IN_PATH}?${new URLSearchParams({ returnTo })}`;
}

/** Where a signed-in person goes: `returnTo` when it is a local path, else the dashboard. */
export function signedInDestination(returnTo: FormDataEntryValue | string | null | undefined): string {
  return safeRedirectPath(returnTo, DEFAULT_SIGNED_IN_PATH);
}

/** Layout middleware for protected pages: no session → the sign-in page with `returnTo`. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!getAuth(context).user) throw redirect(signInUrl(request));
  return next();
};

/**
 * Layout middleware for guest pages: a signed-in person goes to `returnTo` or the dashboard.
 * update-password is the exception: the reset link signs the person in to reach it.
 */
export const guestOnlyMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = pageUrl(request);
  if (getAuth(context).user && !url.pathname.endsWith("/update-password")) {
    throw redirect(signedInDestination(url.searchParams.get("returnTo")));
  }
  return next();
};

/** The signed-in user of a protected route (its layout already redirected everyone else). */
export function requireUser(context: Readonly<RouterContextProvider>): SignedInUser {
  const { user } = getAuth(context);
  if (!user) throw redirect(SIGN_IN_PATH);
  return user;
}
