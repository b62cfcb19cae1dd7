import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./security.server";

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
