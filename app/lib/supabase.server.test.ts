import { afterEach, describe, expect, it, vi } from "vitest";
import { clientAddress, forwardingAuthFetch } from "./supabase.server";

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

describe("forwardingAuthFetch", () => {
  afterEach(() => vi.unstubAllGlobals());

  function capture() {
    const sent: Request[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init));
      return new Response("{}");
    });
    return sent;
  }

  it("sends the browser's address with the secret key to Auth", async () => {
    const sent = capture();
    const forwarding = forwardingAuthFetch(
      "http://127.0.0.1:54321/",
      "sb_secret_test_key_value",
      "203.0.113.7",
    );
    await forwarding("http://127.0.0.1:54321/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { apikey: "sb_publishable_key", Authorization: "Bearer token" },
    });
    expect(sent[0]?.headers.get("apikey")).toBe("sb_secret_test_key_value");
    expect(sent[0]?.headers.get("Sb-Forwarded-For")).toBe("203.0.113.7");
    expect(sent[0]?.headers.get("Authorization")).toBe("Bearer token");
  });

  it("leaves REST and Storage requests with the publishable key and no address", async () => {
    const sent = capture();
    const forwarding = forwardingAuthFetch(
      "http://127.0.0.1:54321",
      "sb_secret_test_key_value",
      "203.0.113.7",
    );
    for (const path of ["/rest/v1/cases", "/storage/v1/object/x", "/auth/v1x/evil"]) {
      await forwarding(`http://127.0.0.1:54321${path}`, { headers: { apikey: "sb_publishable_key" } });
    }
    for (const request of sent) {
      expect(request.headers.get("apikey")).toBe("sb_publishable_key");
      expect(request.headers.get("Sb-Forwarded-For")).toBeNull();
    }
  });
});
