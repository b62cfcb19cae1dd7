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
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../fixtures/accounts.ts";
import { factories } from "../fixtures/factories.ts";

export { FIRM_HARTWELL, FIRM_NGUYEN } from "../fixtures/accounts.ts";
export type { CaseRow, FeeType, ProposalRow } from "../fixtures/factories.ts";
export { caseFields, createCase, proposalFields, propose, uniqueEmail } from "../fixtures/factories.ts";

export const url = inject("supabaseUrl");
/** The seeded demo accounts (tests/fixtures/accounts.ts) and their password. */
export const demo = DEMO_ACCOUNTS;
export const PASSWORD = DEMO_PASSWORD;
export const keys = {
  anon: ANON_JWT_DEFAULT,
  serviceRole: SERVICE_ROLE_JWT_DEFAULT,
  publishable: PUBLISHABLE_KEY_DEFAULT,
  secret: SECRET_KEY_DEFAULT,
};

/** A client without a stored session (anon, or the given key). */
export function client(key: string = keys.publishable): Supabase {
  return createClient<Database>(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

export const service = () => client(keys.secret);

/** The shared factories (tests/fixtures/factories.ts), writing as the system on this suite's backend. */
export const system = factories(service());
export const {
  addMembers,
  caseUpdatesOf,
  createFirm,
  insertCase,
  insertProposal,
  storedCase,
  storedProposal,
} = system;

/** A client signed in with a password. */
export async function signedIn(email: string, password = PASSWORD): Promise<Supabase> {
  const c = client();
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return c;
}

/** Creates a confirmed user named "Test <access level>", with an access level (and profile), signed in. */
export async function createUser(
  accessLevel: AccessLevel = "user",
  profile: TablesUpdate<"users"> = {},
): Promise<{ id: string; email: string; client: Supabase }> {
  const account = await system.createAccount({
    label: accessLevel,
    accessLevel,
    profile,
    name: { first_name: "Test", last_name: accessLevel },
  });
  return { ...account, client: await signedIn(account.email) };
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
