// Admin API (service role only).

import bcrypt from "bcryptjs";
import { sendJson } from "../http.ts";
import { verifyJwt } from "../jwt.ts";
import { API_VERSION, AuthError, type Ctx, isObject, parseJsonBody, str } from "./context.ts";
import { newEmailToken, redirectTarget, sendAuthMail, verifyUrl } from "./emails.ts";
import {
  BCRYPT_COST,
  checkPasswordStrength,
  confirmEmail,
  findUserBy,
  identitiesOf,
  insertUser,
  isConfirmed,
  loadUserJson,
  type UserRow,
  userJson,
  validateEmail,
} from "./users.ts";

export async function requireAdmin(ctx: Ctx): Promise<void> {
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

function banUntil(duration: unknown): Date | null | undefined {
  if (duration === undefined) return undefined;
  if (duration === "none") return null;
  const match = typeof duration === "string" ? /^(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)$/.exec(duration) : null;
  if (!match) throw new AuthError(400, "validation_failed", "invalid format for ban duration");
  const factor: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1e3, m: 6e4, h: 3.6e6 };
  return new Date(Date.now() + Number(match[1]) * (factor[match[2] ?? "s"] ?? 1000));
}

export async function adminCreateUser(ctx: Ctx): Promise<void> {
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

/** GoTrue's paginate: page and per_page are unsigned integers (strconv.ParseUint), else 400. */
function pagingParam(ctx: Ctx, name: string, fallback: number): number {
  const raw = ctx.url.searchParams.get(name);
  if (raw === null || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new AuthError(
      400,
      "validation_failed",
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`,
    );
  }
  return Number(raw);
}

export async function adminListUsers(ctx: Ctx): Promise<void> {
  const page = Math.max(1, pagingParam(ctx, "page", 1));
  const perPage = Math.min(1000, Math.max(1, pagingParam(ctx, "per_page", 50)));
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

export async function adminGetUser(ctx: Ctx, id: string): Promise<void> {
  const json = await ctx.db.tx((q) => loadUserJson(q, id), { readOnly: true });
  sendJson(ctx.res, 200, json, { "X-Supabase-Api-Version": API_VERSION });
}

export async function adminUpdateUser(ctx: Ctx, id: string): Promise<void> {
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

export async function adminDeleteUser(ctx: Ctx, id: string): Promise<void> {
  await parseJsonBody(ctx);
  await ctx.db.tx(async (q) => {
    const user = await findUserBy(q, "id", id);
    if (!user) throw new AuthError(404, "user_not_found", "User not found");
    await q.query("delete from auth.users where id = $1", [id]);
  });
  sendJson(ctx.res, 200, {}, { "X-Supabase-Api-Version": API_VERSION });
}

export async function adminGenerateLink(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const body = await parseJsonBody(ctx);
  const type = str(body.type) ?? "";
  const types = ["signup", "invite", "magiclink", "recovery", "email_change_current", "email_change_new"];
  if (!types.includes(type)) {
    throw new AuthError(400, "validation_failed", "Invalid email action link type requested");
  }
  const email = validateEmail(body.email);
  const emailChange = type === "email_change_current" || type === "email_change_new";
  const newEmail = emailChange ? validateEmail(body.new_email) : undefined;
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
    if (type === "invite") {
      if (user && isConfirmed(user)) {
        throw new AuthError(
          422,
          "email_exists",
          "A user with this email address has already been registered",
        );
      }
      if (!user) {
        const data = isObject(body.data) ? body.data : {};
        await insertUser(q, {
          email,
          password: undefined,
          userMetadata: data,
          confirmed: false,
          invited: true,
        });
        user = await findUserBy(q, "email", email);
      }
    }
    if (!user) throw new AuthError(404, "user_not_found", "User with this email not found");
    let mailToken = newEmailToken(email, undefined);
    if (newEmail !== undefined) {
      if (await findUserBy(q, "email", newEmail)) {
        throw new AuthError(
          422,
          "email_exists",
          "A user with this email address has already been registered",
        );
      }
      // GoTrue sets the token of the address the type names and keeps the other one's.
      if (type === "email_change_new") mailToken = newEmailToken(newEmail, undefined);
      const column = type === "email_change_new" ? "email_change_token_new" : "email_change_token_current";
      await q.query(
        `update auth.users set email_change = $2, ${column} = $3, email_change_confirm_status = 0,
           email_change_sent_at = now(), updated_at = now() where id = $1`,
        [user.id, newEmail, mailToken.stored],
      );
    } else {
      const column = type === "signup" || type === "invite" ? "confirmation" : "recovery";
      await q.query(
        `update auth.users set ${column}_token = $2, ${column}_sent_at = now(), updated_at = now()
           ${type === "invite" ? ", invited_at = coalesce(invited_at, now())" : ""} where id = $1`,
        [user.id, mailToken.stored],
      );
    }
    const kind = emailChange ? "email_change" : (type as "signup" | "invite" | "magiclink" | "recovery");
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

/** POST /invite (inviteUserByEmail): creates the user without a password and e-mails an invite link. */
export async function invite(ctx: Ctx): Promise<void> {
  const { config, db } = ctx;
  const body = await parseJsonBody(ctx);
  const email = validateEmail(body.email);
  const data = isObject(body.data) ? body.data : {};
  const redirectTo = redirectTarget(
    config,
    str(body.redirect_to) ?? ctx.url.searchParams.get("redirect_to") ?? undefined,
  );
  const json = await db.tx(async (q) => {
    let user = await findUserBy(q, "email", email);
    if (user && isConfirmed(user)) {
      throw new AuthError(422, "email_exists", "A user with this email address has already been registered");
    }
    if (user) {
      await q.query(
        "update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $2::jsonb where id = $1",
        [user.id, JSON.stringify(data)],
      );
    } else {
      await insertUser(q, {
        email,
        password: undefined,
        userMetadata: data,
        confirmed: false,
        invited: true,
      });
      user = await findUserBy(q, "email", email);
    }
    if (!user) throw new AuthError(500, "unexpected_failure", "user vanished");
    const mailToken = newEmailToken(email, undefined);
    await q.query(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now(),
         invited_at = coalesce(invited_at, now()), updated_at = now() where id = $1`,
      [user.id, mailToken.stored],
    );
    await sendAuthMail(q, config, "invite", email, mailToken, redirectTo, undefined, {
      ...(user.raw_user_meta_data ?? {}),
      ...data,
    });
    return loadUserJson(q, user.id);
  });
  sendJson(ctx.res, 200, json, { "X-Supabase-Api-Version": API_VERSION });
}
