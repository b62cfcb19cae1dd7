import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Supabase } from "../../../app/lib/database.ts";
import { PUBLISHABLE_KEY_DEFAULT, SECRET_KEY_DEFAULT } from "../../../supabase/local/config.ts";
import { createRateLimiter, takeAll } from "../../../supabase/local/ratelimit.ts";
import { type LocalSupabase, startLocalSupabase } from "../../../supabase/local/server.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD as PASSWORD } from "../../fixtures/accounts.ts";

const DEMO_CLIENT = DEMO_ACCOUNTS.client.email;
const LIMITS = {
  rateLimitSignInSignUps: 12,
  rateLimitTokenVerifications: 3,
  rateLimitTokenRefresh: 3,
  rateLimitPerAddress: 10,
};

describe("ratelimit.ts (injected clock)", () => {
  it("refills a key's bucket over the window and forgets idle keys", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ max: 3, windowMs: 3000, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(limiter.wait("a")).toBe(0);
      limiter.take("a");
    }
    expect(limiter.wait("a")).toBe(1000);
    expect(limiter.wait("b")).toBe(0);
    now += 999;
    expect(limiter.wait("a")).toBe(1);
    now += 1;
    expect(limiter.wait("a")).toBe(0);
    limiter.take("a");
    expect(limiter.wait("a")).toBe(1000);
    // A whole window later the key is back to its full burst, and pruned on the next take.
    now += 3000;
    for (let i = 0; i < 3; i++) {
      expect(limiter.wait("a")).toBe(0);
      limiter.take("a");
    }
    now += 3000;
    limiter.take("b");
    expect(limiter.size).toBe(1);
  });

  it("keeps at most maxKeys keys, and 0 means unlimited", () => {
    const bounded = createRateLimiter({ max: 1, windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) bounded.take(`ip-${i}`);
    expect(bounded.size).toBe(100);
    expect(bounded.wait("ip-999")).toBeGreaterThan(0);
    const unlimited = createRateLimiter({ max: 0, windowMs: 60_000 });
    for (let i = 0; i < 100; i++) unlimited.take("x");
    expect(unlimited.wait("x")).toBe(0);
    expect(unlimited.size).toBe(0);
  });

  it("gives a spent request back, never above the burst", () => {
    const now = () => 0;
    const limiter = createRateLimiter({ max: 2, windowMs: 1000, now });
    limiter.give("a");
    expect(limiter.size).toBe(0);
    limiter.take("a");
    limiter.take("a");
    expect(limiter.wait("a")).toBe(500);
    limiter.give("a");
    expect(limiter.wait("a")).toBe(0);
    limiter.give("a");
    limiter.give("a");
    limiter.take("a");
    limiter.take("a");
    expect(limiter.wait("a")).toBe(500);
  });

  it("takeAll spends from every limiter or from none", () => {
    const now = () => 0;
    const ip = createRateLimiter({ max: 5, windowMs: 1000, now });
    const address = createRateLimiter({ max: 1, windowMs: 1000, now });
    expect(
      takeAll([
        [ip, "1.2.3.4"],
        [address, "a@x.test"],
      ]),
    ).toBe(0);
    expect(
      takeAll([
        [ip, "1.2.3.4"],
        [address, "a@x.test"],
      ]),
    ).toBe(1000);
    // The refused request did not spend the IP's allowance: 4 of 5 remain.
    for (let i = 0; i < 4; i++) expect(takeAll([[ip, "1.2.3.4"]])).toBe(0);
    expect(takeAll([[ip, "1.2.3.4"]])).toBeGreaterThan(0);
  });
});

describe("auth rate limits (own server)", () => {
  let root: string;
  let local: LocalSupabase;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "supabase-local-ratelimit-"));
    local = await startLocalSupabase({
      port: 0,
      dataDir: join(root, "pglite"),
      storageDir: join(root, "storage"),
      logRequests: false,
      emailMaxFrequencySeconds: 0,
      ...LIMITS,
    });
  });

  afterAll(async () => {
    await local?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  let counter = 0;
  const fresh = (label: string) => `${label}.${Date.now()}.${++counter}@example.com`;

  /**
   * A supabase-js client acting for a browser at `ip`, as the app's server does: the secret key
   * and the browser's address in Sb-Forwarded-For (hosted Supabase's IP address forwarding).
   */
  function from(ip: string): Supabase {
    return createClient<Database>(local.url, SECRET_KEY_DEFAULT, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { "Sb-Forwarded-For": ip } },
    });
  }

  /** The secret key without a forwarded address: the service role itself, never limited. */
  const admin = () =>
    createClient<Database>(local.url, SECRET_KEY_DEFAULT, {
      auth: { persistSession: false, autoRefreshToken: false },
    });

  function post(path: string, ip: string, body: unknown, modern = true): Promise<Response> {
    const headers: Record<string, string> = {
      apikey: SECRET_KEY_DEFAULT,
      "Content-Type": "application/json",
      "Sb-Forwarded-For": ip,
    };
    if (modern) headers["X-Supabase-Api-Version"] = "2024-01-01";
    return fetch(`${local.url}/auth/v1${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  }

  async function createConfirmedUser(email: string): Promise<void> {
    const { error } = await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(error).toBeNull();
  }

  it("refuses the 11th failed sign-in for one address from one IP, but never locks the owner out elsewhere", async () => {
    const email = fresh("per-address");
    await createConfirmedUser(email);
    const attacker = from("198.51.100.1");
    for (let i = 1; i <= 10; i++) {
      const { error } = await attacker.auth.signInWithPassword({ email, password: `wrong-${i}` });
      expect(error?.code).toBe("invalid_credentials");
    }
    // The attacker's address is done guessing this account, even with the right password...
    const refused = await attacker.auth.signInWithPassword({
      email: ` ${email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(refused.data.session).toBeNull();
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.code).toBe("over_request_rate_limit");
    expect(refused.error?.message).toBe("Request rate limit reached");
    // ...and may still sign in to other accounts (its IP allowance is not spent).
    const other = await attacker.auth.signInWithPassword({ email: DEMO_CLIENT, password: PASSWORD });
    expect(other.error).toBeNull();
    expect(other.data.session).not.toBeNull();

    // The owner, from their own address, signs in at once, and successful sign-ins never count
    // against the address: 11 in a row, more than its limit of 10.
    const owner = from("198.51.100.2");
    for (let i = 0; i < 11; i++) {
      const { error } = await owner.auth.signInWithPassword({ email, password: PASSWORD });
      expect(error).toBeNull();
    }
    expect((await owner.auth.signInWithPassword({ email, password: "typo" })).error?.code).toBe(
      "invalid_credentials",
    );

    // The 2024-01-01 shape with x-sb-error-code, and the legacy shape, both with Retry-After.
    const modern = await post("/token?grant_type=password", "198.51.100.1", { email, password: PASSWORD });
    expect(modern.status).toBe(429);
    expect(modern.headers.get("x-sb-error-code")).toBe("over_request_rate_limit");
    expect(await modern.json()).toEqual({
      code: "over_request_rate_limit",
      message: "Request rate limit reached",
    });
    const retryAfter = Number(modern.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(modern.headers.get("access-control-expose-headers")).toContain("retry-after");
    const legacy = await post(
      "/token?grant_type=password",
      "198.51.100.1",
      { email, password: PASSWORD },
      false,
    );
    expect(legacy.status).toBe(429);
    expect(await legacy.json()).toEqual({
      code: 429,
      error_code: "over_request_rate_limit",
      msg: "Request rate limit reached",
    });
    expect(legacy.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("limits sign-ins and sign-ups per forwarded client IP, not across IPs", async () => {
    const exhausted = from("203.0.113.7");
    for (let i = 0; i < LIMITS.rateLimitSignInSignUps; i++) {
      const { error } = await exhausted.auth.signInWithPassword({
        email: fresh("nobody"),
        password: PASSWORD,
      });
      expect(error?.code).toBe("invalid_credentials");
    }
    const signIn = await exhausted.auth.signInWithPassword({ email: DEMO_CLIENT, password: PASSWORD });
    expect(signIn.error?.status).toBe(429);
    expect(signIn.error?.code).toBe("over_request_rate_limit");
    const signUp = await exhausted.auth.signUp({ email: fresh("from-exhausted-ip"), password: PASSWORD });
    expect(signUp.error?.status).toBe(429);
    const otp = await exhausted.auth.signInWithOtp({ email: fresh("otp") });
    expect(otp.error?.status).toBe(429);

    const elsewhere = await from("203.0.113.8").auth.signInWithPassword({
      email: DEMO_CLIENT,
      password: PASSWORD,
    });
    expect(elsewhere.error).toBeNull();
    // The first Sb-Forwarded-For value is the client; anything after it does not matter.
    const chained = await from("203.0.113.7, 10.0.0.1").auth.signInWithPassword({
      email: DEMO_CLIENT,
      password: PASSWORD,
    });
    expect(chained.error?.status).toBe(429);
  });

  it("limits sign-up per address, and a refused sign-up creates no user and sends no e-mail", async () => {
    const email = fresh("signup");
    for (let i = 1; i <= 10; i++) {
      const { error } = await from("198.18.0.1").auth.signUp({ email, password: "x" });
      expect(error?.code).toBe("weak_password");
    }
    const refused = await from("198.18.0.1").auth.signUp({ email, password: PASSWORD });
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.code).toBe("over_request_rate_limit");
    const users = await local.db.tx((q) =>
      q.query<{ count: number }>("select count(*)::int as count from auth.users where lower(email) = $1", [
        email,
      ]),
    );
    expect(users.rows[0]?.count).toBe(0);
    const mail = await fetch(`${local.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
    expect(await mail.json()).toEqual([]);

    const another = fresh("signup-other");
    const allowed = await from("198.18.0.1").auth.signUp({ email: another, password: PASSWORD });
    expect(allowed.error).toBeNull();
    expect(allowed.data.user?.email).toBe(another);
    // The same address from another IP is not affected.
    const elsewhere = await from("198.18.0.2").auth.signUp({ email, password: PASSWORD });
    expect(elsewhere.error).toBeNull();
  });

  it("limits password recovery per address; refused requests send nothing", async () => {
    const email = fresh("recover");
    await createConfirmedUser(email);
    for (let i = 1; i <= 10; i++) {
      const { error } = await from("198.18.1.1").auth.resetPasswordForEmail(email);
      expect(error).toBeNull();
    }
    const refused = await from("198.18.1.1").auth.resetPasswordForEmail(email);
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.code).toBe("over_request_rate_limit");
    const mail = await fetch(`${local.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
    expect(((await mail.json()) as unknown[]).length).toBe(10);
    expect((await from("198.18.1.2").auth.resetPasswordForEmail(email)).error).toBeNull();
  });

  it("limits refresh-token grants per IP without spending the refused token", async () => {
    const { data, error } = await from("198.18.2.1").auth.signInWithPassword({
      email: DEMO_CLIENT,
      password: PASSWORD,
    });
    expect(error).toBeNull();
    let token = data.session?.refresh_token ?? "";
    for (let i = 0; i < LIMITS.rateLimitTokenRefresh; i++) {
      const response = await post("/token?grant_type=refresh_token", "198.18.2.2", { refresh_token: token });
      expect(response.status).toBe(200);
      token = String(((await response.json()) as { refresh_token: string }).refresh_token);
    }
    const refused = await post("/token?grant_type=refresh_token", "198.18.2.2", { refresh_token: token });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "over_request_rate_limit" });
    // The token of the refused request was not rotated: another client IP can still use it.
    const elsewhere = await post("/token?grant_type=refresh_token", "198.18.2.3", { refresh_token: token });
    expect(elsewhere.status).toBe(200);
  });

  it("limits POST and GET /verify per IP", async () => {
    for (let i = 0; i < LIMITS.rateLimitTokenVerifications; i++) {
      const { error } = await from("198.18.3.1").auth.verifyOtp({ token_hash: `bogus-${i}`, type: "signup" });
      expect(error?.code).toBe("otp_expired");
    }
    const refused = await from("198.18.3.1").auth.verifyOtp({ token_hash: "bogus", type: "signup" });
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.code).toBe("over_request_rate_limit");
    const link = await fetch(`${local.url}/auth/v1/verify?token=bogus&type=signup`, {
      headers: { apikey: SECRET_KEY_DEFAULT, "Sb-Forwarded-For": "198.18.3.1" },
      redirect: "manual",
    });
    expect(link.status).toBe(429);
    expect(link.headers.get("retry-after")).toMatch(/^\d+$/);
    const elsewhere = await fetch(`${local.url}/auth/v1/verify?token=bogus&type=signup`, {
      headers: { apikey: SECRET_KEY_DEFAULT, "Sb-Forwarded-For": "198.18.3.2" },
      redirect: "manual",
    });
    expect(elsewhere.status).toBe(303);
  });

  it("never limits the service role when it forwards no client address", async () => {
    const email = fresh("service");
    await createConfirmedUser(email);
    // More failed sign-ins than both the address (10) and the IP (12) allow.
    for (let i = 0; i <= LIMITS.rateLimitSignInSignUps; i++) {
      const { error } = await admin().auth.signInWithPassword({ email, password: "wrong" });
      expect(error?.code).toBe("invalid_credentials");
    }
    const created = await admin().auth.admin.createUser({ email: fresh("admin-made"), password: PASSWORD });
    expect(created.error).toBeNull();
    // Nothing was counted against the server's own address either.
    const user = await from("127.0.0.1").auth.signInWithPassword({ email, password: PASSWORD });
    expect(user.error).toBeNull();
  });

  // Last: it spends the allowance of this test process's own address (127.0.0.1).
  it("ignores client-supplied address headers: without the secret key every request counts against the peer", async () => {
    const email = fresh("spoofed");
    await createConfirmedUser(email);
    const spoofing = (ip: string) =>
      createClient<Database>(local.url, PUBLISHABLE_KEY_DEFAULT, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: {
          headers: {
            "X-Forwarded-For": ip,
            "CF-Connecting-IP": ip,
            "X-Real-IP": ip,
            "Sb-Forwarded-For": ip,
          },
        },
      });
    // Ten wrong passwords, each "from" another address: all are the peer's, so the 11th is refused.
    for (let i = 1; i <= 10; i++) {
      const { error } = await spoofing(`192.0.2.${i}`).auth.signInWithPassword({ email, password: "wrong" });
      expect(error?.code).toBe("invalid_credentials");
    }
    const refused = await spoofing("192.0.2.11").auth.signInWithPassword({ email, password: PASSWORD });
    expect(refused.error?.status).toBe(429);
    // Naming the owner's address locked nothing there: a browser really at 192.0.2.1 (forwarded
    // by the app's server) signs in.
    expect((await from("192.0.2.1").auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    // The peer's own sign-in allowance (12) runs out whatever the headers say.
    let status = 0;
    for (let i = 0; i < LIMITS.rateLimitSignInSignUps && status !== 429; i++) {
      const { error } = await spoofing(`192.0.2.${100 + i}`).auth.signInWithPassword({
        email: fresh("nobody"),
        password: PASSWORD,
      });
      status = error?.status ?? 200;
    }
    expect(status).toBe(429);
    // A malformed forwarded address, even with the secret key, counts against the peer.
    const malformed = await fetch(`${local.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: {
        apikey: SECRET_KEY_DEFAULT,
        "Content-Type": "application/json",
        "Sb-Forwarded-For": "not-an-ip",
      },
      body: JSON.stringify({ email: DEMO_CLIENT, password: PASSWORD }),
    });
    expect(malformed.status).toBe(429);
  });
});

describe("auth rate limits: the window resets (1-second window)", () => {
  it("allows the address again once the window has passed", async () => {
    const root = mkdtempSync(join(tmpdir(), "supabase-local-ratelimit-window-"));
    const local = await startLocalSupabase({
      port: 0,
      dataDir: join(root, "pglite"),
      storageDir: join(root, "storage"),
      logRequests: false,
      rateLimitPerAddress: 2,
      rateLimitWindowSeconds: 1,
    });
    try {
      const signIn = (password: string) =>
        createClient<Database>(local.url, PUBLISHABLE_KEY_DEFAULT, {
          auth: { persistSession: false, autoRefreshToken: false },
        }).auth.signInWithPassword({ email: DEMO_CLIENT, password });
      // Three at once, so the bucket (2 per second) cannot refill between them: one is refused
      // (each attempt is counted before its password is checked, so a burst cannot slip through).
      const burst = await Promise.all([signIn("wrong"), signIn("wrong"), signIn("wrong")]);
      expect(burst.map(({ error }) => error?.status ?? 200).sort()).toEqual([400, 400, 429]);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const again = await signIn(PASSWORD);
      expect(again.error).toBeNull();
    } finally {
      await local.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
