import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  createCspNonce,
  isCrossSiteWrite,
  isOwnNavigation,
  malformedAddressRefusal,
  withSecurityHeaders,
} from "./security.server";

const request = (method: string, headers: Record<string, string> = {}) =>
  new Request("https://mylawyer.example/auth/supabase/sign-in", { method, headers });

describe("isCrossSiteWrite", () => {
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteWrite(request("GET", { Origin: "https://evil.example" }))).toBe(false);
  });
  it("accepts same-origin posts and posts without an Origin (curl, old clients)", () => {
    expect(isCrossSiteWrite(request("POST", { Origin: "https://mylawyer.example" }))).toBe(false);
    expect(isCrossSiteWrite(request("POST", { "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossSiteWrite(request("POST"))).toBe(false);
  });
  it("refuses posts from another origin, an opaque origin or a cross-site fetch", () => {
    expect(isCrossSiteWrite(request("POST", { Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteWrite(request("POST", { Origin: "http://mylawyer.example" }))).toBe(true);
    expect(isCrossSiteWrite(request("POST", { Origin: "null" }))).toBe(true);
    expect(isCrossSiteWrite(request("DELETE", { "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  });
});

describe("isOwnNavigation", () => {
  const get = (headers: Record<string, string> = {}) =>
    new Request("https://mylawyer.example/dashboard/case/proposal/1", { headers });
  it("is a navigation from this site or the address bar", () => {
    expect(isOwnNavigation(get({ "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isOwnNavigation(get({ "Sec-Fetch-Site": "none" }))).toBe(true);
  });
  it("is not a link followed from another site, a sibling site, or a browser that does not say", () => {
    expect(isOwnNavigation(get({ "Sec-Fetch-Site": "cross-site" }))).toBe(false);
    expect(isOwnNavigation(get({ "Sec-Fetch-Site": "same-site" }))).toBe(false);
    expect(isOwnNavigation(get())).toBe(false);
  });
});

describe("malformedAddressRefusal", () => {
  it("refuses a NUL anywhere in the address with 400 and a message", async () => {
    for (const path of ["/dashboard/case/table?q=a%00b", "/api/case_management?q=%00", "/faqs%00"]) {
      const refusal = malformedAddressRefusal(new Request(`https://mylawyer.example${path}`));
      expect(refusal?.status, path).toBe(400);
      expect(await refusal?.text()).toMatch(/NUL/);
    }
  });
  it("lets every other address through, an encoded percent sign included", () => {
    expect(
      malformedAddressRefusal(new Request("https://mylawyer.example/dashboard/case/table?q=100%25")),
    ).toBe(null);
    expect(malformedAddressRefusal(new Request("https://mylawyer.example/?q=%2500"))).toBe(null);
  });
});

describe("security headers", () => {
  it("makes a new nonce for every response", () => {
    const nonces = new Set(Array.from({ length: 20 }, createCspNonce));
    expect(nonces.size).toBe(20);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("allows scripts with the nonce, the backend's HTTP and websocket, and no framing", () => {
    const csp = contentSecurityPolicy("abc", "http://127.0.0.1:54321");
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:54321 ws://127.0.0.1:54321");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(contentSecurityPolicy("abc", "https://ref.supabase.co/")).toContain(
      "connect-src 'self' https://ref.supabase.co wss://ref.supabase.co",
    );
  });

  it("puts every header on a response, and HSTS only on HTTPS outside localhost", () => {
    const headersFor = (url: string, nonce: string | null = "n0nce") =>
      withSecurityHeaders(new Response("<p>hi</p>", { status: 201, headers: { "X-Kept": "1" } }), {
        request: new Request(url),
        nonce,
        supabaseUrl: "https://ref.supabase.co",
      });
    const production = headersFor("https://mylawyer.example/");
    expect(production.status).toBe(201);
    expect(production.headers.get("X-Kept")).toBe("1");
    expect(production.headers.get("Content-Security-Policy")).toContain("'nonce-n0nce'");
    expect(production.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(production.headers.get("Permissions-Policy")).toContain("camera=()");
    expect(production.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(production.headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d{8}/);
    expect(headersFor("http://localhost:8787/").headers.get("Strict-Transport-Security")).toBeNull();
    expect(headersFor("https://localhost:8787/").headers.get("Strict-Transport-Security")).toBeNull();
    expect(headersFor("http://mylawyer.example/").headers.get("Strict-Transport-Security")).toBeNull();
    expect(headersFor("https://mylawyer.example/", null).headers.get("Content-Security-Policy")).toBeNull();
  });

  it("copies a response whose headers are immutable", async () => {
    const immutable = Response.redirect("https://mylawyer.example/faqs", 302);
    const secured = withSecurityHeaders(immutable, {
      request: new Request("https://mylawyer.example/"),
      nonce: "n",
      supabaseUrl: "https://ref.supabase.co",
    });
    expect(secured.status).toBe(302);
    expect(secured.headers.get("Location")).toBe("https://mylawyer.example/faqs");
    expect(secured.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
