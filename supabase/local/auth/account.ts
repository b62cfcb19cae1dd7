// The signed-in user's own record: GET and PUT /user.

import bcrypt from "bcryptjs";
import { sendJson } from "../http.ts";
import { API_VERSION, AuthError, type Ctx, isObject, parseJsonBody, str } from "./context.ts";
import {
  assertFrequency,
  createFlowState,
  newEmailToken,
  pkceParams,
  redirectTarget,
  sendAuthMail,
} from "./emails.ts";
import { authenticate } from "./tokens.ts";
import {
  BCRYPT_COST,
  checkPasswordStrength,
  findUserBy,
  identitiesOf,
  loadUserJson,
  userJson,
  validateEmail,
} from "./users.ts";

export async function getUser(ctx: Ctx): Promise<void> {
  const { user } = await authenticate(ctx);
  const identities = await ctx.db.tx((q) => identitiesOf(q, user.id), { readOnly: true });
  sendJson(ctx.res, 200, userJson(user, identities), { "X-Supabase-Api-Version": API_VERSION });
}

export async function updateUser(ctx: Ctx): Promise<void> {
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
