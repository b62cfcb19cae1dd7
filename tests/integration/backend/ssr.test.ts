import { createServerClient } from "@supabase/ssr";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../app/lib/database.ts";
import { demo, keys, mailbox, PASSWORD, uniqueEmail, url } from "../helpers.ts";

type Jar = Map<string, string>;

/** A server client per "request", reading and writing one browser's cookie jar. */
function serverClient(jar: Jar, writes: string[] = []) {
  return createServerClient<Database>(url, keys.publishable, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => {
        for (const { name, value, options } of cookies) {
          writes.push(name);
          if (value === "" || options?.maxAge === 0) jar.delete(name);
          else jar.set(name, value);
        }
      },
    },
  });
}

function decodeSession(jar: Jar): Record<string, unknown> {
  const value = jar.get("sb-127-auth-token") ?? "";
  expect(value.startsWith("base64-")).toBe(true);
  return JSON.parse(Buffer.from(value.slice("base64-".length), "base64url").toString("utf8"));
}

describe("@supabase/ssr createServerClient with a cookie jar", () => {
  it("signs in, writes the cookie, and the next request reads it", async () => {
    const jar: Jar = new Map();
    const signIn = await serverClient(jar).auth.signInWithPassword({
      email: demo.client.email,
      password: PASSWORD,
    });
    expect(signIn.error).toBeNull();
    expect(jar.has("sb-127-auth-token")).toBe(true);
    const session = decodeSession(jar);
    expect(session.refresh_token).toBeTruthy();

    const next = serverClient(jar);
    const { data, error } = await next.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(demo.client.email);
    const me = await next.from("users").select("uuid,access_level").eq("uuid", demo.client.id).single();
    expect(me.data).toEqual({ uuid: demo.client.id, access_level: "user" });
    const notifications = await next.from("notifications").select("user_id");
    expect(notifications.data?.length).toBeGreaterThan(0);
    expect(notifications.data?.every((row) => row.user_id === demo.client.id)).toBe(true);
  });

  it("refreshes an expired session on read and writes the new cookie", async () => {
    const jar: Jar = new Map();
    await serverClient(jar).auth.signInWithPassword({ email: demo.lawyer.email, password: PASSWORD });
    const session = decodeSession(jar);
    const expired = { ...session, expires_at: Math.floor(Date.now() / 1000) - 60 };
    jar.set("sb-127-auth-token", `base64-${Buffer.from(JSON.stringify(expired)).toString("base64url")}`);
    const writes: string[] = [];
    const { data, error } = await serverClient(jar, writes).auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(demo.lawyer.email);
    expect(writes).toContain("sb-127-auth-token");
    const refreshed = decodeSession(jar);
    expect(refreshed.refresh_token).not.toBe(session.refresh_token);
    expect(Number(refreshed.expires_at)).toBeGreaterThan(Date.now() / 1000);
  });

  it("confirms a sign-up with PKCE: the verifier cookie and the e-mailed ?code=", async () => {
    const jar: Jar = new Map();
    const email = uniqueEmail("ssr");
    const signUp = await serverClient(jar).auth.signUp({
      email,
      password: "Str0ng-Password",
      options: { emailRedirectTo: "http://localhost:8787/auth/confirm" },
    });
    expect(signUp.error).toBeNull();
    expect(jar.has("sb-127-auth-token-code-verifier")).toBe(true);
    const [mail] = await mailbox(email);
    const followed = await fetch(mail?.links[0] ?? "", { redirect: "manual" });
    const location = new URL(followed.headers.get("location") ?? "");
    expect(location.pathname).toBe("/auth/confirm");
    const code = location.searchParams.get("code") ?? "";
    const exchanged = await serverClient(jar).auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(decodeSession(jar).user).toMatchObject({ email });
    const { data } = await serverClient(jar).auth.getUser();
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it("signs out and clears the cookie", async () => {
    const jar: Jar = new Map();
    await serverClient(jar).auth.signInWithPassword({ email: demo.admin.email, password: PASSWORD });
    const token = decodeSession(jar).access_token as string;
    expect((await serverClient(jar).auth.signOut()).error).toBeNull();
    expect(jar.has("sb-127-auth-token")).toBe(false);
    const user = await fetch(`${url}/auth/v1/user`, {
      headers: { apikey: keys.publishable, Authorization: `Bearer ${token}` },
    });
    expect(user.status).toBe(403);
  });
});
