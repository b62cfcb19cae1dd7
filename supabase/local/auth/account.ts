// The signed-in user's own record: GET and PUT /user.

import bcrypt from "bcryptjs";
import { escapeHtml, sendJson } from "../http.ts";
import { deliver } from "../mailbox.ts";
import { API_VERSION, AuthError, type Ctx, isObject, parseJsonBody, str } from "./context.ts";
import {
  assertFrequency,
  createFlowState,
  newEmailToken,
  pkceParams,
  redirectTarget,
  sendAuthMail,
  tokenHash,
} from "./emails.ts";
import { authenticate } from "./tokens.ts";
import {
  BCRYPT_COST,
  checkPasswordStrength,
  findUserBy,
  identitiesOf,
  isConfirmed,
  loadUserJson,
  syncProviders,
  type UserRow,
  userJson,
  validateEmail,
} from "./users.ts";

export async function getUser(ctx: Ctx): Promise<void> {
  const { user } = await authenticate(ctx);
  const identities = await ctx.db.tx((q) => identitiesOf(q, user.id), { readOnly: true });
  sendJson(ctx.res, 200, userJson(user, identities), { "X-Supabase-Api-Version": API_VERSION });
}

const INVALID_NONCE = "Nonce has expired or is invalid";

/** GoTrue's verifyReauthentication: the code from GET /reauthenticate, sent to the address (or phone). */
function nonceMatches(config: Ctx["config"], user: UserRow, nonce: string): boolean {
  if (!user.reauthentication_token || !user.reauthentication_sent_at) return false;
  const fresh =
    Date.now() - new Date(user.reauthentication_sent_at).getTime() < config.otpExpirySeconds * 1000;
  const address = user.email || user.phone || "";
  return fresh && tokenHash(address, nonce) === user.reauthentication_token;
}

/** GET /reauthenticate: a one-time nonce to the signed-in user's address (or phone) for a sensitive change. */
export async function reauthenticate(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const { user } = await authenticate(ctx);
  if (!user.email && !user.phone) {
    throw new AuthError(
      400,
      "validation_failed",
      "Reauthentication requires the user to have an email or a phone number",
    );
  }
  if (user.email && !isConfirmed(user)) {
    throw new AuthError(422, "email_not_confirmed", "Please verify your email first.");
  }
  await db.tx(async (q) => {
    const sent = await q.query<{ reauthentication_sent_at: Date | null }>(
      "select reauthentication_sent_at from auth.users where id = $1",
      [user.id],
    );
    assertFrequency(config, sent.rows[0]?.reauthentication_sent_at ?? null);
    const token = newEmailToken(user.email || user.phone || "", undefined);
    await q.query(
      "update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1",
      [user.id, token.stored],
    );
    const text = user.email
      ? `Confirm reauthentication\n\nEnter the code: ${token.otp}\n`
      : `Your code is ${token.otp}`;
    await deliver(q, {
      to: user.email || user.phone || "",
      subject: user.email ? "Confirm reauthentication" : "SMS",
      text,
      html: user.email
        ? `<h2>Confirm reauthentication</h2>\n<p>Enter the code: ${token.otp}</p>`
        : `<p>${escapeHtml(text)}</p>`,
    });
  });
  sendJson(ctx.res, 200, {}, { "X-Supabase-Api-Version": API_VERSION });
}

export async function updateUser(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const { user, sessionId } = await authenticate(ctx);
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
  const nonce = str(body.nonce) ?? "";
  if (password !== undefined && config.securePasswordChange) {
    // GoTrue: a session not signed in or refreshed within 24 hours needs the reauthentication nonce.
    const recent = await db.tx(
      (q) =>
        q.query<{ recent: boolean }>(
          "select coalesce(refreshed_at::timestamptz, created_at) > now() - interval '24 hours' as recent from auth.sessions where id = $1::uuid",
          [sessionId ?? "00000000-0000-0000-0000-000000000000"],
        ),
      { readOnly: true },
    );
    if (!recent.rows[0]?.recent) {
      if (!nonce)
        throw new AuthError(400, "reauthentication_needed", "Password update requires reauthentication");
      if (!nonceMatches(config, user, nonce))
        throw new AuthError(422, "reauthentication_not_valid", INVALID_NONCE);
    }
  }
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
      await q.query(
        `update auth.users set encrypted_password = $2, reauthentication_token = '', updated_at = now()
         where id = $1`,
        [user.id, newHash],
      );
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

async function requireManualLinking(ctx: Ctx): Promise<void> {
  if (!ctx.config.enableManualLinking) {
    throw new AuthError(404, "manual_linking_disabled", "Manual linking is disabled");
  }
}

/** GET /user/identities/authorize (linkIdentity with an OAuth provider): OAuth is not implemented here. */
export async function linkIdentity(ctx: Ctx): Promise<void> {
  await authenticate(ctx);
  await requireManualLinking(ctx);
  throw new AuthError(501, "not_implemented", "supabase/local does not implement OAuth providers");
}

/** DELETE /user/identities/{identity_id} (unlinkIdentity), GoTrue's DeleteIdentity. */
export async function unlinkIdentity(ctx: Ctx, identityId: string): Promise<void> {
  await requireManualLinking(ctx);
  const { user } = await authenticate(ctx);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(identityId)) {
    throw new AuthError(404, "validation_failed", "identity_id must be an UUID");
  }
  await ctx.db.tx(async (q) => {
    const identities = await identitiesOf(q, user.id);
    if (identities.length <= 1) {
      throw new AuthError(
        422,
        "single_identity_not_deletable",
        "User must have at least 1 identity after unlinking",
      );
    }
    const doomed = identities.find((identity) => identity.id === identityId);
    if (!doomed) throw new AuthError(422, "identity_not_found", "Identity doesn't exist");
    await q.query("delete from auth.identities where id = $1", [doomed.id]);
    await syncProviders(q, user.id);
    // The user's primary address or number goes with its identity.
    if (doomed.provider === "email") {
      await q.query(
        "update auth.users set email = null, email_confirmed_at = null, updated_at = now() where id = $1",
        [user.id],
      );
    } else if (doomed.provider === "phone") {
      await q.query(
        "update auth.users set phone = null, phone_confirmed_at = null, updated_at = now() where id = $1",
        [user.id],
      );
    }
  });
  sendJson(ctx.res, 200, {}, { "X-Supabase-Api-Version": API_VERSION });
}
