import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalSupabase, startLocalSupabase } from "../../../supabase/local/server.ts";
import {
  client,
  demo,
  keys,
  raw,
  service,
  mailbox as sharedMailbox,
  signedIn,
  uniqueEmail,
} from "../helpers.ts";

// GoTrue's invitations, anonymous sign-ins, phone OTP, reauthentication, identity unlinking, the
// e-mail-change links of generate_link and /admin/users paging, through the real auth-js client.

const codeOf = (text: string) => /(?:code:|code is) (\d{6})/.exec(text)?.[1] ?? "";
const phoneNumber = () => `1555${String(Date.now()).slice(-7)}`;

describe("auth: invitations (shared server)", () => {
  it("POST /invite with the project's template (config.toml [auth.email.template.invite])", async () => {
    const email = uniqueEmail("templated");
    const { error } = await service().auth.admin.inviteUserByEmail(email, {
      data: { invited_by: "Ada <Admin>", firm_name: "Hartwell" },
      redirectTo: "http://localhost:3000/auth/confirm",
    });
    expect(error).toBeNull();
    const [mail] = await sharedMailbox(email);
    expect(mail?.subject).toBe("You have been invited to MyLawyer");
    expect(mail?.html).toContain("Ada &lt;Admin&gt; added you to Hartwell");
    const link = new URL(mail?.links[0] ?? "");
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/auth/confirm");
    const verified = await client().auth.verifyOtp({
      token_hash: link.searchParams.get("token_hash") ?? "",
      type: "invite",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
  });

  it("refuses to invite a confirmed address, and refuses callers without the service role", async () => {
    const { error } = await service().auth.admin.inviteUserByEmail(demo.lawyer.email);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("email_exists");
    const anon = await client().auth.admin.inviteUserByEmail(uniqueEmail("nobody"));
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe("not_admin");
  });

  it("generate_link type invite: no e-mail sent, the code verifies with type invite", async () => {
    const email = uniqueEmail("linked-invite");
    const { data, error } = await service().auth.admin.generateLink({ type: "invite", email });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe("invite");
    expect(data.properties?.action_link).toContain("type=invite");
    expect(data.user?.invited_at).toBeTruthy();
    expect(await sharedMailbox(email)).toEqual([]);
    const verified = await client().auth.verifyOtp({
      email,
      token: data.properties?.email_otp ?? "",
      type: "invite",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
  });

  it("generate_link email_change_current and email_change_new: both links confirm the change", async () => {
    const email = uniqueEmail("changer");
    await service().auth.admin.createUser({ email, password: "Changer-Password-1", email_confirm: true });
    const newEmail = uniqueEmail("changed");
    const current = await service().auth.admin.generateLink({
      type: "email_change_current",
      email,
      newEmail,
    });
    expect(current.error).toBeNull();
    expect(current.data.properties?.action_link).toContain("type=email_change");
    expect(current.data.user?.new_email).toBe(newEmail);
    const next = await service().auth.admin.generateLink({ type: "email_change_new", email, newEmail });
    expect(next.error).toBeNull();
    // The current address's link is accepted first; the change waits for the new address's.
    const first = await client().auth.verifyOtp({
      token_hash: current.data.properties?.hashed_token ?? "",
      type: "email_change",
    });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const taken = await service().auth.admin.generateLink({
      type: "email_change_new",
      email,
      newEmail: demo.client.email,
    });
    expect(taken.error?.code).toBe("email_exists");
    const done = await client().auth.verifyOtp({
      email: newEmail,
      token: next.data.properties?.email_otp ?? "",
      type: "email_change",
    });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe(newEmail);
  });

  it("/admin/users paging parameters are validated like GoTrue's", async () => {
    for (const query of ["page=-1", "per_page=-5", "page=abc"]) {
      const response = await raw(`/auth/v1/admin/users?${query}`, {
        headers: { Authorization: `Bearer ${keys.serviceRole}`, "X-Supabase-Api-Version": "2024-01-01" },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "validation_failed" });
    }
    const { data, error } = await service().auth.admin.listUsers({ page: 2, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
  });

  it("anonymous sign-ins are refused while disabled, and manual linking is off by default", async () => {
    const { error } = await client().auth.signInAnonymously();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("anonymous_provider_disabled");
    const c = await signedIn(demo.client.email);
    const identity = (await c.auth.getUserIdentities()).data?.identities[0];
    const unlink = await c.auth.unlinkIdentity(identity as NonNullable<typeof identity>);
    expect(unlink.error?.status).toBe(404);
    expect(unlink.error?.code).toBe("manual_linking_disabled");
  });
});

describe("auth: anonymous, phone, reauthentication and identities (own server)", () => {
  let root: string;
  let local: LocalSupabase;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "supabase-local-authflows-"));
    local = await startLocalSupabase({
      port: 0,
      dataDir: join(root, "pglite"),
      storageDir: join(root, "storage"),
      logRequests: false,
      emailMaxFrequencySeconds: 0,
      rateLimitSignInSignUps: 0,
      rateLimitTokenVerifications: 0,
      rateLimitTokenRefresh: 0,
      rateLimitPerAddress: 0,
      // No supabase/config.toml beside it: GoTrue's own e-mail templates.
      functionsDir: join(root, "functions"),
      enableAnonymousSignIns: true,
      enableManualLinking: true,
      securePasswordChange: true,
    });
  });

  afterAll(async () => {
    await local?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const anon = (): SupabaseClient =>
    createClient(local.url, keys.publishable, { auth: { persistSession: false, autoRefreshToken: false } });
  const admin = (): SupabaseClient =>
    createClient(local.url, keys.secret, { auth: { persistSession: false, autoRefreshToken: false } });
  const mailbox = async (to: string) =>
    (await (await fetch(`${local.url}/mailbox/api/messages?to=${encodeURIComponent(to)}`)).json()) as {
      subject: string;
      text: string;
      links: string[];
    }[];

  it("POST /invite without a template: GoTrue's e-mail, whose link verifies as invite and signs in", async () => {
    const email = uniqueEmail("invitee");
    const { data, error } = await admin().auth.admin.inviteUserByEmail(email, {
      data: { first_name: "Ida" },
      redirectTo: "http://localhost:3000/welcome",
    });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeFalsy();
    expect(data.user?.user_metadata).toMatchObject({ first_name: "Ida" });
    const [mail] = await mailbox(email);
    expect(mail?.subject).toBe("You have been invited");
    const link = mail?.links.find((href) => href.includes("/auth/v1/verify")) ?? "";
    expect(link).toContain("type=invite");
    const response = await fetch(link, { redirect: "manual" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.pathname).toBe("/welcome");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("invite");
    const invited = anon();
    const session = await invited.auth.setSession({
      access_token: fragment.get("access_token") ?? "",
      refresh_token: fragment.get("refresh_token") ?? "",
    });
    expect(session.error).toBeNull();
    expect((await invited.auth.updateUser({ password: "Invited-Password-1" })).error).toBeNull();
    expect(
      (await anon().auth.signInWithPassword({ email, password: "Invited-Password-1" })).error,
    ).toBeNull();
  });

  it("an anonymous sign-in becomes an e-mail user once the address is confirmed", async () => {
    const c = anon();
    const { data, error } = await c.auth.signInAnonymously({ options: { data: { nickname: "guest" } } });
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.app_metadata).toMatchObject({ provider: "anonymous" });
    const claims = (await c.auth.getClaims()).data?.claims;
    expect(claims?.is_anonymous).toBe(true);
    const email = uniqueEmail("was-anonymous");
    expect((await c.auth.updateUser({ email })).error).toBeNull();
    const [mail] = await mailbox(email);
    const verified = await anon().auth.verifyOtp({
      email,
      token: codeOf(mail?.text ?? ""),
      type: "email_change",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.is_anonymous).toBe(false);
    expect(verified.data.user?.email).toBe(email);
    expect(verified.data.user?.identities?.map((identity) => identity.provider)).toEqual(["email"]);
  });

  it("phone OTP: the code arrives as a text in the mailbox and verifies with type sms", async () => {
    const phone = phoneNumber();
    const sent = await anon().auth.signInWithOtp({ phone: `+${phone}` });
    expect(sent.error).toBeNull();
    const [text] = await mailbox(phone);
    expect(text?.text).toMatch(/^Your code is \d{6}$/);
    const wrong = await anon().auth.verifyOtp({ phone: `+${phone}`, token: "000000", type: "sms" });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.message).toBe("Token has expired or is invalid");
    const c = anon();
    const { data, error } = await c.auth.verifyOtp({
      phone: `+${phone}`,
      token: codeOf(text?.text ?? ""),
      type: "sms",
    });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(phone);
    expect(data.user?.phone_confirmed_at).toBeTruthy();
    expect(data.user?.app_metadata).toMatchObject({ provider: "phone" });
    const whatsapp = await anon().auth.signInWithOtp({
      phone: `+${phone}`,
      options: { channel: "whatsapp" },
    });
    expect(whatsapp.error?.status).toBe(400);
    const invalid = await anon().auth.signInWithOtp({ phone: "not-a-phone" });
    expect(invalid.error?.status).toBe(400);
    expect(invalid.error?.message).toBe("Invalid phone number format (E.164 required)");
  });

  it("a phone sign-up with a password signs in by phone", async () => {
    const phone = phoneNumber();
    const signUp = await anon().auth.signUp({ phone, password: "Phone-Password-1" });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).not.toBeNull();
    const signIn = await anon().auth.signInWithPassword({ phone: `+${phone}`, password: "Phone-Password-1" });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.phone).toBe(phone);
  });

  it("a password change in an old session needs the reauthentication nonce", async () => {
    const email = uniqueEmail("reauth");
    await admin().auth.admin.createUser({ email, password: "Reauth-Password-1", email_confirm: true });
    const c = anon();
    const { data } = await c.auth.signInWithPassword({ email, password: "Reauth-Password-1" });
    const sessionId = (await c.auth.getClaims()).data?.claims.session_id;
    // A fresh session may change the password without a nonce (GoTrue: signed in within 24 hours).
    expect((await c.auth.updateUser({ password: "Reauth-Password-2" })).error).toBeNull();
    await local.db.tx((q) =>
      q.query(
        "update auth.sessions set created_at = now() - interval '25 hours', refreshed_at = null where id = $1",
        [sessionId],
      ),
    );
    const without = await c.auth.updateUser({ password: "Reauth-Password-3" });
    expect(without.error?.status).toBe(400);
    expect(without.error?.code).toBe("reauthentication_needed");
    expect((await c.auth.reauthenticate()).error).toBeNull();
    const [mail] = await mailbox(email);
    expect(mail?.subject).toBe("Confirm reauthentication");
    const wrong = await c.auth.updateUser({ password: "Reauth-Password-3", nonce: "000000" });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe("reauthentication_not_valid");
    const right = await c.auth.updateUser({ password: "Reauth-Password-3", nonce: codeOf(mail?.text ?? "") });
    expect(right.error).toBeNull();
    expect(data.user?.id).toBe(right.data.user?.id);
  });

  it("unlinking: the only identity stays, an unknown one is not found, a second one goes", async () => {
    const phone = phoneNumber();
    const c = anon();
    await c.auth.signUp({ phone, password: "Linked-Password-1" });
    const only = (await c.auth.getUserIdentities()).data?.identities ?? [];
    expect(only).toHaveLength(1);
    const single = await c.auth.unlinkIdentity(only[0] as (typeof only)[number]);
    expect(single.error?.status).toBe(422);
    expect(single.error?.code).toBe("single_identity_not_deletable");
    const email = uniqueEmail("linked");
    await c.auth.updateUser({ email });
    const [mail] = await mailbox(email);
    expect(
      (await c.auth.verifyOtp({ email, token: codeOf(mail?.text ?? ""), type: "email_change" })).error,
    ).toBeNull();
    const both = (await c.auth.getUserIdentities()).data?.identities ?? [];
    expect(both.map((identity) => identity.provider).sort()).toEqual(["email", "phone"]);
    const unknown = await c.auth.unlinkIdentity({
      ...(both[0] as (typeof both)[number]),
      identity_id: randomUUID(),
    });
    expect(unknown.error?.code).toBe("identity_not_found");
    const phoneIdentity = both.find((identity) => identity.provider === "phone");
    expect((await c.auth.unlinkIdentity(phoneIdentity as (typeof both)[number])).error).toBeNull();
    const { data } = await c.auth.getUser();
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(["email"]);
    expect(data.user?.app_metadata.providers).toEqual(["email"]);
  });

  it("pgcrypto and uuid-ossp are installed in schema extensions, on the search path", async () => {
    const rows = await local.db.tx(async (q) => {
      await q.exec('create extension if not exists pgcrypto; create extension if not exists "uuid-ossp"');
      return q.query<{ ok: boolean; id: string }>(
        "select crypt('secret', hashed) = hashed as ok, uuid_generate_v4()::text as id from (select crypt('secret', gen_salt('bf')) as hashed) h",
      );
    });
    expect(rows.rows[0]?.ok).toBe(true);
    expect(rows.rows[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    const placed = await local.db.tx((q) =>
      q.query<{ extname: string; schema: string }>(
        "select extname, extnamespace::regnamespace::text as schema from pg_extension where extname in ('pgcrypto', 'uuid-ossp') order by 1",
      ),
    );
    expect(placed.rows).toEqual([
      { extname: "pgcrypto", schema: "extensions" },
      { extname: "uuid-ossp", schema: "extensions" },
    ]);
  });
});
