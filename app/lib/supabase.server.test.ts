import { describe, expect, it } from "vitest";
import { clientAddress } from "./supabase.server";

const request = (headers: Record<string, string>) => new Request("https://mylawyer.example/", { headers });

describe("clientAddress", () => {
  it("is Cloudflare's CF-Connecting-IP where the Worker runs behind the edge", () => {
    expect(clientAddress(request({ "CF-Connecting-IP": "203.0.113.7" }), true)).toBe("203.0.113.7");
    expect(clientAddress(request({ "CF-Connecting-IP": "2001:db8::1" }), true)).toBe("2001:db8::1");
  });

  it("is nothing under wrangler dev, where a client writes CF-Connecting-IP itself", () => {
    expect(clientAddress(request({ "CF-Connecting-IP": "203.0.113.7" }), false)).toBeUndefined();
  });

  it("never takes X-Forwarded-For, which a client writes anywhere", () => {
    expect(clientAddress(request({ "X-Forwarded-For": "198.51.100.1" }), true)).toBeUndefined();
    expect(clientAddress(request({ "X-Forwarded-For": "198.51.100.1" }), false)).toBeUndefined();
  });

  it("refuses a value that is not one address", () => {
    expect(clientAddress(request({ "CF-Connecting-IP": "1.2.3.4, 5.6.7.8" }), true)).toBeUndefined();
    expect(clientAddress(request({ "CF-Connecting-IP": "evil\\host" }), true)).toBeUndefined();
  });
});
