// Phone and anonymous users: /signup without an e-mail, /otp and /verify with a phone (type sms),
// /resend of an SMS. Texts go to the local mailbox (addressed to the number) instead of an SMS provider.

import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import type { LocalConfig } from "../config.ts";
import type { Queryable } from "../db.ts";
import { escapeHtml, sendJson } from "../http.ts";
import { deliver } from "../mailbox.ts";
import { API_VERSION, AuthError, type Body, type Ctx, isObject, str } from "./context.ts";
import { assertFrequency, newEmailToken, tokenHash } from "./emails.ts";
import { enforceRateLimit } from "./limits.ts";
import { issueSession } from "./tokens.ts";
import {
  BCRYPT_COST,
  checkPasswordStrength,
  findUserBy,
  insertUser,
  isBanned,
  loadUserJson,
  validatePhone,
} from "./users.ts";

/** `[auth.sms] template`'s default. */
const smsText = (code: string) => `Your code is ${code}`;

/** The mailbox stands in for a text message: the `whatsapp` channel needs a provider this server lacks. */
function assertSmsChannel(body: Body): void {
  const channel = body.channel ?? "sms";
  if (channel !== "sms") {
    throw new AuthError(
      400,
      "validation_failed",
      `Invalid channel ${String(channel)}: only sms is supported`,
    );
  }
}

/** Sends a one-time code to a phone: a new confirmation token, and the text in the mailbox. */
async function sendSmsCode(
  q: Queryable,
  config: LocalConfig,
  userId: string,
  phone: string,
): Promise<string> {
  const user = await findUserBy(q, "id", userId);
  assertFrequency(config, user?.confirmation_sent_at ?? null);
  const token = newEmailToken(phone, undefined);
  await q.query(
    "update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1",
    [userId, token.stored],
  );
  const text = smsText(token.otp);
  await deliver(q, { to: phone, subject: "SMS", text, html: `<p>${escapeHtml(text)}</p>` });
  return randomUUID();
}

/** POST /signup without an e-mail: a phone sign-up, or an anonymous sign-in. */
export async function phoneOrAnonymousSignup(ctx: Ctx, body: Body): Promise<void> {
  const { config, db } = ctx;
  const data = isObject(body.data) ? body.data : {};
  if (body.phone === undefined) {
    await enforceRateLimit(ctx, "signInSignUps");
    if (!config.enableAnonymousSignIns) {
      throw new AuthError(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled");
    }
    const session = await db.tx(async (q) => {
      const id = await insertUser(q, {
        email: null,
        password: undefined,
        userMetadata: data,
        confirmed: false,
        anonymous: true,
      });
      return issueSession(q, config, id, "anonymous", ctx.req);
    });
    sendJson(ctx.res, 200, session, { "X-Supabase-Api-Version": API_VERSION });
    return;
  }
  await enforceRateLimit(ctx, "signInSignUps", body.phone);
  const phone = validatePhone(body.phone);
  assertSmsChannel(body);
  const password = str(body.password);
  if (!password) throw new AuthError(400, "validation_failed", "Signup requires a valid password");
  checkPasswordStrength(config, password);
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  const result = await db.tx(async (q) => {
    const existing = await findUserBy(q, "phone", phone);
    if (existing?.phone_confirmed_at)
      throw new AuthError(422, "phone_exists", "Phone number already registered");
    const id =
      existing?.id ??
      (await insertUser(q, {
        email: null,
        phone,
        password,
        passwordHash,
        userMetadata: data,
        confirmed: !config.smsEnableConfirmations,
      }));
    if (!config.smsEnableConfirmations) return issueSession(q, config, id, "password", ctx.req);
    await sendSmsCode(q, config, id, phone);
    return loadUserJson(q, id);
  });
  sendJson(ctx.res, 200, result, { "X-Supabase-Api-Version": API_VERSION });
}

/** POST /otp with a phone: a code by text, creating the user unless create_user is false. */
export async function phoneOtp(ctx: Ctx, body: Body): Promise<void> {
  const { config, db } = ctx;
  await enforceRateLimit(ctx, "signInSignUps", body.phone);
  if (body.phone === undefined) {
    throw new AuthError(400, "validation_failed", "An email address or phone number is required");
  }
  const phone = validatePhone(body.phone);
  assertSmsChannel(body);
  const data = isObject(body.data) ? body.data : {};
  const messageId = await db.tx(async (q) => {
    let user = await findUserBy(q, "phone", phone);
    if (!user) {
      if (body.create_user === false) throw new AuthError(422, "otp_disabled", "Signups not allowed for otp");
      const id = await insertUser(q, {
        email: null,
        phone,
        password: undefined,
        userMetadata: data,
        confirmed: false,
      });
      user = await findUserBy(q, "id", id);
    }
    if (!user) throw new AuthError(500, "unexpected_failure", "user vanished");
    return sendSmsCode(q, config, user.id, phone);
  });
  sendJson(ctx.res, 200, { message_id: messageId }, { "X-Supabase-Api-Version": API_VERSION });
}

/** POST /verify with a phone: type sms checks the texted code and signs in (GoTrue smsVerify). */
export async function verifyPhone(ctx: Ctx, body: Body): Promise<void> {
  const { config, db } = ctx;
  await enforceRateLimit(ctx, "tokenVerifications");
  const type = str(body.type) ?? "";
  if (!["sms", "phone_change"].includes(type)) {
    throw new AuthError(400, "validation_failed", "Verify requires a verification type");
  }
  const phone = validatePhone(body.phone);
  const code = str(body.token) ?? "";
  const hash = tokenHash(phone, code);
  const session = await db.tx(async (q) => {
    const found = await q.query<{ id: string; confirmation_sent_at: Date | null }>(
      "select id, confirmation_sent_at from auth.users where phone = $1 and confirmation_token = $2",
      [phone, hash],
    );
    const row = found.rows[0];
    const fresh =
      row?.confirmation_sent_at &&
      Date.now() - new Date(row.confirmation_sent_at).getTime() < config.otpExpirySeconds * 1000;
    if (type !== "sms" || !row || !fresh) {
      throw new AuthError(403, "otp_expired", "Token has expired or is invalid");
    }
    await q.query(
      `update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()), confirmation_token = '',
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"phone_verified": true}'::jsonb,
         updated_at = now() where id = $1`,
      [row.id],
    );
    await q.query(
      `update auth.identities set identity_data = identity_data || '{"phone_verified": true}'::jsonb, updated_at = now()
       where user_id = $1 and provider = 'phone'`,
      [row.id],
    );
    const user = await findUserBy(q, "id", row.id);
    if (user && isBanned(user)) throw new AuthError(403, "user_banned", "User is banned");
    return issueSession(q, config, row.id, "otp", ctx.req);
  });
  sendJson(ctx.res, 200, session, { "X-Supabase-Api-Version": API_VERSION });
}

/** POST /resend of type sms: a new code to a phone that has not confirmed yet. */
export async function resendSms(ctx: Ctx, body: Body): Promise<void> {
  const { config, db } = ctx;
  await enforceRateLimit(ctx, "signInSignUps", body.phone);
  const phone = validatePhone(body.phone);
  const messageId = await db.tx(async (q) => {
    const user = await findUserBy(q, "phone", phone);
    if (!user || (str(body.type) === "sms" && user.phone_confirmed_at)) return undefined;
    return sendSmsCode(q, config, user.id, phone);
  });
  sendJson(ctx.res, 200, messageId ? { message_id: messageId } : {}, {
    "X-Supabase-Api-Version": API_VERSION,
  });
}
