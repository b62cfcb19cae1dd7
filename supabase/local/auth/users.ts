// auth.users and auth.identities: rows, GoTrue's user JSON, lookups, passwords, creating and confirming users.

import { randomBytes, randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import type { LocalConfig } from "../config.ts";
import type { Queryable } from "../db.ts";
import { AuthError, str } from "./context.ts";

export const BCRYPT_COST = 10;
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export type UserRow = {
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
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
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

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : undefined);
export const isConfirmed = (user: UserRow) =>
  user.email_confirmed_at !== null || user.phone_confirmed_at !== null;
export const isBanned = (user: UserRow) =>
  user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now();

/**
 * Compared against when the address is unknown or has no password, so a wrong password costs the
 * same bcrypt work either way and the answer's timing does not tell who has an account.
 */
const DUMMY_PASSWORD_HASH = bcrypt.hashSync(randomBytes(18).toString("base64"), BCRYPT_COST);

/** Whether `password` matches the stored hash; always runs one bcrypt comparison of the same cost. */
export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  const usable = typeof hash === "string" && hash.startsWith("$2");
  const matches = await bcrypt.compare(password, usable ? hash : DUMMY_PASSWORD_HASH).catch(() => false);
  return usable && matches;
}

/** GoTrue's user JSON (models.User), field order and omitempty rules included. */
export function userJson(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
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

export async function findUserBy(
  q: Queryable,
  column: "id" | "email" | "phone",
  value: string,
): Promise<UserRow | undefined> {
  const sql =
    column === "id"
      ? "select * from auth.users where id = $1::uuid"
      : column === "phone"
        ? "select * from auth.users where phone = $1"
        : "select * from auth.users where lower(email) = lower($1) and is_sso_user = false";
  if (column === "id" && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    return;
  const result = await q.query<UserRow>(sql, [value]);
  return result.rows[0];
}

export async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const result = await q.query<IdentityRow>(
    "select * from auth.identities where user_id = $1 order by created_at, id",
    [userId],
  );
  return result.rows;
}

export async function loadUserJson(q: Queryable, userId: string): Promise<Record<string, unknown>> {
  const user = await findUserBy(q, "id", userId);
  if (!user) throw new AuthError(404, "user_not_found", "User not found");
  return userJson(user, await identitiesOf(q, userId));
}

export function validateEmail(value: unknown): string {
  const email = str(value)?.trim() ?? "";
  if (email === "") throw new AuthError(400, "validation_failed", "An email address is required");
  if (email.length > 255) throw new AuthError(400, "validation_failed", "An email address is too long");
  if (!EMAIL_PATTERN.test(email)) {
    throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
  }
  return email.toLowerCase();
}

/** GoTrue's validatePhone: "+", spaces and dashes dropped, then E.164 digits. */
export function validatePhone(value: unknown): string {
  const phone = (str(value) ?? "").trim().replace(/^\+/, "").replace(/[\s-]/g, "");
  if (!/^[1-9]\d{1,14}$/.test(phone)) {
    throw new AuthError(400, "validation_failed", "Invalid phone number format (E.164 required)");
  }
  return phone;
}

export function checkPasswordStrength(config: LocalConfig, password: string): void {
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

export async function insertUser(
  q: Queryable,
  fields: {
    /** The address; null for a phone or anonymous user. */
    email: string | null;
    phone?: string;
    /** An anonymous user (POST /signup without e-mail or phone): no identity. */
    anonymous?: boolean;
    /** When the user was invited (POST /invite, generate_link invite). */
    invited?: boolean;
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
  const provider = fields.anonymous ? "anonymous" : fields.phone !== undefined ? "phone" : "email";
  const appMetadata = { provider, providers: [provider], ...(fields.appMetadata ?? {}) };
  const userMetadata =
    fields.confirmed && provider === "email"
      ? { ...fields.userMetadata, email_verified: true }
      : fields.confirmed && provider === "phone"
        ? { ...fields.userMetadata, phone_verified: true }
        : fields.userMetadata;
  try {
    await q.exec("savepoint insert_user");
    await q.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
         email_change_token_new, email_change, is_anonymous, phone, phone_confirmed_at, invited_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
         case when $5::boolean then now() end, $6::jsonb, $7::jsonb, now(), now(),
         '', '', '', '', $8, $9, case when $11::boolean then now() end,
         case when $10::boolean then now() end)`,
      [
        id,
        fields.role ?? "authenticated",
        fields.email,
        hash,
        fields.confirmed && provider === "email",
        JSON.stringify(appMetadata),
        JSON.stringify(userMetadata),
        fields.anonymous === true,
        fields.phone ?? null,
        fields.invited === true,
        fields.confirmed && provider === "phone",
      ],
    );
    if (provider !== "anonymous") {
      const identityData = {
        ...fields.userMetadata,
        sub: id,
        ...(provider === "email" ? { email: fields.email } : { phone: fields.phone }),
        email_verified: provider === "email" && fields.confirmed,
        phone_verified: provider === "phone" && fields.confirmed,
      };
      await q.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
         values ($1, $2, $3::jsonb, $4, now(), now())`,
        [id, id, JSON.stringify(identityData), provider],
      );
    }
    await q.exec("release savepoint insert_user");
  } catch (error) {
    await q.exec("rollback to savepoint insert_user");
    console.error("[supabase/local] creating a user failed:", (error as Error).message);
    throw new AuthError(500, "unexpected_failure", "Database error saving new user");
  }
  return id;
}

export async function confirmEmail(q: Queryable, userId: string): Promise<void> {
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

/** Adds an e-mail identity to a user who had none (an anonymous or phone user confirming an address). */
export async function addEmailIdentity(q: Queryable, userId: string, email: string): Promise<void> {
  const has = await q.query("select 1 from auth.identities where user_id = $1 and provider = 'email'", [
    userId,
  ]);
  if (has.rows.length > 0) return;
  const identityData = { sub: userId, email, email_verified: true, phone_verified: false };
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now())`,
    [userId, JSON.stringify(identityData)],
  );
  await syncProviders(q, userId);
  await q.query(
    `update auth.users set is_anonymous = false, email_confirmed_at = coalesce(email_confirmed_at, now()),
       updated_at = now() where id = $1`,
    [userId],
  );
}

/** app_metadata.provider(s) from the user's identities, as GoTrue's UpdateAppMetaDataProviders. */
export async function syncProviders(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb)
       || jsonb_build_object('providers', p.providers, 'provider',
            case when p.providers ? (u.raw_app_meta_data ->> 'provider') then u.raw_app_meta_data -> 'provider'
                 else p.providers -> 0 end)
     from (select coalesce(jsonb_agg(distinct provider), '[]'::jsonb) as providers
           from auth.identities where user_id = $1) p
     where u.id = $1 and jsonb_array_length(p.providers) > 0`,
    [userId],
  );
}
