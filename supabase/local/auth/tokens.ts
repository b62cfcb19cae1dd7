// Sessions and tokens: access tokens, refresh rotation, the /token grants, authentication, /logout.

import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { LocalConfig } from "../config.ts";
import type { Queryable } from "../db.ts";
import { header, sendEmpty, sendJson } from "../http.ts";
import { type Claims, signAccessToken, verifyJwt } from "../jwt.ts";
import { API_VERSION, AuthError, type Body, type Ctx, OAuthError, parseJsonBody, str } from "./context.ts";
import { enforceRateLimit } from "./limits.ts";
import { findUserBy, identitiesOf, isBanned, passwordMatches, type UserRow, userJson } from "./users.ts";

const FLOW_STATE_TTL_SECONDS = 300;

type SessionRow = { id: string; user_id: string; amr: { method: string; timestamp: number }[] };

const nowSeconds = () => Math.floor(Date.now() / 1000);

function randomToken(): string {
  return randomBytes(16).toString("base64url");
}

type SessionResponse = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: null;
};

async function accessToken(
  config: LocalConfig,
  user: UserRow,
  sessionId: string,
  amr: SessionRow["amr"],
): Promise<{ token: string; exp: number }> {
  const iat = nowSeconds();
  const exp = iat + config.jwtExpirySeconds;
  const token = await signAccessToken(
    {
      iss: `${config.publicUrl}/auth/v1`,
      sub: user.id,
      aud: user.aud || "authenticated",
      exp,
      iat,
      email: user.email ?? "",
      phone: user.phone ?? "",
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role || "authenticated",
      aal: "aal1",
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    config,
  );
  return { token, exp };
}

/** Starts a session for the user (sign-in, verify, PKCE exchange) and returns GoTrue's token response. */
export async function issueSession(
  q: Queryable,
  config: LocalConfig,
  userId: string,
  method: string,
  req: IncomingMessage,
): Promise<SessionResponse> {
  const sessionId = randomUUID();
  const amr = [{ method, timestamp: nowSeconds() }];
  await q.query("update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1", [userId]);
  await q.query("update auth.identities set last_sign_in_at = now() where user_id = $1", [userId]);
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, amr)
     values ($1, $2, now(), now(), 'aal1', $3, $4::jsonb)`,
    [sessionId, userId, header(req, "user-agent") ?? null, JSON.stringify(amr)],
  );
  const refreshToken = randomToken();
  await q.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, now(), now(), null, $3)`,
    [refreshToken, userId, sessionId],
  );
  const user = await findUserBy(q, "id", userId);
  if (!user) throw new AuthError(500, "unexpected_failure", "user vanished");
  const { token, exp } = await accessToken(config, user, sessionId, amr);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: config.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(q, userId)),
  };
}

type Authenticated = { claims: Claims; user: UserRow; sessionId: string | undefined };

/** GoTrue's requireAuthentication: a valid user JWT whose user and session still exist. */
export async function authenticate(ctx: Ctx): Promise<Authenticated> {
  const token = ctx.bearer;
  if (!token) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const result = await verifyJwt(token, ctx.config);
  if (!result.ok) {
    const reason =
      result.reason === "expired"
        ? "token has invalid claims: token is expired"
        : result.reason === "malformed"
          ? "token is malformed"
          : "signature is invalid";
    throw new AuthError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  const claims = result.claims;
  if (typeof claims.sub !== "string" || claims.sub === "") {
    throw new AuthError(403, "bad_jwt", "invalid claim: missing sub claim");
  }
  const sessionId = typeof claims.session_id === "string" ? claims.session_id : undefined;
  return ctx.db.tx(
    async (q) => {
      const user = await findUserBy(q, "id", String(claims.sub));
      if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
      if (sessionId) {
        // A session whose refresh tokens were all revoked (reuse of an old one: theft) has ended
        // too: GoTrue keeps its row, but here /user refuses it like a signed-out one, so a server
        // that checks sessions with /user drops a stolen session at once (local-only, README).
        const session = await q.query<{ live: boolean }>(
          `select exists (select 1 from auth.refresh_tokens where session_id = s.id and not revoked) as live
           from auth.sessions s where s.id = $1::uuid`,
          [sessionId],
        );
        if (session.rows.length === 0) {
          throw new AuthError(
            403,
            "session_not_found",
            "Session from session_id claim in JWT does not exist",
          );
        }
        if (!session.rows[0]?.live) {
          throw new AuthError(
            403,
            "session_not_found",
            "Session from session_id claim in JWT has been revoked",
          );
        }
      }
      return { claims, user, sessionId };
    },
    { readOnly: true },
  );
}

async function passwordGrant(ctx: Ctx, body: Body, onRightPassword: () => void): Promise<SessionResponse> {
  const { config, db } = ctx;
  const email = str(body.email)?.trim();
  const password = str(body.password) ?? "";
  const phoneParam = str(body.phone)?.trim();
  if (!email && !phoneParam) throw new AuthError(400, "validation_failed", "missing email or phone");
  // A phone number is looked up as GoTrue formats it ("+" and spaces dropped).
  const phone = phoneParam?.replace(/^\+/, "").replace(/[\s-]/g, "");
  const user = await db.tx(
    (q) => (email ? findUserBy(q, "email", email) : findUserBy(q, "phone", phone ?? "")),
    {
      readOnly: true,
    },
  );
  // bcrypt runs outside the database lock so slow hashing never blocks other requests.
  const valid = await passwordMatches(password, user?.encrypted_password);
  if (!user || !valid) throw new AuthError(400, "invalid_credentials", "Invalid login credentials");
  onRightPassword();
  if (isBanned(user)) throw new AuthError(400, "user_banned", "User is banned");
  if (email && !user.email_confirmed_at && config.enableConfirmations) {
    throw new AuthError(400, "email_not_confirmed", "Email not confirmed");
  }
  if (!email && !user.phone_confirmed_at && config.smsEnableConfirmations) {
    throw new AuthError(400, "phone_not_confirmed", "Phone not confirmed");
  }
  const session = await db.tx((q) => issueSession(q, config, user.id, "password", ctx.req));
  return { ...session, weak_password: null };
}

async function refreshGrant(ctx: Ctx, body: Body): Promise<SessionResponse> {
  const { config, db } = ctx;
  const token = str(body.refresh_token);
  if (!token) throw new OAuthError("invalid_request", "refresh_token required");
  const outcome = await db.tx(async (q): Promise<SessionResponse | "reused"> => {
    const found = await q.query<{
      id: string;
      token: string;
      revoked: boolean;
      updated_at: Date;
      session_id: string | null;
      user_id: string;
    }>(
      "select id, token, revoked, updated_at, session_id, user_id from auth.refresh_tokens where token = $1",
      [token],
    );
    const row = found.rows[0];
    if (!row) {
      throw new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    }
    const sessionResult = await q.query<SessionRow>(
      "select id, user_id, amr from auth.sessions where id = $1",
      [row.session_id],
    );
    const session = sessionResult.rows[0];
    if (!session) {
      throw new AuthError(400, "session_not_found", "Invalid Refresh Token: No Valid Session Found");
    }
    const user = await findUserBy(q, "id", session.user_id);
    if (!user)
      throw new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    if (isBanned(user)) throw new AuthError(400, "user_banned", "User is banned");
    let nextToken: string;
    if (row.revoked) {
      const age = (Date.now() - new Date(row.updated_at).getTime()) / 1000;
      const child = await q.query<{ token: string }>(
        "select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1",
        [session.id],
      );
      const active = child.rows[0];
      if (age > config.refreshTokenReuseIntervalSeconds || !active) {
        // Reuse outside the grace period: GoTrue treats it as theft and revokes the whole family,
        // committing the revocation before it answers the error (storage.NewCommitWithError).
        await q.query(
          "update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked",
          [session.id],
        );
        return "reused";
      }
      nextToken = active.token;
    } else {
      await q.query("update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1", [
        row.id,
      ]);
      nextToken = randomToken();
      await q.query(
        `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
         values ($1, $2, false, now(), now(), $3, $4)`,
        [nextToken, user.id, row.token, session.id],
      );
      await q.query("update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1", [
        session.id,
      ]);
    }
    const { token: jwt, exp } = await accessToken(config, user, session.id, session.amr);
    return {
      access_token: jwt,
      token_type: "bearer",
      expires_in: config.jwtExpirySeconds,
      expires_at: exp,
      refresh_token: nextToken,
      user: userJson(user, await identitiesOf(q, user.id)),
    };
  });
  if (outcome === "reused") {
    throw new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
  }
  return outcome;
}

function challengeOf(verifier: string, method: string): string {
  return method === "plain" ? verifier : createHash("sha256").update(verifier).digest("base64url");
}

async function pkceGrant(ctx: Ctx, body: Body): Promise<SessionResponse> {
  const { config, db } = ctx;
  const authCode = str(body.auth_code) ?? "";
  const verifier = str(body.code_verifier) ?? "";
  if (!authCode || !verifier) {
    throw new AuthError(
      400,
      "validation_failed",
      "invalid request: both auth code and code verifier should be non-empty",
    );
  }
  return db.tx(async (q) => {
    const found = await q.query<{
      id: string;
      user_id: string;
      code_challenge: string;
      code_challenge_method: string;
      authentication_method: string;
      created_at: Date;
      auth_code_issued_at: Date | null;
    }>("select * from auth.flow_state where auth_code = $1", [authCode]);
    const flow = found.rows[0];
    if (!flow)
      throw new AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
    const issued = new Date(flow.auth_code_issued_at ?? flow.created_at).getTime();
    if (Date.now() - issued > FLOW_STATE_TTL_SECONDS * 1000) {
      throw new AuthError(
        422,
        "flow_state_expired",
        "invalid flow state, flow state has expired. Please try again with a new code",
      );
    }
    if (challengeOf(verifier, flow.code_challenge_method.toLowerCase()) !== flow.code_challenge) {
      throw new AuthError(
        400,
        "bad_code_verifier",
        "code challenge does not match previously saved code verifier",
      );
    }
    await q.query("delete from auth.flow_state where id = $1", [flow.id]);
    const user = await findUserBy(q, "id", flow.user_id);
    if (!user) throw new AuthError(404, "user_not_found", "User not found");
    if (isBanned(user)) throw new AuthError(400, "user_banned", "User is banned");
    return issueSession(q, config, user.id, flow.authentication_method, ctx.req);
  });
}

export async function token(ctx: Ctx): Promise<void> {
  const grant = ctx.url.searchParams.get("grant_type");
  const body = await parseJsonBody(ctx);
  let session: SessionResponse;
  if (grant === "password") {
    const giveBack = await enforceRateLimit(ctx, "signInSignUps", body.email);
    session = await passwordGrant(ctx, body, giveBack);
  } else if (grant === "refresh_token") {
    await enforceRateLimit(ctx, "tokenRefresh");
    session = await refreshGrant(ctx, body);
  } else if (grant === "pkce") {
    await enforceRateLimit(ctx, "signInSignUps");
    session = await pkceGrant(ctx, body);
  } else throw new AuthError(400, "invalid_credentials", "unsupported_grant_type");
  sendJson(ctx.res, 200, session, { "X-Supabase-Api-Version": API_VERSION });
}

export async function logout(ctx: Ctx): Promise<void> {
  const scope = ctx.url.searchParams.get("scope") ?? "global";
  if (!["global", "local", "others"].includes(scope)) {
    throw new AuthError(400, "validation_failed", `Unsupported logout scope "${scope}"`);
  }
  const { user, sessionId } = await authenticate(ctx);
  await ctx.db.tx(async (q) => {
    if (scope === "global" || !sessionId) {
      await q.query("delete from auth.sessions where user_id = $1", [user.id]);
    } else if (scope === "local") {
      await q.query("delete from auth.sessions where id = $1", [sessionId]);
    } else {
      await q.query("delete from auth.sessions where user_id = $1 and id <> $2", [user.id, sessionId]);
    }
  });
  sendEmpty(ctx.res, 204, { "X-Supabase-Api-Version": API_VERSION });
}
