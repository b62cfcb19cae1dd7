import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import bcrypt from "bcryptjs";
import type { LocalConfig } from "./config.ts";
import type { Database, Queryable } from "./db.ts";
import { CORS_HEADERS, escapeHtml, HttpError, header, readBody, sendEmpty, sendJson } from "./http.ts";
import { type Claims, publicJwk, signAccessToken, verifyJwt } from "./jwt.ts";
import { deliver } from "./mailbox.ts";
import { createRateLimiter, type RateLimiter, takeAll } from "./ratelimit.ts";

/** The GoTrue release whose behaviour this follows (the one the Supabase CLI pins). */
const GOTRUE_VERSION = "v2.189.0";
const API_VERSION = "2024-01-01";
const BCRYPT_COST = 10;
const FLOW_STATE_TTL_SECONDS = 300;
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const CODE_CHALLENGE_PATTERN = /^[a-zA-Z._~0-9-]{43,128}$/;

/** An Auth error: sent in GoTrue's 2024-01-01 format (or the legacy one when the client did not ask). */
class AuthError extends Error {
  status: number;
  code: string;
  extra: Record<string, unknown>;
  headers: Record<string, string>;
  constructor(
    status: number,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

/** OAuth-shaped errors (`{"error","error_description"}`) of the token endpoint. */
class OAuthError extends Error {
  error: string;
  constructor(error: string, description: string) {
    super(description);
    this.error = error;
  }
}

type UserRow = {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
};

type IdentityRow = {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
};

type SessionRow = { id: string; user_id: string; amr: { method: string; timestamp: number }[] };

type Body = Record<string, unknown>;

type Ctx = {
  config: LocalConfig;
  db: Database;
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  url: URL;
  bearer: string | undefined;
};

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : undefined);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const sha224 = (text: string) => createHash("sha224").update(text).digest("hex");
const isConfirmed = (user: UserRow) => user.email_confirmed_at !== null || user.phone_confirmed_at !== null;
const isBanned = (user: UserRow) =>
  user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now();
const str = (value: unknown) => (typeof value === "string" ? value : undefined);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Compared against when the address is unknown or has no password, so a wrong password costs the
 * same bcrypt work either way and the answer's timing does not tell who has an account.
 */
const DUMMY_PASSWORD_HASH = bcrypt.hashSync(randomBytes(18).toString("base64"), BCRYPT_COST);

/** Whether `password` matches the stored hash; always runs one bcrypt comparison of the same cost. */
async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  const usable = typeof hash === "string" && hash.startsWith("$2");
  const matches = await bcrypt.compare(password, usable ? hash : DUMMY_PASSWORD_HASH).catch(() => false);
  return usable && matches;
}

/** GoTrue's user JSON (models.User), field order and omitempty rules included. */
function userJson(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? "",
    role: user.role ?? "",
    email: user.email ?? "",
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? "",
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
  return json;
}

async function findUserBy(q: Queryable, column: "id" | "email", value: string): Promise<UserRow | undefined> {
  const sql =
    column === "id"
      ? "select * from auth.users where id = $1::uuid"
      : "select * from auth.users where lower(email) = lower($1) and is_sso_user = false";
  if (column === "id" && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    return;
  const result = await q.query<UserRow>(sql, [value]);
  return result.rows[0];
}

async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const result = await q.query<IdentityRow>(
    "select * from auth.identities where user_id = $1 order by created_at, id",
    [userId],
  );
  return result.rows;
}

async function loadUserJson(q: Queryable, userId: string): Promise<Record<string, unknown>> {
  const user = await findUserBy(q, "id", userId);
  if (!user) throw new AuthError(404, "user_not_found", "User not found");
  return userJson(user, await identitiesOf(q, userId));
}

function validateEmail(value: unknown): string {
  const email = str(value)?.trim() ?? "";
  if (email === "") throw new AuthError(400, "validation_failed", "An email address is required");
  if (email.length > 255) throw new AuthError(400, "validation_failed", "An email address is too long");
  if (!EMAIL_PATTERN.test(email)) {
    throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
  }
  return email.toLowerCase();
}

function checkPasswordStrength(config: LocalConfig, password: string): void {
  if (password.length > 72) {
    throw new AuthError(400, "validation_failed", "Password cannot be longer than 72 characters");
  }
  if ([...password].length < config.minimumPasswordLength) {
    throw new AuthError(
      422,
      "weak_password",
      `Password should be at least ${config.minimumPasswordLength} characters.`,
      { weak_password: { reasons: ["length"] } },
    );
  }
}

type Pkce = { challenge: string; method: "s256" | "plain" } | undefined;

function pkceParams(body: Body): Pkce {
  const challenge = str(body.code_challenge) ?? "";
  const method = (str(body.code_challenge_method) ?? "").toLowerCase();
  if (!challenge && !method) return undefined;
  if (!challenge || !method) {
    throw new AuthError(
      400,
      "validation_failed",
      "PKCE flow requires code_challenge_method and code_challenge",
    );
  }
  if (method !== "s256" && method !== "plain") {
    throw new AuthError(400, "validation_failed", `code challenge method ${method} not supported`);
  }
  if (!CODE_CHALLENGE_PATTERN.test(challenge)) {
    throw new AuthError(
      400,
      "validation_failed",
      "code challenge has to be between 43 and 128 characters and contain only unreserved characters",
    );
  }
  return { challenge, method };
}

function redirectTarget(config: LocalConfig, requested: string | null | undefined): string {
  if (!requested) return config.siteUrl;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return config.siteUrl;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return config.siteUrl;
  const site = new URL(config.siteUrl);
  const localHosts = ["localhost", "127.0.0.1", "[::1]"];
  const allowed =
    url.origin === site.origin ||
    localHosts.includes(url.hostname) ||
    config.additionalRedirectUrls.some((prefix) => requested.startsWith(prefix.replace(/\*\*?$/, "")));
  return allowed ? requested : config.siteUrl;
}

function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Creates a token for an e-mail link: returns the OTP, and the hash stored (pkce_-prefixed in PKCE flows). */
function newEmailToken(email: string, pkce: Pkce): { otp: string; stored: string } {
  const otp = newOtp();
  const hash = sha224(email + otp);
  return { otp, stored: pkce ? `pkce_${hash}` : hash };
}

async function createFlowState(
  q: Queryable,
  userId: string,
  pkce: NonNullable<Pkce>,
  method: string,
): Promise<void> {
  await q.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, method],
  );
}

type MailKind = "signup" | "recovery" | "magiclink" | "email_change";

const TEMPLATES: Record<MailKind, { subject: string; heading: string; lead: string; action: string }> = {
  signup: {
    subject: "Confirm Your Email",
    heading: "Confirm your email",
    lead: "Follow this link to confirm your email:",
    action: "Confirm your email address",
  },
  recovery: {
    subject: "Reset Your Password",
    heading: "Reset Password",
    lead: "Follow this link to reset the password for your user:",
    action: "Reset Password",
  },
  magiclink: {
    subject: "Your Magic Link",
    heading: "Magic Link",
    lead: "Follow this link to login:",
    action: "Log In",
  },
  email_change: {
    subject: "Confirm Email Change",
    heading: "Confirm Change of Email",
    lead: "Follow this link to confirm the update of your email:",
    action: "Change Email",
  },
};

function verifyUrl(config: LocalConfig, token: string, type: MailKind, redirectTo: string): string {
  const params = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${config.publicUrl}/auth/v1/verify?${params.toString()}`;
}

async function sendAuthMail(
  q: Queryable,
  config: LocalConfig,
  kind: MailKind,
  to: string,
  token: { otp: string; stored: string },
  redirectTo: string,
  lead?: string,
): Promise<void> {
  const template = TEMPLATES[kind];
  const link = verifyUrl(config, token.stored, kind, redirectTo);
  const text = lead ?? template.lead;
  await deliver(q, {
    to,
    subject: template.subject,
    html: `<h2>${template.heading}</h2>
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(link)}">${template.action}</a></p>
<p>Alternatively, enter the code: ${token.otp}</p>`,
    text: `${template.heading}\n\n${text}\n${link}\n\nAlternatively, enter the code: ${token.otp}\n`,
  });
}

function assertFrequency(config: LocalConfig, sentAt: Date | null): void {
  if (!sentAt || config.emailMaxFrequencySeconds === 0) return;
  const elapsed = (Date.now() - new Date(sentAt).getTime()) / 1000;
  if (elapsed < config.emailMaxFrequencySeconds) {
    const wait = Math.ceil(config.emailMaxFrequencySeconds - elapsed);
    throw new AuthError(
      429,
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
}

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
async function issueSession(
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

async function parseJsonBody(ctx: Ctx): Promise<Body> {
  const raw = await readBody(
    ctx.req,
    ctx.config.maxBodyBytes,
    () => new HttpError(413, { code: "request_too_large", message: "Request body is too large" }),
  );
  if (raw.length === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch (error) {
    throw new AuthError(400, "bad_json", `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (!isObject(body))
    throw new AuthError(400, "bad_json", "Could not parse request body as JSON: not an object");
  return body;
}

type Authenticated = { claims: Claims; user: UserRow; sessionId: string | undefined };

/** GoTrue's requireAuthentication: a valid user JWT whose user and session still exist. */
async function authenticate(ctx: Ctx): Promise<Authenticated> {
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

async function requireAdmin(ctx: Ctx): Promise<void> {
  const token = ctx.bearer;
  if (!token) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const result = await verifyJwt(token, ctx.config);
  if (!result.ok) {
    throw new AuthError(
      403,
      "bad_jwt",
      "invalid JWT: unable to parse or verify signature, signature is invalid",
    );
  }
  if (result.claims.role !== "service_role") throw new AuthError(403, "not_admin", "User not allowed");
}

async function insertUser(
  q: Queryable,
  fields: {
    email: string;
    password: string | undefined;
    /** The password's bcrypt hash when the caller already computed it (outside the transaction). */
    passwordHash?: string;
    userMetadata: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
    confirmed: boolean;
    role?: string;
  },
): Promise<string> {
  const id = randomUUID();
  const hash =
    fields.passwordHash ??
    (fields.password === undefined ? null : await bcrypt.hash(fields.password, BCRYPT_COST));
  const appMetadata = { provider: "email", providers: ["email"], ...(fields.appMetadata ?? {}) };
  const userMetadata = fields.confirmed
    ? { ...fields.userMetadata, email_verified: true }
    : fields.userMetadata;
  try {
    await q.exec("savepoint insert_user");
    await q.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
         email_change_token_new, email_change, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
         case when $5::boolean then now() end, $6::jsonb, $7::jsonb, now(), now(), '', '', '', '', false)`,
      [
        id,
        fields.role ?? "authenticated",
        fields.email,
        hash,
        fields.confirmed,
        JSON.stringify(appMetadata),
        JSON.stringify(userMetadata),
      ],
    );
    const identityData = {
      ...fields.userMetadata,
      sub: id,
      email: fields.email,
      email_verified: fields.confirmed,
      phone_verified: false,
    };
    await q.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1, $2, $3::jsonb, 'email', now(), now())`,
      [id, id, JSON.stringify(identityData)],
    );
    await q.exec("release savepoint insert_user");
  } catch (error) {
    await q.exec("rollback to savepoint insert_user");
    console.error("[supabase/local] creating a user failed:", (error as Error).message);
    throw new AuthError(500, "unexpected_failure", "Database error saving new user");
  }
  return id;
}

async function confirmEmail(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where id = $1`,
    [userId],
  );
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

// ---------------------------------------------------------------------------------------------
// Rate limits (GoTrue's [auth.rate_limit] per client IP, plus a local-only limit per IP and address)

type Limiters = {
  signInSignUps: RateLimiter;
  tokenVerifications: RateLimiter;
  tokenRefresh: RateLimiter;
  perAddress: RateLimiter;
};
type IpBucket = Exclude<keyof Limiters, "perAddress">;

/** One set per server: each startLocalSupabase builds its own config object. */
const limitersByConfig = new WeakMap<LocalConfig, Limiters>();

function limitersOf(config: LocalConfig): Limiters {
  let limiters = limitersByConfig.get(config);
  if (!limiters) {
    const windowMs = config.rateLimitWindowSeconds * 1000;
    limiters = {
      signInSignUps: createRateLimiter({ max: config.rateLimitSignInSignUps, windowMs }),
      tokenVerifications: createRateLimiter({ max: config.rateLimitTokenVerifications, windowMs }),
      tokenRefresh: createRateLimiter({ max: config.rateLimitTokenRefresh, windowMs }),
      perAddress: createRateLimiter({ max: config.rateLimitPerAddress, windowMs }),
    };
    limitersByConfig.set(config, limiters);
  }
  return limiters;
}

/** The request's API key, from the header or the query (as the gateway reads it). */
function apiKeyOf(ctx: Ctx): string | undefined {
  return header(ctx.req, "apikey") ?? ctx.url.searchParams.get("apikey") ?? undefined;
}

/**
 * The client address a server forwards with `Sb-Forwarded-For` (hosted Supabase's "IP address
 * forwarding"): trusted only on a request made with the project's secret key, which only the
 * app's server holds. Its first value must be an IP address. Anything a browser can send
 * (`X-Forwarded-For`, `CF-Connecting-IP`, `Sb-Forwarded-For` with the publishable key) is ignored.
 */
function forwardedAddress(ctx: Ctx): string | undefined {
  if (apiKeyOf(ctx) !== ctx.config.secretKey) return undefined;
  const first = header(ctx.req, "sb-forwarded-for")?.split(",")[0]?.trim() ?? "";
  return isIP(first) ? normalizeIp(first) : undefined;
}

function normalizeIp(ip: string): string {
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").toLowerCase();
}

/** The connection's peer: the caller's IP when no trusted `Sb-Forwarded-For` names another. */
function peerIp(req: IncomingMessage): string {
  return normalizeIp(req.socket.remoteAddress ?? "unknown");
}

/** GoTrue skips its limiters for the service role (admin calls, server-side code with the secret key). */
async function isServiceRole(ctx: Ctx): Promise<boolean> {
  const token = ctx.bearer;
  if (!token) return false;
  if (token === ctx.config.serviceRoleKey) return true;
  const result = await verifyJwt(token, ctx.config);
  return result.ok && result.claims.role === "service_role";
}

/**
 * Counts this request against the client IP's bucket and, when an e-mail address is given, the
 * bucket of that address from that IP (so nobody elsewhere can lock the owner out); over either
 * limit it throws GoTrue's 429 before any work is done, and the refused request is not counted.
 * Every other attempt counts, successful or not; the returned function gives the address's
 * request back (a password sign-in that turned out right). The service role is not limited unless
 * it sends `Sb-Forwarded-For`: then it counts for that client (or for the peer, when malformed).
 */
async function enforceRateLimit(
  ctx: Ctx,
  bucket: IpBucket | undefined,
  address?: unknown,
): Promise<() => void> {
  const forwarding = header(ctx.req, "sb-forwarded-for") !== undefined;
  if (!forwarding && (await isServiceRole(ctx))) return () => undefined;
  const limiters = limitersOf(ctx.config);
  const ip = forwardedAddress(ctx) ?? peerIp(ctx.req);
  const hits: [RateLimiter, string][] = [];
  if (bucket) hits.push([limiters[bucket], ip]);
  const email = str(address)?.trim().toLowerCase();
  const addressKey = email ? `${ip} ${email.slice(0, 320)}` : undefined;
  if (addressKey) hits.push([limiters.perAddress, addressKey]);
  const waitMs = takeAll(hits);
  if (waitMs === 0) return () => (addressKey ? limiters.perAddress.give(addressKey) : undefined);
  throw new AuthError(
    429,
    "over_request_rate_limit",
    "Request rate limit reached",
    {},
    { "Retry-After": String(Math.max(1, Math.ceil(waitMs / 1000))) },
  );
}

// ---------------------------------------------------------------------------------------------
// Endpoints

async function signup(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const body = await parseJsonBody(ctx);
  await enforceRateLimit(ctx, "signInSignUps", body.email);
  if (body.email === undefined && body.phone === undefined) {
    throw new AuthError(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled");
  }
  if (body.phone !== undefined && body.email === undefined) {
    throw new AuthError(422, "phone_provider_disabled", "Phone signups are disabled");
  }
  const email = validateEmail(body.email);
  const password = str(body.password);
  if (!password) throw new AuthError(400, "validation_failed", "Signup requires a valid password");
  checkPasswordStrength(config, password);
  const data = isObject(body.data) ? body.data : {};
  const pkce = pkceParams(body);
  const redirectTo = redirectTarget(config, ctx.url.searchParams.get("redirect_to"));
  // Hashed for every sign-up, outside the database lock: a registered address answers no faster
  // than a new one (no enumeration by timing).
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);

  const result = await db.tx(async (q) => {
    const existing = await findUserBy(q, "email", email);
    if (existing && isConfirmed(existing)) {
      if (!config.enableConfirmations) {
        throw new AuthError(422, "user_already_exists", "User already registered");
      }
      // GoTrue's sanitizeUser: the caller cannot tell a registered address from a new one.
      const now = new Date().toISOString();
      return {
        kind: "user" as const,
        body: {
          id: randomUUID(),
          aud: "authenticated",
          role: "",
          email,
          phone: "",
          confirmation_sent_at: now,
          app_metadata: { provider: "email", providers: ["email"] },
          user_metadata: data,
          identities: [],
          created_at: now,
          updated_at: now,
          is_anonymous: false,
        },
      };
    }
    let userId: string;
    if (existing) {
      userId = existing.id;
    } else {
      userId = await insertUser(q, {
        email,
        password,
        passwordHash,
        userMetadata: data,
        confirmed: !config.enableConfirmations,
      });
    }
    if (!config.enableConfirmations) {
      return { kind: "session" as const, body: await issueSession(q, config, userId, "password", ctx.req) };
    }
    if (existing) assertFrequency(config, existing.confirmation_sent_at);
    const token = newEmailToken(email, pkce);
    await q.query(
      "update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1",
      [userId, token.stored],
    );
    if (pkce) await createFlowState(q, userId, pkce, "email/signup");
    await sendAuthMail(q, config, "signup", email, token, redirectTo);
    return { kind: "user" as const, body: await loadUserJson(q, userId) };
  });
  sendJson(ctx.res, 200, result.body, { "X-Supabase-Api-Version": API_VERSION });
}

async function passwordGrant(ctx: Ctx, body: Body, onRightPassword: () => void): Promise<SessionResponse> {
  const { config, db } = ctx;
  const email = str(body.email)?.trim();
  const password = str(body.password) ?? "";
  if (!email) {
    if (str(body.phone)) throw new AuthError(400, "invalid_credentials", "Invalid login credentials");
    throw new AuthError(400, "validation_failed", "missing email or phone");
  }
  const user = await db.tx((q) => findUserBy(q, "email", email), { readOnly: true });
  // bcrypt runs outside the database lock so slow hashing never blocks other requests.
  const valid = await passwordMatches(password, user?.encrypted_password);
  if (!user || !valid) throw new AuthError(400, "invalid_credentials", "Invalid login credentials");
  onRightPassword();
  if (isBanned(user)) throw new AuthError(400, "user_banned", "User is banned");
  if (!user.email_confirmed_at && config.enableConfirmations) {
    throw new AuthError(400, "email_not_confirmed", "Email not confirmed");
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

async function token(ctx: Ctx): Promise<void> {
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

async function getUser(ctx: Ctx): Promise<void> {
  const { user } = await authenticate(ctx);
  const identities = await ctx.db.tx((q) => identitiesOf(q, user.id), { readOnly: true });
  sendJson(ctx.res, 200, userJson(user, identities), { "X-Supabase-Api-Version": API_VERSION });
}

async function updateUser(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const { user } = await authenticate(ctx);
  const body = await parseJsonBody(ctx);
  if (body.app_metadata !== undefined)
    throw new AuthError(403, "not_admin", "Updating app_metadata requires admin privileges");
  const password = str(body.password);
  const newEmail = body.email !== undefined ? validateEmail(body.email) : undefined;
  const data = body.data;
  if (data !== undefined && data !== null && !isObject(data)) {
    throw new AuthError(400, "validation_failed", "Could not parse user metadata");
  }
  if (password !== undefined) checkPasswordStrength(config, password);
  let newHash: string | undefined;
  if (password !== undefined) {
    if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
      throw new AuthError(422, "same_password", "New password should be different from the old password.");
    }
    newHash = await bcrypt.hash(password, BCRYPT_COST);
  }
  const pkce = pkceParams(body);
  const redirectTo = redirectTarget(config, ctx.url.searchParams.get("redirect_to"));
  const json = await db.tx(async (q) => {
    if (isObject(data)) {
      const merged: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) };
      for (const [key, value] of Object.entries(data)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      await q.query(
        "update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1",
        [user.id, JSON.stringify(merged)],
      );
    }
    if (newHash !== undefined) {
      await q.query("update auth.users set encrypted_password = $2, updated_at = now() where id = $1", [
        user.id,
        newHash,
      ]);
    }
    if (newEmail !== undefined && newEmail !== (user.email ?? "").toLowerCase()) {
      const taken = await findUserBy(q, "email", newEmail);
      if (taken) {
        throw new AuthError(
          422,
          "email_exists",
          "A user with this email address has already been registered",
        );
      }
      assertFrequency(config, user.email_change_sent_at);
      const forNew = newEmailToken(newEmail, pkce);
      const forCurrent = newEmailToken(user.email ?? "", pkce);
      await q.query(
        `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
           email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1`,
        [user.id, newEmail, forNew.stored, user.email ? forCurrent.stored : ""],
      );
      if (pkce) await createFlowState(q, user.id, pkce, "email_change");
      const lead = `Follow this link to confirm the update of your email from ${user.email} to ${newEmail}:`;
      await sendAuthMail(q, config, "email_change", newEmail, forNew, redirectTo, lead);
      if (user.email) await sendAuthMail(q, config, "email_change", user.email, forCurrent, redirectTo, lead);
    }
    return loadUserJson(q, user.id);
  });
  sendJson(ctx.res, 200, json, { "X-Supabase-Api-Version": API_VERSION });
}

async function logout(ctx: Ctx): Promise<void> {
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

async function recover(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const body = await parseJsonBody(ctx);
  await enforceRateLimit(ctx, "signInSignUps", body.email);
  if (!str(body.email)) throw new AuthError(400, "validation_failed", "Password recovery requires an email");
  const email = validateEmail(body.email);
  const pkce = pkceParams(body);
  const redirectTo = redirectTarget(config, ctx.url.searchParams.get("redirect_to"));
  await db.tx(async (q) => {
    const user = await findUserBy(q, "email", email);
    if (!user) return;
    assertFrequency(config, user.recovery_sent_at);
    const mailToken = newEmailToken(email, pkce);
    await q.query(
      "update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1",
      [user.id, mailToken.stored],
    );
    if (pkce) await createFlowState(q, user.id, pkce, "recovery");
    await sendAuthMail(q, config, "recovery", email, mailToken, redirectTo);
  });
  sendJson(ctx.res, 200, {}, { "X-Supabase-Api-Version": API_VERSION });
}

async function otp(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const body = await parseJsonBody(ctx);
  await enforceRateLimit(ctx, "signInSignUps", body.email);
  if (body.email === undefined) {
    throw new AuthError(422, "phone_provider_disabled", "Unsupported phone provider");
  }
  const email = validateEmail(body.email);
  const pkce = pkceParams(body);
  const createUser = body.create_user !== false;
  const data = isObject(body.data) ? body.data : {};
  const redirectTo = redirectTarget(config, ctx.url.searchParams.get("redirect_to"));
  await db.tx(async (q) => {
    const user = await findUserBy(q, "email", email);
    if (!user) {
      if (!createUser) throw new AuthError(422, "otp_disabled", "Signups not allowed for otp");
      const userId = await insertUser(q, {
        email,
        password: undefined,
        userMetadata: data,
        confirmed: false,
      });
      const mailToken = newEmailToken(email, pkce);
      await q.query(
        "update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1",
        [userId, mailToken.stored],
      );
      if (pkce) await createFlowState(q, userId, pkce, "email/signup");
      await sendAuthMail(q, config, "signup", email, mailToken, redirectTo);
      return;
    }
    assertFrequency(config, user.recovery_sent_at);
    const mailToken = newEmailToken(email, pkce);
    await q.query(
      "update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1",
      [user.id, mailToken.stored],
    );
    if (pkce) await createFlowState(q, user.id, pkce, "magiclink");
    await sendAuthMail(q, config, "magiclink", email, mailToken, redirectTo);
  });
  sendJson(ctx.res, 200, {}, { "X-Supabase-Api-Version": API_VERSION });
}

async function resend(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const body = await parseJsonBody(ctx);
  await enforceRateLimit(ctx, "signInSignUps", body.email);
  const type = str(body.type);
  if (!type || !["signup", "email_change", "sms", "phone_change"].includes(type)) {
    throw new AuthError(
      400,
      "validation_failed",
      "Missing one of these types: signup, email_change, sms, phone_change",
    );
  }
  if (type === "sms" || type === "phone_change") {
    throw new AuthError(422, "phone_provider_disabled", "Unsupported phone provider");
  }
  const email = validateEmail(body.email);
  const pkce = pkceParams(body);
  const redirectTo = redirectTarget(config, ctx.url.searchParams.get("redirect_to"));
  await db.tx(async (q) => {
    if (type === "signup") {
      const user = await findUserBy(q, "email", email);
      if (!user || user.email_confirmed_at) return;
      assertFrequency(config, user.confirmation_sent_at);
      const mailToken = newEmailToken(email, pkce);
      await q.query(
        "update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1",
        [user.id, mailToken.stored],
      );
      if (pkce) await createFlowState(q, user.id, pkce, "email/signup");
      await sendAuthMail(q, config, "signup", email, mailToken, redirectTo);
      return;
    }
    const found = await q.query<UserRow>("select * from auth.users where lower(email_change) = lower($1)", [
      email,
    ]);
    const user = found.rows[0];
    if (!user) return;
    assertFrequency(config, user.email_change_sent_at);
    const mailToken = newEmailToken(email, pkce);
    await q.query(
      "update auth.users set email_change_token_new = $2, email_change_sent_at = now() where id = $1",
      [user.id, mailToken.stored],
    );
    await sendAuthMail(q, config, "email_change", email, mailToken, redirectTo);
  });
  sendJson(ctx.res, 200, {}, { "X-Supabase-Api-Version": API_VERSION });
}

type VerifyOutcome =
  | { kind: "session"; userId: string; method: string; type: string; pkce: boolean }
  | { kind: "partial"; message: string };

const VERIFY_TYPES = ["signup", "invite", "recovery", "magiclink", "email", "email_change"];

/** Finds the user a token belongs to and applies the verification (GoTrue verify.go). */
async function applyVerification(
  q: Queryable,
  type: string,
  hash: string,
  config: LocalConfig,
): Promise<VerifyOutcome | undefined> {
  const plain = hash.replace(/^pkce_/, "");
  const candidates = [plain, `pkce_${plain}`];
  const lookup = async (column: "confirmation_token" | "recovery_token" | "email_change") => {
    const sql = {
      confirmation_token: "select * from auth.users where confirmation_token in ($1, $2)",
      recovery_token: "select * from auth.users where recovery_token in ($1, $2)",
      email_change:
        "select * from auth.users where email_change_token_new in ($1, $2) or email_change_token_current in ($1, $2)",
    }[column];
    return (await q.query<UserRow>(sql, candidates)).rows[0];
  };
  const fresh = (sentAt: Date | null) =>
    sentAt !== null && Date.now() - new Date(sentAt).getTime() < config.otpExpirySeconds * 1000;
  const isPkce = (stored: string | null) => (stored ?? "").startsWith("pkce_");

  if (type === "signup" || type === "invite" || type === "email") {
    const user = await lookup("confirmation_token");
    if (user && fresh(user.confirmation_sent_at)) {
      await confirmEmail(q, user.id);
      return {
        kind: "session",
        userId: user.id,
        method: "otp",
        type: "signup",
        pkce: isPkce(user.confirmation_token),
      };
    }
    if (type !== "email") return undefined;
  }
  if (type === "recovery" || type === "magiclink" || type === "email") {
    const user = await lookup("recovery_token");
    if (!user || !fresh(user.recovery_sent_at)) return undefined;
    await q.query("update auth.users set recovery_token = '', updated_at = now() where id = $1", [user.id]);
    if (!user.email_confirmed_at) await confirmEmail(q, user.id);
    const kind = type === "recovery" ? "recovery" : "magiclink";
    return { kind: "session", userId: user.id, method: "otp", type: kind, pkce: isPkce(user.recovery_token) };
  }
  if (type === "email_change") {
    const user = await lookup("email_change");
    if (!user || !fresh(user.email_change_sent_at) || !user.email_change) return undefined;
    const matchedNew = candidates.includes(user.email_change_token_new ?? "");
    const pkce = isPkce(matchedNew ? user.email_change_token_new : user.email_change_token_current);
    const otherPending = matchedNew ? user.email_change_token_current : user.email_change_token_new;
    if (otherPending && (user.email_change_confirm_status ?? 0) === 0) {
      await q.query(
        `update auth.users set email_change_confirm_status = 1,
           ${matchedNew ? "email_change_token_new" : "email_change_token_current"} = '' where id = $1`,
        [user.id],
      );
      return {
        kind: "partial",
        message: "Confirmation link accepted. Please proceed to confirm link sent to the other email",
      };
    }
    await q.query(
      `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
         email_change_token_current = '', email_change_confirm_status = 0, updated_at = now() where id = $1`,
      [user.id],
    );
    await q.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
         updated_at = now() where user_id = $1 and provider = 'email'`,
      [user.id, user.email_change],
    );
    return { kind: "session", userId: user.id, method: "email_change", type: "email_change", pkce };
  }
  return undefined;
}

async function verifyPost(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const body = await parseJsonBody(ctx);
  await enforceRateLimit(ctx, "tokenVerifications");
  const type = str(body.type) ?? "";
  const otpToken = str(body.token);
  const tokenHash = str(body.token_hash);
  if ((otpToken && tokenHash) || (!otpToken && !tokenHash)) {
    throw new AuthError(400, "validation_failed", "Verify requires either a token or a token hash");
  }
  if (!VERIFY_TYPES.includes(type)) {
    throw new AuthError(400, "validation_failed", `Verify requires a verification type`);
  }
  let hash: string;
  if (otpToken) {
    if (!str(body.email))
      throw new AuthError(
        400,
        "validation_failed",
        "Only an email address or phone number should be provided on verify",
      );
    hash = sha224(validateEmail(body.email) + otpToken);
  } else {
    hash = tokenHash ?? "";
  }
  const result = await db.tx(async (q) => {
    const outcome = await applyVerification(q, type, hash, config);
    if (!outcome) {
      throw new AuthError(
        403,
        "otp_expired",
        tokenHash ? "Email link is invalid or has expired" : "Token has expired or is invalid",
      );
    }
    if (outcome.kind === "partial") return { msg: outcome.message, code: "200" };
    const user = await findUserBy(q, "id", outcome.userId);
    if (user && isBanned(user)) throw new AuthError(403, "user_banned", "User is banned");
    return issueSession(q, config, outcome.userId, outcome.method, ctx.req);
  });
  sendJson(ctx.res, 200, result, { "X-Supabase-Api-Version": API_VERSION });
}

function redirectWith(
  res: ServerResponse,
  target: string,
  query: URLSearchParams | null,
  fragment: URLSearchParams,
) {
  const url = new URL(target);
  if (query) for (const [key, value] of query) url.searchParams.set(key, value);
  const sorted = new URLSearchParams([...fragment].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  url.hash = sorted.toString();
  res.writeHead(303, { ...CORS_HEADERS, Location: url.toString() });
  res.end();
}

async function verifyGet(ctx: Ctx): Promise<void> {
  const { config, db, url } = ctx;
  await enforceRateLimit(ctx, "tokenVerifications");
  const type = url.searchParams.get("type") ?? "";
  const tokenParam = url.searchParams.get("token") ?? "";
  const redirectTo = redirectTarget(config, url.searchParams.get("redirect_to"));
  const pkceFlow = tokenParam.startsWith("pkce_");
  const fail = (description: string) => {
    const params = new URLSearchParams({
      error: "access_denied",
      error_code: "otp_expired",
      error_description: description,
    });
    const fragment = new URLSearchParams(params);
    fragment.set("sb", "");
    redirectWith(ctx.res, redirectTo, pkceFlow ? params : null, fragment);
  };
  if (!tokenParam || !VERIFY_TYPES.includes(type)) {
    fail("Email link is invalid or has expired");
    return;
  }
  const outcome = await db.tx(async (q) => {
    const applied = await applyVerification(q, type, tokenParam, config);
    if (!applied) return { kind: "error" as const };
    if (applied.kind === "partial") return { kind: "partial" as const, message: applied.message };
    if (applied.pkce) {
      const method = applied.type === "signup" ? "email/signup" : applied.type;
      const flow = await q.query<{ id: string; auth_code: string }>(
        `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
         order by created_at desc limit 1`,
        [applied.userId, method],
      );
      const row = flow.rows[0];
      if (!row) return { kind: "error" as const };
      await q.query(
        "update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1",
        [row.id],
      );
      return { kind: "code" as const, code: row.auth_code };
    }
    const session = await issueSession(q, config, applied.userId, applied.method, ctx.req);
    return { kind: "session" as const, session, type: applied.type };
  });
  if (outcome.kind === "error") {
    fail("Email link is invalid or has expired");
  } else if (outcome.kind === "partial") {
    redirectWith(ctx.res, redirectTo, null, new URLSearchParams({ message: outcome.message, sb: "" }));
  } else if (outcome.kind === "code") {
    redirectWith(ctx.res, redirectTo, new URLSearchParams({ code: outcome.code }), new URLSearchParams());
  } else {
    const { session } = outcome;
    redirectWith(
      ctx.res,
      redirectTo,
      null,
      new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: "",
        token_type: "bearer",
        type: outcome.type,
      }),
    );
  }
}

// Admin API (service role only).

function banUntil(duration: unknown): Date | null | undefined {
  if (duration === undefined) return undefined;
  if (duration === "none") return null;
  const match = typeof duration === "string" ? /^(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)$/.exec(duration) : null;
  if (!match) throw new AuthError(400, "validation_failed", "invalid format for ban duration");
  const factor: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1e3, m: 6e4, h: 3.6e6 };
  return new Date(Date.now() + Number(match[1]) * (factor[match[2] ?? "s"] ?? 1000));
}

async function adminCreateUser(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const body = await parseJsonBody(ctx);
  if (body.email === undefined) {
    throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
  }
  const email = validateEmail(body.email);
  const password = str(body.password);
  if (password !== undefined) checkPasswordStrength(config, password);
  const userMetadata = isObject(body.user_metadata) ? body.user_metadata : {};
  const appMetadata = isObject(body.app_metadata) ? body.app_metadata : {};
  const banned = banUntil(body.ban_duration);
  const json = await db.tx(async (q) => {
    if (await findUserBy(q, "email", email)) {
      throw new AuthError(422, "email_exists", "A user with this email address has already been registered");
    }
    const id = await insertUser(q, {
      email,
      password,
      userMetadata,
      appMetadata,
      confirmed: body.email_confirm === true,
      role: str(body.role),
    });
    if (banned) await q.query("update auth.users set banned_until = $2 where id = $1", [id, banned]);
    return loadUserJson(q, id);
  });
  sendJson(ctx.res, 200, json, { "X-Supabase-Api-Version": API_VERSION });
}

async function adminListUsers(ctx: Ctx): Promise<void> {
  const page = Math.max(1, Number.parseInt(ctx.url.searchParams.get("page") ?? "1", 10) || 1);
  const perPage = Math.min(
    1000,
    Math.max(1, Number.parseInt(ctx.url.searchParams.get("per_page") ?? "50", 10) || 50),
  );
  const { users, total } = await ctx.db.tx(
    async (q) => {
      const count = await q.query<{ n: number | string }>("select count(*)::int as n from auth.users");
      const rows = await q.query<UserRow>(
        "select * from auth.users order by created_at desc, id limit $1 offset $2",
        [perPage, (page - 1) * perPage],
      );
      const list = [];
      for (const row of rows.rows) list.push(userJson(row, await identitiesOf(q, row.id)));
      return { users: list, total: Number(count.rows[0]?.n ?? 0) };
    },
    { readOnly: true },
  );
  const last = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
  sendJson(
    ctx.res,
    200,
    { users, aud: "authenticated" },
    { "X-Supabase-Api-Version": API_VERSION, "X-Total-Count": String(total), Link: links.join(", ") },
  );
}

async function adminGetUser(ctx: Ctx, id: string): Promise<void> {
  const json = await ctx.db.tx((q) => loadUserJson(q, id), { readOnly: true });
  sendJson(ctx.res, 200, json, { "X-Supabase-Api-Version": API_VERSION });
}

async function adminUpdateUser(ctx: Ctx, id: string): Promise<void> {
  const { config, db } = ctx;
  const body = await parseJsonBody(ctx);
  const email = body.email !== undefined ? validateEmail(body.email) : undefined;
  const password = str(body.password);
  if (password !== undefined) checkPasswordStrength(config, password);
  const hash = password !== undefined ? await bcrypt.hash(password, BCRYPT_COST) : undefined;
  const banned = banUntil(body.ban_duration);
  const json = await db.tx(async (q) => {
    const user = await findUserBy(q, "id", id);
    if (!user) throw new AuthError(404, "user_not_found", "User not found");
    if (email !== undefined && email !== user.email) {
      const taken = await findUserBy(q, "email", email);
      if (taken && taken.id !== id) {
        throw new AuthError(
          422,
          "email_exists",
          "A user with this email address has already been registered",
        );
      }
      await q.query("update auth.users set email = $2 where id = $1", [id, email]);
      await q.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
         where user_id = $1 and provider = 'email'`,
        [id, email],
      );
    }
    if (hash !== undefined)
      await q.query("update auth.users set encrypted_password = $2 where id = $1", [id, hash]);
    if (isObject(body.user_metadata)) {
      await q.query(
        "update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $2::jsonb where id = $1",
        [id, JSON.stringify(body.user_metadata)],
      );
    }
    if (isObject(body.app_metadata)) {
      await q.query(
        "update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || $2::jsonb where id = $1",
        [id, JSON.stringify(body.app_metadata)],
      );
    }
    if (body.email_confirm === true) await confirmEmail(q, id);
    if (banned !== undefined)
      await q.query("update auth.users set banned_until = $2 where id = $1", [id, banned]);
    if (str(body.role)) await q.query("update auth.users set role = $2 where id = $1", [id, str(body.role)]);
    await q.query("update auth.users set updated_at = now() where id = $1", [id]);
    return loadUserJson(q, id);
  });
  sendJson(ctx.res, 200, json, { "X-Supabase-Api-Version": API_VERSION });
}

async function adminDeleteUser(ctx: Ctx, id: string): Promise<void> {
  await parseJsonBody(ctx);
  await ctx.db.tx(async (q) => {
    const user = await findUserBy(q, "id", id);
    if (!user) throw new AuthError(404, "user_not_found", "User not found");
    await q.query("delete from auth.users where id = $1", [id]);
  });
  sendJson(ctx.res, 200, {}, { "X-Supabase-Api-Version": API_VERSION });
}

async function adminGenerateLink(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const body = await parseJsonBody(ctx);
  const type = str(body.type) ?? "";
  if (!["signup", "magiclink", "recovery"].includes(type)) {
    throw new AuthError(400, "validation_failed", "Invalid email action link type requested");
  }
  const email = validateEmail(body.email);
  const redirectTo = redirectTarget(
    config,
    str(body.redirect_to) ?? ctx.url.searchParams.get("redirect_to") ?? undefined,
  );
  const result = await db.tx(async (q) => {
    let user = await findUserBy(q, "email", email);
    if (type === "signup") {
      if (user)
        throw new AuthError(
          422,
          "email_exists",
          "A user with this email address has already been registered",
        );
      const password = str(body.password);
      if (!password) throw new AuthError(400, "validation_failed", "Signup requires a valid password");
      checkPasswordStrength(config, password);
      const data = isObject(body.data) ? body.data : {};
      await insertUser(q, { email, password, userMetadata: data, confirmed: false });
      user = await findUserBy(q, "email", email);
    }
    if (!user) throw new AuthError(404, "user_not_found", "User with this email not found");
    const mailToken = newEmailToken(email, undefined);
    const column = type === "signup" ? "confirmation" : "recovery";
    await q.query(
      `update auth.users set ${column}_token = $2, ${column}_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, mailToken.stored],
    );
    const kind = type as MailKind;
    return {
      ...(await loadUserJson(q, user.id)),
      action_link: verifyUrl(config, mailToken.stored, kind, redirectTo),
      email_otp: mailToken.otp,
      hashed_token: mailToken.stored,
      redirect_to: redirectTo,
      verification_type: type,
    };
  });
  sendJson(ctx.res, 200, result, { "X-Supabase-Api-Version": API_VERSION });
}

function settings(ctx: Ctx): void {
  const providers = [
    "anonymous_users",
    "apple",
    "azure",
    "bitbucket",
    "discord",
    "facebook",
    "figma",
    "fly",
    "github",
    "gitlab",
    "google",
    "keycloak",
    "kakao",
    "linkedin",
    "linkedin_oidc",
    "notion",
    "spotify",
    "slack",
    "slack_oidc",
    "workos",
    "twitch",
    "twitter",
    "x",
    "zoom",
  ];
  const external: Record<string, boolean> = Object.fromEntries(providers.map((name) => [name, false]));
  external.email = true;
  external.phone = false;
  sendJson(ctx.res, 200, {
    external,
    disable_signup: false,
    mailer_autoconfirm: !ctx.config.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
  });
}

const UUID_SEGMENT = /^\/admin\/users\/([^/]+)$/;

/** Routes one /auth/v1 request. `path` is the part after /auth/v1. */
async function route(ctx: Ctx): Promise<void> {
  const { method, path } = ctx;
  const key = `${method} ${path}`;
  switch (key) {
    case "GET /health":
    case "HEAD /health":
      sendJson(ctx.res, 200, {
        version: GOTRUE_VERSION,
        name: "GoTrue",
        description: "GoTrue is a user registration and authentication API",
      });
      return;
    case "GET /settings":
      settings(ctx);
      return;
    case "GET /.well-known/jwks.json":
      // The public halves of the signing keys; the HS256 secret is never listed (GoTrue jwks.go).
      sendJson(
        ctx.res,
        200,
        { keys: ctx.config.signingKeys.map(publicJwk) },
        { "Cache-Control": "public, max-age=600" },
      );
      return;
    case "POST /signup":
      return signup(ctx);
    case "POST /token":
      return token(ctx);
    case "GET /user":
      return getUser(ctx);
    case "PUT /user":
      return updateUser(ctx);
    case "POST /logout":
      return logout(ctx);
    case "POST /recover":
      return recover(ctx);
    case "POST /otp":
    case "POST /magiclink":
      return otp(ctx);
    case "POST /resend":
      return resend(ctx);
    case "POST /verify":
      return verifyPost(ctx);
    case "GET /verify":
      return verifyGet(ctx);
    case "POST /admin/generate_link":
      await requireAdmin(ctx);
      return adminGenerateLink(ctx);
    case "GET /admin/users":
      await requireAdmin(ctx);
      return adminListUsers(ctx);
    case "POST /admin/users":
      await requireAdmin(ctx);
      return adminCreateUser(ctx);
  }
  const adminUser = UUID_SEGMENT.exec(path);
  if (adminUser && ["GET", "PUT", "DELETE"].includes(method)) {
    await requireAdmin(ctx);
    const id = decodeURIComponent(adminUser[1] ?? "");
    if (method === "GET") return adminGetUser(ctx, id);
    if (method === "PUT") return adminUpdateUser(ctx, id);
    return adminDeleteUser(ctx, id);
  }
  throw new AuthError(501, "not_implemented", `supabase/local does not implement ${method} /auth/v1${path}`);
}

/** Handles a request under /auth/v1, turning every failure into GoTrue's error shape. */
export async function handleAuth(
  config: LocalConfig,
  db: Database,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  bearer: string | undefined,
): Promise<void> {
  const ctx: Ctx = { config, db, req, res, method: req.method ?? "GET", path, url, bearer };
  try {
    await route(ctx);
  } catch (error) {
    const modern = Boolean(header(req, "x-supabase-api-version"));
    if (error instanceof AuthError) {
      const body = modern
        ? { code: error.code, message: error.message, ...error.extra }
        : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
      sendJson(res, error.status, body, {
        "X-Supabase-Api-Version": API_VERSION,
        "x-sb-error-code": error.code,
        ...error.headers,
      });
      return;
    }
    if (error instanceof OAuthError) {
      sendJson(res, 400, { error: error.error, error_description: error.message });
      return;
    }
    throw error;
  }
}
