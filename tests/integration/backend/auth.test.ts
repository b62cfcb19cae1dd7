import { createClient } from "@supabase/supabase-js";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../app/lib/database.ts";
import {
  client,
  demo,
  jsonOf,
  jwt,
  keys,
  mailbox,
  otpOf,
  PASSWORD,
  raw,
  service,
  signedIn,
  uniqueEmail,
  url,
} from "../helpers.ts";

describe("auth: health and settings", () => {
  it("answers /health and /settings like GoTrue", async () => {
    const health = await raw("/auth/v1/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: "GoTrue" });
    const settings = await (await raw("/auth/v1/settings")).json();
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: false,
      external: { email: true },
    });
  });

  it("lists only the public half of the signing key in the JWKS, cached like GoTrue's", async () => {
    const jwks = await raw("/auth/v1/.well-known/jwks.json");
    expect(jwks.headers.get("cache-control")).toBe("public, max-age=600");
    const { keys: listed } = (await jwks.json()) as { keys: Record<string, unknown>[] };
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", key_ops: ["verify"] });
    expect(typeof listed[0]?.kid).toBe("string");
    expect(listed[0]).not.toHaveProperty("d");
  });

  it("answers unimplemented endpoints with a 501 JSON error", async () => {
    const response = await raw("/auth/v1/factors", {
      method: "POST",
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(response.status).toBe(501);
    expect(await response.json()).toMatchObject({ code: "not_implemented" });
    for (const path of ["/graphql/v1", "/pg/meta"]) {
      const other = await raw(path);
      expect(other.status).toBe(501);
      expect(await other.json()).toMatchObject({ error: "not_implemented" });
    }
  });
});

describe("auth: password sign-in", () => {
  it.each(Object.values(demo))("signs in $email with the demo password", async ({ email, id }) => {
    const c = client();
    const { data, error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    const session = data.session;
    expect(session?.token_type).toBe("bearer");
    expect(session?.expires_in).toBe(3600);
    const claims = decodeJwt(session?.access_token ?? "");
    expect(claims).toMatchObject({
      iss: `${url}/auth/v1`,
      sub: id,
      aud: "authenticated",
      email,
      phone: "",
      role: "authenticated",
      aal: "aal1",
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
    });
    expect(claims.exp).toBe((claims.iat ?? 0) + 3600);
    expect(typeof claims.session_id).toBe("string");
    expect(claims.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
  });

  it("signs access tokens with the ES256 key the JWKS names, so getClaims verifies them without Auth", async () => {
    const c = await signedIn(demo.client.email);
    const { data } = await c.auth.getSession();
    const token = data.session?.access_token ?? "";
    const header = decodeProtectedHeader(token);
    const { keys: listed } = (await (await raw("/auth/v1/.well-known/jwks.json")).json()) as {
      keys: { kid: string }[];
    };
    expect(header).toMatchObject({ alg: "ES256", typ: "JWT", kid: listed[0]?.kid });
    const { data: verified, error } = await c.auth.getClaims(token);
    expect(error).toBeNull();
    expect(verified?.claims.sub).toBe(demo.client.id);
    // The same token is accepted by the REST API, and one signature byte changed is not.
    const forged = `${token.slice(0, -4)}${token.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    for (const [bearer, status] of [
      [token, 200],
      [forged, 401],
    ] as const) {
      const response = await raw("/rest/v1/users?select=uuid&limit=1", {
        headers: { Authorization: `Bearer ${bearer}` },
      });
      expect(response.status).toBe(status);
    }
    expect((await c.auth.getClaims(forged)).error).not.toBeNull();
  });

  it("signs the JWT in key order of GoTrue", async () => {
    const c = await signedIn(demo.client.email);
    const { data } = await c.auth.getSession();
    const payload = JSON.parse(
      Buffer.from((data.session?.access_token ?? "").split(".")[1] ?? "", "base64url").toString(),
    );
    expect(Object.keys(payload)).toEqual([
      "iss",
      "sub",
      "aud",
      "exp",
      "iat",
      "email",
      "phone",
      "app_metadata",
      "user_metadata",
      "role",
      "aal",
      "amr",
      "session_id",
      "is_anonymous",
    ]);
  });

  it("rejects a wrong password, an unknown user and a missing e-mail with GoTrue's errors", async () => {
    const c = client();
    const wrong = await c.auth.signInWithPassword({ email: demo.client.email, password: "nope-nope" });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: "invalid_credentials",
      message: "Invalid login credentials",
    });
    const unknown = await c.auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD });
    expect(unknown.error?.code).toBe("invalid_credentials");
    const response = await raw("/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
      body: JSON.stringify({ password: "x" }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(response.headers.get("x-sb-error-code")).toBe("validation_failed");
    expect(await response.json()).toEqual({ code: "validation_failed", message: "missing email or phone" });
  });

  it("uses the legacy error format when the client does not send the API version", async () => {
    const response = await raw("/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: demo.client.email, password: "wrong-password" }),
    });
    expect(await response.json()).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
  });

  it("rejects an unsupported grant type", async () => {
    const response = await raw("/auth/v1/token?grant_type=magic", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
      body: "{}",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "invalid_credentials", message: "unsupported_grant_type" });
  });
});

describe("auth: sign-up with confirmation", () => {
  it("creates an unconfirmed user, mails a working link, then signs in", async () => {
    const email = uniqueEmail("signup");
    const c = client();
    const { data, error } = await c.auth.signUp({
      email,
      password: "Str0ng-Password",
      options: {
        data: { display_name: "Ada Lovelace King" },
        emailRedirectTo: "http://localhost:8787/welcome",
      },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, aud: "authenticated", role: "authenticated" });
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);

    const early = await c.auth.signInWithPassword({ email, password: "Str0ng-Password" });
    expect(early.error).toMatchObject({
      status: 400,
      code: "email_not_confirmed",
      message: "Email not confirmed",
    });

    const [mail] = await mailbox(email);
    expect(mail?.subject).toBe("Confirm Your Email");
    const link = mail?.links[0] ?? "";
    expect(link).toContain(`${url}/auth/v1/verify?token=`);
    const followed = await fetch(link, { redirect: "manual" });
    expect(followed.status).toBe(303);
    const location = new URL(followed.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe("http://localhost:8787/welcome");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("signup");
    expect(fragment.get("token_type")).toBe("bearer");
    expect(fragment.get("access_token")).toBeTruthy();

    const again = await fetch(link, { redirect: "manual" });
    expect(again.headers.get("location")).toContain("error_code=otp_expired");

    const signIn = await c.auth.signInWithPassword({ email, password: "Str0ng-Password" });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.email_confirmed_at).toBeTruthy();
    expect(signIn.data.user?.user_metadata).toMatchObject({
      display_name: "Ada Lovelace King",
      email_verified: true,
    });
    const profile = await c
      .from("users")
      .select("first_name,last_name,email,access_level")
      .eq("uuid", signIn.data.user?.id ?? "")
      .single();
    expect(profile.data).toEqual({
      first_name: "Ada",
      last_name: "Lovelace King",
      email,
      access_level: "user",
    });
  });

  it("takes first and last name from the metadata", async () => {
    const email = uniqueEmail("names");
    const { data } = await client().auth.signUp({
      email,
      password: "Str0ng-Password",
      options: { data: { first_name: "Grace", last_name: "Hopper" } },
    });
    const row = await service()
      .from("users")
      .select("first_name,last_name")
      .eq("uuid", data.user?.id ?? "")
      .single();
    expect(row.data).toEqual({ first_name: "Grace", last_name: "Hopper" });
  });

  it("confirms with the e-mailed code through verifyOtp", async () => {
    const email = uniqueEmail("otp");
    const c = client();
    await c.auth.signUp({ email, password: "Str0ng-Password" });
    const [mail] = await mailbox(email);
    const bad = await c.auth.verifyOtp({ email, token: "000000", type: "signup" });
    if (otpOf(mail as never) !== "000000") {
      expect(bad.error).toMatchObject({
        status: 403,
        code: "otp_expired",
        message: "Token has expired or is invalid",
      });
    }
    const { data, error } = await c.auth.verifyOtp({ email, token: otpOf(mail as never), type: "signup" });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    const claims = decodeJwt(data.session?.access_token ?? "");
    expect(claims.amr).toEqual([{ method: "otp", timestamp: expect.any(Number) }]);
  });

  it("answers an already registered address like GoTrue: an obfuscated user without identities", async () => {
    const { data, error } = await client().auth.signUp({
      email: demo.client.email,
      password: "Another-Password1",
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(demo.client.id);
    expect(data.user?.identities).toEqual([]);
  });

  it("refuses weak passwords, missing passwords and bad addresses", async () => {
    const weak = await client().auth.signUp({ email: uniqueEmail(), password: "12345" });
    expect(weak.error?.name).toBe("AuthWeakPasswordError");
    expect(weak.error).toMatchObject({
      status: 422,
      code: "weak_password",
      message: "Password should be at least 6 characters.",
    });
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(["length"]);
    const missing = await raw("/auth/v1/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
      body: JSON.stringify({ email: uniqueEmail() }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      code: "validation_failed",
      message: "Signup requires a valid password",
    });
    const badEmail = await client().auth.signUp({ email: "not-an-email", password: "Str0ng-Password" });
    expect(badEmail.error).toMatchObject({ status: 400, code: "validation_failed" });
    expect(badEmail.error?.message).toMatch(/^Unable to validate email address/);
  });

  it("resends the confirmation, limited to one e-mail per second", async () => {
    const email = uniqueEmail("resend");
    const c = client();
    await c.auth.signUp({ email, password: "Str0ng-Password" });
    const tooSoon = await c.auth.resend({ type: "signup", email });
    expect(tooSoon.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { error } = await c.auth.resend({ type: "signup", email });
    expect(error).toBeNull();
    expect(await mailbox(email)).toHaveLength(2);
    const badType = await raw("/auth/v1/resend", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
      body: JSON.stringify({ email, type: "nope" }),
    });
    expect(await badType.json()).toEqual({
      code: "validation_failed",
      message: "Missing one of these types: signup, email_change, sms, phone_change",
    });
  });
});

describe("auth: PKCE", () => {
  it("confirms a sign-up through ?code= and exchangeCodeForSession", async () => {
    const storage = new Map<string, string>();
    const c = createClient<Database>(url, keys.publishable, {
      auth: {
        flowType: "pkce",
        autoRefreshToken: false,
        storage: {
          getItem: (key) => storage.get(key) ?? null,
          setItem: (key, value) => void storage.set(key, value),
          removeItem: (key) => void storage.delete(key),
        },
      },
    });
    const email = uniqueEmail("pkce");
    const signUp = await c.auth.signUp({ email, password: "Str0ng-Password" });
    expect(signUp.error).toBeNull();
    const [mail] = await mailbox(email);
    expect(mail?.links[0]).toContain("token=pkce_");
    const followed = await fetch(mail?.links[0] ?? "", { redirect: "manual" });
    expect(followed.status).toBe(303);
    const code = new URL(followed.headers.get("location") ?? "").searchParams.get("code") ?? "";
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await c.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(decodeJwt(data.session?.access_token ?? "").amr).toEqual([
      { method: "email/signup", timestamp: expect.any(Number) },
    ]);
    const reused = await c.auth.exchangeCodeForSession(code);
    expect(reused.error).toBeTruthy();
  });

  it("rejects a wrong code verifier and an unknown code", async () => {
    const post = (body: unknown) =>
      raw("/auth/v1/token?grant_type=pkce", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
        body: JSON.stringify(body),
      });
    const empty = await post({ auth_code: "", code_verifier: "" });
    expect(empty.status).toBe(400);
    expect((await jsonOf(empty)).code).toBe("validation_failed");
    const unknown = await post({
      auth_code: "00000000-0000-4000-8000-000000000000",
      code_verifier: "x".repeat(50),
    });
    expect(unknown.status).toBe(404);
    expect((await jsonOf(unknown)).code).toBe("flow_state_not_found");
  });

  it("recovers a password through the e-mailed link", async () => {
    const email = uniqueEmail("recover");
    const admin = service();
    await admin.auth.admin.createUser({ email, password: "Old-Password-1", email_confirm: true });
    const c = client();
    expect(
      (await c.auth.resetPasswordForEmail(email, { redirectTo: "http://localhost:8787/reset" })).error,
    ).toBeNull();
    expect((await c.auth.resetPasswordForEmail(uniqueEmail())).error).toBeNull();
    const [mail] = await mailbox(email);
    expect(mail?.subject).toBe("Reset Your Password");
    const { data, error } = await c.auth.verifyOtp({ email, token: otpOf(mail as never), type: "recovery" });
    expect(error).toBeNull();
    expect(data.session).toBeTruthy();
    const same = await c.auth.updateUser({ password: "Old-Password-1" });
    expect(same.error).toMatchObject({ status: 422, code: "same_password" });
    const weak = await c.auth.updateUser({ password: "123" });
    expect(weak.error).toMatchObject({ status: 422, code: "weak_password" });
    expect((await c.auth.updateUser({ password: "New-Password-2" })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: "New-Password-2" })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: "Old-Password-1" })).error?.code).toBe(
      "invalid_credentials",
    );
  });
});

describe("auth: sessions", () => {
  it("rotates refresh tokens and refuses a reused one after the grace period", async () => {
    const c = await signedIn(demo.lawyer.email);
    const before = (await c.auth.getSession()).data.session;
    const { data, error } = await c.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(before?.refresh_token);
    expect(data.session?.access_token).toBeTruthy();
    const unknown = await client().auth.refreshSession({ refresh_token: "not-a-token" });
    expect(unknown.error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
    const missing = await raw("/auth/v1/token?grant_type=refresh_token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(await missing.json()).toEqual({
      error: "invalid_request",
      error_description: "refresh_token required",
    });
  });

  it("gets and updates the user; metadata merges and null deletes", async () => {
    const email = uniqueEmail("update");
    await service().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: "Max", theme: "dark" },
    });
    const c = await signedIn(email);
    const got = await c.auth.getUser();
    expect(got.data.user?.email).toBe(email);
    const updated = await c.auth.updateUser({ data: { theme: null, locale: "fr" } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({
      first_name: "Max",
      locale: "fr",
      email_verified: true,
    });
  });

  it("changes the e-mail after both addresses confirm", async () => {
    const email = uniqueEmail("change");
    const next = uniqueEmail("changed");
    await service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const c = await signedIn(email);
    const taken = await c.auth.updateUser({ email: demo.client.email });
    expect(taken.error).toMatchObject({ status: 422, code: "email_exists" });
    const { data, error } = await c.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(next);
    const [toNew] = await mailbox(next);
    const [toOld] = await mailbox(email);
    expect(toNew?.subject).toBe("Confirm Email Change");
    const first = await c.auth.verifyOtp({ email: next, token: otpOf(toNew as never), type: "email_change" });
    expect(first.error).toBeNull();
    expect(first.data.user).toBeNull();
    const second = await c.auth.verifyOtp({ email, token: otpOf(toOld as never), type: "email_change" });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
    const row = await service()
      .from("users")
      .select("email")
      .eq("uuid", second.data.user?.id ?? "")
      .single();
    expect(row.data?.email).toBe(next);
  });

  it("answers /user errors: no token 401, tampered or expired 403 bad_jwt, anon key 403", async () => {
    const noToken = await raw("/auth/v1/user", { headers: { "X-Supabase-Api-Version": "2024-01-01" } });
    expect(noToken.status).toBe(403);
    const c = await signedIn(demo.client.email);
    const token = (await c.auth.getSession()).data.session?.access_token ?? "";
    const tampered = `${token.slice(0, -4)}AAAA`;
    const bad = await client().auth.getUser(tampered);
    expect(bad.error).toMatchObject({ status: 403, code: "bad_jwt" });
    const expired = await jwt({
      sub: demo.client.id,
      role: "authenticated",
      aud: "authenticated",
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    const old = await client().auth.getUser(expired);
    expect(old.error).toMatchObject({ status: 403, code: "bad_jwt" });
    expect(old.error?.message).toContain("token is expired");
    const anonUser = await client().auth.getUser(keys.anon);
    expect(anonUser.error).toMatchObject({
      status: 403,
      code: "bad_jwt",
      message: "invalid claim: missing sub claim",
    });
    const none = await raw("/auth/v1/user", {
      headers: { apikey: keys.anon, Authorization: "", "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect([401, 403]).toContain(none.status);
  });

  it("signs out with scopes; a revoked session is session_not_found", async () => {
    const email = uniqueEmail("logout");
    await service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const a = await signedIn(email);
    const b = await signedIn(email);
    const tokenA = (await a.auth.getSession()).data.session?.access_token ?? "";
    const tokenB = (await b.auth.getSession()).data.session?.access_token ?? "";
    expect((await a.auth.signOut({ scope: "local" })).error).toBeNull();
    const gone = await client().auth.getUser(tokenA);
    // GoTrue answers 403 session_not_found; auth-js turns that into AuthSessionMissingError.
    expect(gone.error?.name).toBe("AuthSessionMissingError");
    const direct = await raw("/auth/v1/user", {
      headers: { Authorization: `Bearer ${tokenA}`, "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toEqual({
      code: "session_not_found",
      message: "Session from session_id claim in JWT does not exist",
    });
    expect((await client().auth.getUser(tokenB)).error).toBeNull();
    const c = await signedIn(email);
    const tokenC = (await c.auth.getSession()).data.session?.access_token ?? "";
    await c.auth.signOut({ scope: "others" });
    expect((await client().auth.getUser(tokenB)).error?.name).toBe("AuthSessionMissingError");
    expect((await client().auth.getUser(tokenC)).error).toBeNull();
    const logout = await raw("/auth/v1/logout?scope=global", {
      method: "POST",
      headers: { Authorization: `Bearer ${tokenC}` },
    });
    expect(logout.status).toBe(204);
    expect(await logout.text()).toBe("");
    expect((await client().auth.getUser(tokenC)).error?.name).toBe("AuthSessionMissingError");
    const badScope = await raw("/auth/v1/logout?scope=everything", { method: "POST" });
    expect(badScope.status).toBe(400);
  });

  it("sends a magic link that signs in", async () => {
    const email = uniqueEmail("magic");
    await service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const c = client();
    expect((await c.auth.signInWithOtp({ email })).error).toBeNull();
    const [mail] = await mailbox(email);
    expect(mail?.subject).toBe("Your Magic Link");
    const { data, error } = await c.auth.verifyOtp({ email, token: otpOf(mail as never), type: "email" });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    const noCreate = await c.auth.signInWithOtp({
      email: uniqueEmail(),
      options: { shouldCreateUser: false },
    });
    expect(noCreate.error).toMatchObject({ status: 422, code: "otp_disabled" });
  });
});

describe("auth: admin API", () => {
  it("creates, lists, gets, updates and deletes users with the service role", async () => {
    const admin = service();
    const email = uniqueEmail("admin-api");
    const created = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: "Ida" },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? "";
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    const duplicate = await admin.auth.admin.createUser({ email, password: PASSWORD });
    expect(duplicate.error).toMatchObject({ status: 422, code: "email_exists" });
    const list = await admin.auth.admin.listUsers({ page: 1, perPage: 5 });
    expect(list.error).toBeNull();
    expect(list.data.users).toHaveLength(5);
    expect((list.data as unknown as { total: number }).total).toBeGreaterThan(5);
    expect((list.data as unknown as { nextPage: number }).nextPage).toBe(2);
    const got = await admin.auth.admin.getUserById(id);
    expect(got.data.user?.email).toBe(email);
    const updated = await admin.auth.admin.updateUserById(id, { user_metadata: { last_name: "Tarbell" } });
    expect(updated.data.user?.user_metadata).toMatchObject({ first_name: "Ida", last_name: "Tarbell" });
    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
    const missing = await admin.auth.admin.getUserById(id);
    expect(missing.error).toMatchObject({ status: 404, code: "user_not_found" });
    const profile = await admin.from("users").select("uuid").eq("uuid", id);
    expect(profile.data).toEqual([]);
  });

  it("refuses the admin API to anyone but the service role", async () => {
    const anon = await client().auth.admin.listUsers();
    expect(anon.error).toMatchObject({ status: 403, code: "not_admin" });
    const user = await signedIn(demo.admin.email);
    const token = (await user.auth.getSession()).data.session?.access_token ?? "";
    const asUser = createClient<Database>(url, keys.publishable, {
      auth: { persistSession: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    expect((await asUser.auth.admin.listUsers()).error?.code).toBe("not_admin");
    const legacy = client(keys.serviceRole);
    expect((await legacy.auth.admin.listUsers({ perPage: 1 })).error).toBeNull();
  });

  it("generates links", async () => {
    const { data, error } = await service().auth.admin.generateLink({
      type: "magiclink",
      email: demo.client.email,
    });
    expect(error).toBeNull();
    expect(data.properties?.action_link).toContain("/auth/v1/verify?token=");
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
  });
});
