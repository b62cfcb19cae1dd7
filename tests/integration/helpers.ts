import { createClient } from "@supabase/supabase-js";
import { inject } from "vitest";
import type { AccessLevel } from "../../app/lib/access.ts";
import type { Database, Supabase, TablesUpdate } from "../../app/lib/database.ts";
import {
  ANON_JWT_DEFAULT,
  JWT_SECRET_DEFAULT,
  PUBLISHABLE_KEY_DEFAULT,
  SECRET_KEY_DEFAULT,
  SERVICE_ROLE_JWT_DEFAULT,
} from "../../supabase/local/config.ts";
import { signJwt } from "../../supabase/local/jwt.ts";

export const url = inject("supabaseUrl");
export const PASSWORD = "Demo-Password-1";
export const keys = {
  anon: ANON_JWT_DEFAULT,
  serviceRole: SERVICE_ROLE_JWT_DEFAULT,
  publishable: PUBLISHABLE_KEY_DEFAULT,
  secret: SECRET_KEY_DEFAULT,
};

export const demo = {
  client: { email: "client@demo.mylawyer.test", id: "00000000-0000-4000-8000-000000000001" },
  lawyer: { email: "lawyer@demo.mylawyer.test", id: "00000000-0000-4000-8000-000000000002" },
  firmadmin: { email: "firmadmin@demo.mylawyer.test", id: "00000000-0000-4000-8000-000000000003" },
  admin: { email: "admin@demo.mylawyer.test", id: "00000000-0000-4000-8000-000000000004" },
  superuser: { email: "superuser@demo.mylawyer.test", id: "00000000-0000-4000-8000-000000000005" },
} as const;

export const FIRM_HARTWELL = "10000000-0000-4000-8000-000000000001";
export const FIRM_NGUYEN = "10000000-0000-4000-8000-000000000002";

let counter = 0;
/** A fresh address for one test. */
export function uniqueEmail(label = "user"): string {
  counter += 1;
  return `${label}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

/** A client without a stored session (anon, or the given key). */
export function client(key: string = keys.publishable): Supabase {
  return createClient<Database>(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

export const service = () => client(keys.secret);

/** A client signed in with a password. */
export async function signedIn(email: string, password = PASSWORD): Promise<Supabase> {
  const c = client();
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return c;
}

/** Creates a confirmed user through the admin API and gives it an access level (and firm). */
export async function createUser(
  accessLevel: AccessLevel = "user",
  extra: TablesUpdate<"users"> = {},
): Promise<{ id: string; email: string; client: Supabase }> {
  const email = uniqueEmail(accessLevel);
  const admin = service();
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { first_name: "Test", last_name: accessLevel },
  });
  if (error || !data.user) throw error ?? new Error("no user");
  if (accessLevel !== "user" || Object.keys(extra).length > 0) {
    const update = await admin
      .from("users")
      .update({ access_level: accessLevel, ...extra })
      .eq("uuid", data.user.id);
    if (update.error) throw new Error(update.error.message);
  }
  return { id: data.user.id, email, client: await signedIn(email) };
}

/** Raw fetch against the server with the publishable key unless headers say otherwise. */
export function raw(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has("apikey")) headers.set("apikey", keys.publishable);
  return fetch(`${url}${path}`, { ...init, headers });
}

export function jwt(claims: Record<string, unknown>, secret = JWT_SECRET_DEFAULT): Promise<string> {
  return signJwt(claims, secret);
}

export type Mail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
};

/** The mailbox for one address, newest first. */
export async function mailbox(to: string): Promise<Mail[]> {
  const response = await fetch(`${url}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as Mail[];
}

export function otpOf(mail: Mail): string {
  const match = /enter the code: (\d{6})/.exec(mail.text);
  if (!match?.[1]) throw new Error("no code in mail");
  return match[1];
}

/** A response's JSON body as an object. */
export async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}
