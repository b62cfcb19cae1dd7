// E-mail flows: links and codes sent to the mailbox (/signup, /recover, /otp, /resend) and their /verify.

import { createHash, randomInt, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import bcrypt from "bcryptjs";
import type { LocalConfig } from "../config.ts";
import type { Queryable } from "../db.ts";
import { CORS_HEADERS, escapeHtml, sendJson } from "../http.ts";
import { deliver } from "../mailbox.ts";
import { API_VERSION, AuthError, type Body, type Ctx, isObject, parseJsonBody, str } from "./context.ts";
import { enforceRateLimit } from "./limits.ts";
import { issueSession } from "./tokens.ts";
import {
  addEmailIdentity,
  BCRYPT_COST,
  checkPasswordStrength,
  confirmEmail,
  findUserBy,
  insertUser,
  isBanned,
  isConfirmed,
  loadUserJson,
  type UserRow,
  validateEmail,
} from "./users.ts";

const CODE_CHALLENGE_PATTERN = /^[a-zA-Z._~0-9-]{43,128}$/;

const sha224 = (text: string) => createHash("sha224").update(text).digest("hex");
/** The stored hash of a one-time code sent to an address or a phone number (GoTrue GenerateTokenHash). */
export const tokenHash = (address: string, code: string) => sha224(address + code);

type Pkce = { challenge: string; method: "s256" | "plain" } | undefined;

export function pkceParams(body: Body): Pkce {
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

export function redirectTarget(config: LocalConfig, requested: string | null | undefined): string {
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
export function newEmailToken(email: string, pkce: Pkce): { otp: string; stored: string } {
  const otp = newOtp();
  const hash = sha224(email + otp);
  return { otp, stored: pkce ? `pkce_${hash}` : hash };
}

export async function createFlowState(
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

export type MailKind = "signup" | "invite" | "recovery" | "magiclink" | "email_change";

const TEMPLATES: Record<MailKind, { subject: string; heading: string; lead: string; action: string }> = {
  signup: {
    subject: "Confirm Your Email",
    heading: "Confirm your email",
    lead: "Follow this link to confirm your email:",
    action: "Confirm your email address",
  },
  invite: {
    subject: "You have been invited",
    heading: "You have been invited",
    lead: "You have been invited to create a user. Follow this link to accept the invite:",
    action: "Accept the invite",
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

export function verifyUrl(config: LocalConfig, token: string, type: MailKind, redirectTo: string): string {
  const params = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${config.publicUrl}/auth/v1/verify?${params.toString()}`;
}

/** The section `[auth.email.template.<kind>]` of supabase/config.toml: subject and content_path. */
function configuredTemplate(
  config: LocalConfig,
  kind: MailKind,
): { subject?: string; content: string } | undefined {
  const supabaseDir = join(config.functionsDir, "..");
  const file = join(supabaseDir, "config.toml");
  if (!existsSync(file)) return undefined;
  let section = "";
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]\s*(#.*)?$/.exec(line);
    if (header) {
      section = (header[1] ?? "").trim();
      continue;
    }
    const setting = /^\s*(subject|content_path)\s*=\s*"([^"]*)"\s*(#.*)?$/.exec(line);
    if (setting && section === `auth.email.template.${kind}`) values[setting[1] ?? ""] = setting[2] ?? "";
  }
  if (!values.content_path) return undefined;
  // The CLI resolves content_path from the project root (./supabase/templates/…).
  const path = [join(dirname(supabaseDir), values.content_path), join(supabaseDir, values.content_path)].find(
    (candidate) => existsSync(candidate),
  );
  return path ? { subject: values.subject, content: readFileSync(path, "utf8") } : undefined;
}

/** GoTrue's template variables ({{ .ConfirmationURL }}, {{ .TokenHash }}, {{ .Data.name }}, …), escaped. */
function renderTemplate(
  content: string,
  variables: Record<string, string>,
  data: Record<string, unknown>,
): string {
  return content.replace(
    /\{\{\s*\.([A-Za-z]+)(?:\.([A-Za-z0-9_]+))?\s*\}\}/g,
    (_whole, name: string, key?: string) => {
      if (name === "Data" && key) return escapeHtml(String(data[key] ?? ""));
      return escapeHtml(variables[name] ?? "");
    },
  );
}

export async function sendAuthMail(
  q: Queryable,
  config: LocalConfig,
  kind: MailKind,
  to: string,
  token: { otp: string; stored: string },
  redirectTo: string,
  lead?: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  const template = TEMPLATES[kind];
  const link = verifyUrl(config, token.stored, kind, redirectTo);
  const custom = configuredTemplate(config, kind);
  if (custom) {
    const html = renderTemplate(
      custom.content,
      {
        ConfirmationURL: link,
        Token: token.otp,
        TokenHash: token.stored,
        SiteURL: config.siteUrl,
        RedirectTo: redirectTo,
        Email: to,
      },
      data,
    );
    const text = html
      .replace(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g, "$2: $1")
      .replace(/<[^>]+>/g, "")
      .replaceAll("&amp;", "&")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
    await deliver(q, { to, subject: custom.subject ?? template.subject, html, text: `${text}\n` });
    return;
  }
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

export function assertFrequency(config: LocalConfig, sentAt: Date | null): void {
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

/** POST /signup with an e-mail address (the router sends phone and anonymous sign-ups elsewhere). */
export async function signup(ctx: Ctx, body: Body): Promise<void> {
  const { config, db } = ctx;
  await enforceRateLimit(ctx, "signInSignUps", body.email);
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

export async function recover(ctx: Ctx): Promise<void> {
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

/** POST /otp with an e-mail address (the router sends phone numbers to phone.ts). */
export async function otp(ctx: Ctx, body: Body): Promise<void> {
  const { config, db } = ctx;
  await enforceRateLimit(ctx, "signInSignUps", body.email);
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

export async function resend(ctx: Ctx, body: Body): Promise<void> {
  const { config, db } = ctx;
  await enforceRateLimit(ctx, "signInSignUps", body.email);
  const type = str(body.type);
  if (!type || !["signup", "email_change", "sms", "phone_change"].includes(type)) {
    throw new AuthError(
      400,
      "validation_failed",
      "Missing one of these types: signup, email_change, sms, phone_change",
    );
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
        method: type === "invite" ? "invite" : "otp",
        type: type === "invite" ? "invite" : "signup",
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
    // An anonymous (or phone) user who confirms an address gains an e-mail identity (GoTrue's linking).
    await addEmailIdentity(q, user.id, user.email_change);
    return { kind: "session", userId: user.id, method: "email_change", type: "email_change", pkce };
  }
  return undefined;
}

export async function verifyPost(ctx: Ctx, body: Body): Promise<void> {
  const { config, db } = ctx;
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

export async function verifyGet(ctx: Ctx): Promise<void> {
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
