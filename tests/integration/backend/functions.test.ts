import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { configFromEnv } from "../../../supabase/local/config.ts";
import { functionEnv, readVerifyJwt } from "../../../supabase/local/functions/handler.ts";
import { client, demo, jsonOf, keys, raw, signedIn, url } from "../helpers.ts";

describe("edge functions", () => {
  it("invokes health through supabase.functions.invoke, with the caller's headers", async () => {
    const { data, error } = await client().functions.invoke("health", { method: "GET" });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      status: "ok",
      function: "health",
      method: "GET",
      configured: { supabaseUrl: true, anonKey: true, serviceRoleKey: true },
    });
    expect(String(data.client)).toMatch(/^supabase-js/);
  });

  it("passes a signed-in caller's body through a POST", async () => {
    const user = await signedIn(demo.client.email);
    const { data, error } = await user.functions.invoke("health", { body: { hello: "world" } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: "ok", method: "POST" });
  });

  it("streams a text/event-stream response chunk by chunk", async () => {
    const { data, error } = await client().functions.invoke("health", {
      method: "GET",
      headers: { Accept: "text/event-stream" },
    });
    expect(error).toBeNull();
    expect(data).toBeInstanceOf(Response);
    const response = data as Response;
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const arrivals: { at: number; text: string }[] = [];
    const started = performance.now();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arrivals.push({ at: performance.now() - started, text: decoder.decode(value) });
    }
    const events = arrivals
      .map((a) => a.text)
      .join("")
      .split("\n\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line.replace(/^data: /, "")) as { seq: number });
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3]);
    // The first event arrives well before the last one is produced (200 ms later): not buffered.
    expect(arrivals.length).toBeGreaterThan(1);
    expect((arrivals.at(-1)?.at ?? 0) - (arrivals[0]?.at ?? 0)).toBeGreaterThan(120);
  });

  it("reports a function's error status as a FunctionsHttpError", async () => {
    const { data, error } = await client().functions.invoke("health", { method: "PUT" });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const context = (error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(405);
    expect(await context.json()).toMatchObject({ error: "method_not_allowed" });
  });

  it("answers an unknown or malformed function name with 404", async () => {
    for (const name of ["does-not-exist", "_shared", "..%2Fhealth", "%00"]) {
      const response = await raw(`/functions/v1/${name}`, { method: "POST" });
      expect(response.status, name).toBe(404);
      expect(await jsonOf(response)).toEqual({
        code: "NOT_FOUND",
        message: "Requested function was not found",
      });
    }
  });

  it("checks the caller's JWT (verify_jwt) and lets the function answer preflights", async () => {
    const none = await fetch(`${url}/functions/v1/health`);
    expect(none.status).toBe(401);
    expect(await jsonOf(none)).toMatchObject({ code: "UNAUTHORIZED_NO_AUTH_HEADER" });
    const forged = await fetch(`${url}/functions/v1/health`, {
      headers: { Authorization: "Bearer not.a.jwt" },
    });
    expect(forged.status).toBe(401);
    expect(await jsonOf(forged)).toMatchObject({ code: "UNAUTHORIZED_INVALID_JWT_FORMAT" });
    const legacy = await fetch(`${url}/functions/v1/health`, {
      headers: { Authorization: `Bearer ${keys.anon}` },
    });
    expect(legacy.status).toBe(200);
    const preflight = await fetch(`${url}/functions/v1/health`, {
      method: "OPTIONS",
      headers: { Origin: "http://localhost:8787", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("apikey");
  });
});

describe("edge function configuration", () => {
  it("reads verify_jwt per function from config.toml, true by default", () => {
    const toml = `[api]\nverify_jwt = false\n\n[functions.open]\nverify_jwt = false # public\n[functions.closed]\nenabled = true\n`;
    expect(readVerifyJwt(toml, "open")).toBe(false);
    expect(readVerifyJwt(toml, "closed")).toBe(true);
    expect(readVerifyJwt(toml, "missing")).toBe(true);
  });

  it("gives functions their secrets from the env file, never overriding SUPABASE_ names", () => {
    const dir = mkdtempSync(join(tmpdir(), "functions-env-"));
    try {
      const file = join(dir, ".env");
      writeFileSync(file, 'LLM_API_KEY="k-123"\n# comment\nSUPABASE_URL=http://evil.example\n');
      const env = functionEnv({ ...configFromEnv({ port: 1 }), functionsEnvFile: file });
      expect(env.LLM_API_KEY).toBe("k-123");
      expect(env.SUPABASE_URL).toBe("http://127.0.0.1:1");
      expect(env.SUPABASE_ANON_KEY).toBe(keys.anon);
      const missing = functionEnv({ ...configFromEnv({ port: 1 }), functionsEnvFile: join(dir, "none") });
      expect(missing.LLM_API_KEY).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
