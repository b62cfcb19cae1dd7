import { describe, expect, it } from "vitest";
import { client, createUser, demo, jsonOf, jwt, keys, raw, service, signedIn, url } from "./helpers.ts";

const json = { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" };

describe("robustness: bad input gets a Supabase-shaped 4xx", () => {
  it("malformed JSON", async () => {
    const rest = await raw("/rest/v1/contact_messages", { method: "POST", headers: json, body: "{not json" });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: "PGRST102", message: "Empty or invalid json" });
    const auth = await raw("/auth/v1/signup", { method: "POST", headers: json, body: "[1," });
    expect(auth.status).toBe(400);
    expect((await jsonOf(auth)).code).toBe("bad_json");
    const notObject = await raw("/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: json,
      body: "42",
    });
    expect(notObject.status).toBe(400);
  });

  it("oversized bodies are refused with 413", async () => {
    const big = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) });
    const rest = await raw("/rest/v1/contact_messages", { method: "POST", headers: json, body: big });
    expect(rest.status).toBe(413);
    expect((await jsonOf(rest)).code).toBe("PGRST413");
    const auth = await raw("/auth/v1/signup", { method: "POST", headers: json, body: big });
    expect(auth.status).toBe(413);
    expect((await raw("/auth/v1/health")).status).toBe(200);
  });

  it("a missing or wrong API key", async () => {
    const none = await fetch(`${url}/rest/v1/law_firms`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ message: "No API key found in request" });
    const wrong = await client("sb_publishable_wrong").from("law_firms").select();
    expect(wrong.status).toBe(401);
    expect(wrong.error?.message).toBe("Invalid API key");
    const wrongAuth = await client("not-a-key").auth.signInWithPassword({
      email: demo.client.email,
      password: "x",
    });
    expect(wrongAuth.error?.status).toBe(401);
  });

  it("every key format maps to its role", async () => {
    for (const key of [keys.anon, keys.publishable]) {
      const { data, error } = await client(key).from("law_firms").select("id");
      expect(error).toBeNull();
      expect(data?.length).toBeGreaterThanOrEqual(2);
      expect((await client(key).from("contact_messages").select("id")).status).toBe(401);
    }
    for (const key of [keys.serviceRole, keys.secret]) {
      const { data } = await client(key).from("contact_messages").select("id");
      expect(data?.length).toBeGreaterThanOrEqual(1);
    }
  });

  it("an expired, tampered or foreign JWT", async () => {
    const c = await signedIn(demo.client.email);
    const token = (await c.auth.getSession()).data.session?.access_token ?? "";
    const call = (bearer: string) =>
      raw("/rest/v1/users?select=uuid", { headers: { Authorization: `Bearer ${bearer}` } });
    const tampered = await call(`${token.slice(0, -3)}abc`);
    expect(tampered.status).toBe(401);
    expect(tampered.headers.get("www-authenticate")).toContain("invalid_token");
    expect(await tampered.json()).toMatchObject({ code: "PGRST301" });
    const parts = await call("abc.def");
    expect(await parts.json()).toMatchObject({ code: "PGRST301", message: "Expected 3 parts in JWT; got 2" });
    const expired = await call(
      await jwt({ sub: demo.client.id, role: "authenticated", exp: Math.floor(Date.now() / 1000) - 5 }),
    );
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: "PGRST303", message: "JWT expired" });
    const foreign = await call(
      await jwt({ sub: demo.client.id, role: "authenticated" }, "another-secret-another-secret-123"),
    );
    expect(foreign.status).toBe(401);
    const badRole = await call(
      await jwt({ role: "postgres_admin", exp: Math.floor(Date.now() / 1000) + 60 }),
    );
    expect(badRole.status).toBe(401);
    expect((await jsonOf(badRole)).code).toBe("22023");
  });

  it("bad filter syntax, unknown paths and methods", async () => {
    for (const query of ["id=eq", "or=(a.eq.1", "order=.desc", "limit=ten", "id=in.1,2", "select=a:b:c"]) {
      const response = await raw(`/rest/v1/law_firms?${query}`);
      expect(response.status, query).toBe(400);
      const body = await jsonOf(response);
      expect(Object.keys(body).sort()).toEqual(["code", "details", "hint", "message"]);
    }
    expect((await raw("/rest/v1/law_firms/extra")).status).toBe(404);
    expect((await raw("/rest/v1/law_firms", { method: "PUT", headers: json, body: "{}" })).status).toBe(405);
    expect((await fetch(`${url}/nowhere`)).status).toBe(404);
  });

  it("survives garbage on the socket", async () => {
    const net = await import("node:net");
    const { port, hostname } = new URL(url);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), hostname, () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      socket.on("data", () => socket.destroy());
      socket.on("close", () => resolve());
      socket.on("error", () => resolve());
    });
    expect((await raw("/auth/v1/health")).status).toBe(200);
  });
});

describe("robustness: concurrency", () => {
  it("concurrent requests do not interleave their transactions", async () => {
    const { id, client: c } = await createUser("user");
    const types = ["task_assignment", "appointment", "case_update", "payment"];
    const media = ["in_app", "email", "sms"];
    const inserts = types.flatMap((type) =>
      media.map((medium) =>
        c.from("user_notification_preferences").insert({ user_id: id, notification_type: type, medium }),
      ),
    );
    const failing = Array.from({ length: 10 }, () =>
      c
        .from("user_notification_preferences")
        .insert({ user_id: demo.lawyer.id, notification_type: "payment", medium: "sms" }),
    );
    const reads = Array.from({ length: 20 }, () => client().from("law_firms").select("id"));
    const results = await Promise.all([...inserts, ...failing, ...reads]);
    expect(results.slice(0, 12).every((r) => r.status === 201)).toBe(true);
    expect(results.slice(12, 22).every((r) => r.status === 403)).toBe(true);
    expect(results.slice(22).every((r) => r.status === 200 && (r.data?.length ?? 0) >= 2)).toBe(true);
    const { count } = await service()
      .from("user_notification_preferences")
      .select("*", { count: "exact", head: true })
      .eq("user_id", id);
    expect(count).toBe(12);
  });
});
