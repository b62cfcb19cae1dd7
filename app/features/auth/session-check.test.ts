import { describe, expect, it } from "vitest";
import { accessTokenKey, RecentSessionChecks } from "./session-check";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("RecentSessionChecks", () => {
  it("trusts a confirmed session for the TTL and asks again after it", () => {
    const time = clock();
    const checks = new RecentSessionChecks(100, time.now);
    expect(checks.isFresh("a", 30_000)).toBe(false);
    checks.remember("a");
    expect(checks.isFresh("a", 30_000)).toBe(true);
    time.advance(29_999);
    expect(checks.isFresh("a", 30_000)).toBe(true);
    time.advance(1);
    expect(checks.isFresh("a", 30_000)).toBe(false);
    // An expired entry is dropped, not kept until the next confirmation.
    expect(checks.size).toBe(0);
  });

  it("asks every time with a TTL of 0", () => {
    const checks = new RecentSessionChecks(100, clock().now);
    checks.remember("a");
    expect(checks.isFresh("a", 0)).toBe(false);
  });

  it("forgets a session signed out here at once", () => {
    const checks = new RecentSessionChecks(100, clock().now);
    checks.remember("a");
    checks.forget("a");
    expect(checks.isFresh("a", 30_000)).toBe(false);
  });

  it("keeps at most maxEntries, dropping the least recently confirmed", () => {
    const checks = new RecentSessionChecks(2, clock().now);
    checks.remember("a");
    checks.remember("b");
    checks.remember("a");
    checks.remember("c");
    expect(checks.size).toBe(2);
    expect(checks.isFresh("b", 30_000)).toBe(false);
    expect(checks.isFresh("a", 30_000)).toBe(true);
    expect(checks.isFresh("c", 30_000)).toBe(true);
  });
});

describe("accessTokenKey", () => {
  it("is a stable hash that does not contain the token", async () => {
    const token = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln";
    const key = await accessTokenKey(token);
    expect(key).toBe(await accessTokenKey(token));
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain("eyJ");
    expect(key).not.toBe(await accessTokenKey(`${token}x`));
  });
});
