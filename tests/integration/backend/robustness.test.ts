import { once } from "node:events";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import {
  client,
  createUser,
  demo,
  FIRM_HARTWELL,
  jsonOf,
  jwt,
  keys,
  raw,
  service,
  signedIn,
  url,
} from "../helpers.ts";

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
    expect((await jsonOf(auth)).code).toBe("request_too_large");
    expect((await raw("/auth/v1/health")).status).toBe(200);
  });

  it("a 413 sent before the body is read leaves the connection open for the rest of it", async () => {
    // The refusal answers from the declared length. A client still sending its body must be able to
    // finish and read the answer: closing the connection made fetch fail with EPIPE instead.
    const size = 2 * 1024 * 1024;
    const { hostname: host, port } = new URL(url);
    const socket = connect(Number(port), host);
    await once(socket, "connect");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (text: string) => {
      received += text;
    });
    const until = async (done: () => boolean) => {
      for (let waited = 0; !done(); waited += 10) {
        if (waited > 5000 || socket.destroyed) throw new Error(`no answer; got ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const head = (method: string, path: string, length: number) =>
      `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\napikey: ${keys.publishable}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    socket.write(head("POST", "/auth/v1/signup", size));
    await until(() => received.includes("request_too_large"));
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).not.toMatch(/connection: close/i);
    socket.write("x".repeat(size));
    socket.write(head("GET", "/auth/v1/health", 0));
    await until(() => received.split("HTTP/1.1 ").length > 2);
    expect(received.split("HTTP/1.1 ")[2]).toMatch(/^200 /);
    socket.destroy();
  });

  it("a missing or wrong API key", async () => {
    // An Authorization without an apikey is refused; with neither, REST runs as anon (gateway.test.ts).
    const none = await fetch(`${url}/rest/v1/law_firms`, {
      headers: { Authorization: `Bearer ${keys.anon}` },
    });
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

  it("a filter nested 3,000 deep, a 5,000-column select or an embed 1,000 deep: 400 PGRST100", async () => {
    let tree = "id.eq.1";
    for (let i = 0; i < 3000; i++) tree = `${i % 2 ? "and" : "or"}(${tree})`;
    const deepFilter = await raw(`/rest/v1/law_firms?or=(${tree})`);
    expect(deepFilter.status).toBe(400);
    expect(await deepFilter.json()).toMatchObject({
      code: "PGRST100",
      message: "failed to parse logic tree: nested more than 64 levels deep",
    });
    // Nesting within the limit still works.
    let shallow = `id.eq.${FIRM_HARTWELL}`;
    for (let i = 0; i < 30; i++) shallow = `${i % 2 ? "and" : "or"}(${shallow})`;
    const ok = await raw(`/rest/v1/law_firms?select=id&or=(${shallow})`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual([{ id: FIRM_HARTWELL }]);

    const wide = await raw(`/rest/v1/law_firms?select=${Array.from({ length: 5000 }, () => "id").join(",")}`);
    expect(wide.status).toBe(400);
    expect(await wide.json()).toMatchObject({
      code: "PGRST100",
      message: "failed to parse select parameter: 5000 columns, more than the 1000 allowed",
    });
    // Under the parser's limit but over PostgreSQL's 1664 target entries (each * is 5 columns).
    const stars = await raw(`/rest/v1/law_firms?select=${Array.from({ length: 900 }, () => "*").join(",")}`);
    expect(stars.status).toBe(400);
    expect((await jsonOf(stars)).code).toBe("54011");

    const deepEmbed = await raw(`/rest/v1/law_firms?select=${"users(".repeat(1000)}uuid${")".repeat(1000)}`);
    expect(deepEmbed.status).toBe(400);
    expect(await deepEmbed.json()).toMatchObject({
      code: "PGRST100",
      message: "failed to parse select parameter: nested more than 64 levels deep",
    });
  });

  it("a NUL byte anywhere in the query, or in a value of the body: 400 22021", async () => {
    const nul = { code: "22021", message: 'invalid byte sequence for encoding "UTF8": 0x00' };
    for (const query of [
      "name=eq.a%00b",
      "name=ilike.*%00*",
      "or=(name.eq.%00,slug.eq.x)",
      "name=in.(%22a%00%22)",
      "select=na%00me",
      "select=al%00ias:name",
      "select=name->x%00",
      "order=name%00",
      "na%00me=eq.a",
    ]) {
      const response = await raw(`/rest/v1/law_firms?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject(nul);
    }
    const rpc = await raw("/rest/v1/rpc/case_people", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ p_case_ids: ["\u0000"] }),
    });
    expect(rpc.status).toBe(400);
    expect(await rpc.json()).toMatchObject(nul);
    const before = await service().from("contact_messages").select("*", { count: "exact", head: true });
    const insert = await raw("/rest/v1/contact_messages", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: "a\u0000b", email: "nul@example.com", message: "x" }),
    });
    expect(insert.status).toBe(400);
    const after = await service().from("contact_messages").select("*", { count: "exact", head: true });
    expect(after.count).toBe(before.count);
  });

  it("malformed paths, numbers, bodies and limits get 4xx, never 500", async () => {
    for (const query of ["name=eq.%ff%fe", "na%c3me=eq.a", "select=id&or=(name.eq.caf%e9)"]) {
      const response = await raw(`/rest/v1/law_firms?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({
        code: "22021",
        message: 'invalid byte sequence for encoding "UTF8"',
      });
    }
    expect((await raw("/rest/v1/law_firms?select=id&name=eq.caf%C3%A9%20%")).status).toBe(200);
    expect((await raw("/rest/v1/law_%ff")).status).toBe(404);
    expect(await (await raw("/rest/v1/%")).json()).toMatchObject({ code: "PGRST205" });
    for (const query of ["limit=99999999999999999999999", "offset=9223372036854775808", "limit=-1"]) {
      const response = await raw(`/rest/v1/law_firms?${query}`);
      expect(response.status, query).toBe(400);
      expect((await jsonOf(response)).code, query).toBe("PGRST100");
    }
    const deep = await raw("/rest/v1/contact_messages", {
      method: "POST",
      headers: json,
      body: `{"name":${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
    });
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ code: "PGRST102", message: "Empty or invalid json" });
    const latin1 = await raw("/rest/v1/contact_messages", {
      method: "POST",
      headers: json,
      body: Buffer.from('{"name":"caf\xe9","email":"a@example.com","message":"x"}', "latin1"),
    });
    expect(latin1.status).toBe(400);
    expect((await jsonOf(latin1)).code).toBe("22021");
  });

  it("a fuzz list of junk requests: none gets 500, the refused ones get PostgREST's error shape", async () => {
    const junk: [string, string, RequestInit?][] = [
      ["GET", "/rest/v1/law_firms?or=(a.eq.1))(b.eq.2"],
      ["GET", "/rest/v1/law_firms?or=(id.eq.1),(id.eq.2)"],
      ["GET", "/rest/v1/law_firms?and=(or())"],
      ["GET", `/rest/v1/law_firms?select=${"(".repeat(5000)}`],
      ["GET", `/rest/v1/law_firms?select=${'"'}${"x(".repeat(3000)}`],
      ["GET", `/rest/v1/law_firms?select=%22%5C%22${"x(".repeat(3000)}`],
      ["GET", "/rest/v1/law_firms?select=name->99999999999999999999"],
      ["GET", "/rest/v1/law_firms?select=id::int"],
      ["GET", "/rest/v1/law_firms?select=id::regclass"],
      ["GET", "/rest/v1/law_firms?order=name->>a.desc"],
      ["GET", "/rest/v1/law_firms?order=name.sideways,,"],
      ["GET", "/rest/v1/law_firms?id=eq.not-a-uuid"],
      ["GET", "/rest/v1/law_firms?created_at=gt.yesterday-ish"],
      ["GET", "/rest/v1/law_firms?name=match.("],
      ["GET", "/rest/v1/law_firms?name=fts(nosuch).a"],
      ["GET", "/rest/v1/law_firms?name=fts.!!!"],
      ["GET", "/rest/v1/law_firms?name=cs.{a"],
      ["GET", "/rest/v1/law_firms?id=adj.(1,2"],
      ["GET", "/rest/v1/law_firms?name=eq(any).{a,b"],
      ["GET", "/rest/v1/law_firms?name=in.(a,b"],
      ["GET", "/rest/v1/law_firms?name=is.maybe"],
      ["GET", "/rest/v1/law_firms?users.limit=5"],
      ["GET", "/rest/v1/law_firms?select=*,users(*)&users.or=(x.eq.1)"],
      ["GET", `/rest/v1/law_firms?name=eq.${"%ff".repeat(50)}`],
      ["GET", "/rest/v1/law_firms", { headers: { Range: "bytes=abc", "Range-Unit": "items" } }],
      ["GET", "/rest/v1/law_firms", { headers: { Prefer: "count=exact;;,=,return" } }],
      ["GET", "/rest/v1/law_firms?offset=100000", { headers: { Prefer: "count=exact" } }],
      ["GET", "/rest/v1/rpc/case_people?p_case_ids=not-an-array"],
      ["POST", "/rest/v1/rpc/case_people", { headers: json, body: '{"p_case_ids":"x"}' }],
      ["POST", "/rest/v1/rpc/case_people", { headers: json, body: "[1,2]" }],
      ["POST", "/rest/v1/contact_messages", { headers: json, body: '"just a string"' }],
      ["POST", "/rest/v1/contact_messages", { headers: json, body: '{"__proto__":{"x":1}}' }],
      [
        "POST",
        "/rest/v1/contact_messages",
        { headers: json, body: '{"name":{"a":1},"email":[],"message":1}' },
      ],
      ["POST", "/rest/v1/contact_messages?columns=", { headers: json, body: '{"name":"x"}' }],
      [
        "POST",
        "/rest/v1/contact_messages",
        { headers: { ...json, Prefer: "missing=default" }, body: '[{"name":"x"},{"email":"y"}]' },
      ],
      ["PATCH", "/rest/v1/law_firms?id=eq.x", { headers: json, body: "[]" }],
      ["PATCH", "/rest/v1/law_firms?id=eq.x", { headers: json, body: "{bad" }],
      ["DELETE", "/rest/v1/law_firms?id=eq.x", { headers: json, body: "{bad" }],
      ["DELETE", "/rest/v1/law_firms"],
    ];
    for (const [method, path, init = {}] of junk) {
      const response = await raw(path, { ...init, method });
      const label = `${method} ${path.slice(0, 80)}`;
      expect(response.status, label).toBeLessThan(500);
      // A bad Range or Prefer is ignored, as by PostgREST; everything else is refused.
      if (init.headers && ("Range" in init.headers || "Prefer" in init.headers) && method === "GET") {
        if (!path.includes("offset")) expect(response.status, label).toBe(200);
        continue;
      }
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(Object.keys(await jsonOf(response)).sort(), label).toEqual([
        "code",
        "details",
        "hint",
        "message",
      ]);
    }
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
