import { describe, expect, it } from "vitest";
import { AUTO_REFRESH_TICK_MS, isStoredSessionValid, jwtPayload, shouldRefresh } from "./session";

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("isStoredSessionValid", () => {
  it("needs an access token, a refresh token and an expiry", () => {
    expect(isStoredSessionValid({ access_token: "a", refresh_token: "r", expires_at: 1 })).toBe(true);
    expect(isStoredSessionValid({ access_token: "a", refresh_token: "r" })).toBe(false);
    expect(isStoredSessionValid({ access_token: "", refresh_token: "r", expires_at: 1 })).toBe(false);
    expect(isStoredSessionValid({ refresh_token: "r", expires_at: 1 })).toBe(false);
    expect(isStoredSessionValid({ access_token: "a", refresh_token: "r", expires_at: "1" })).toBe(false);
    expect(isStoredSessionValid(null)).toBe(false);
    expect(isStoredSessionValid("session")).toBe(false);
  });
});

describe("jwtPayload", () => {
  const header = b64url({ alg: "HS256", typ: "JWT" });
  it("accepts three parts with a base64url JSON payload", () => {
    expect(jwtPayload(`${header}.${b64url({ sub: "u", exp: 1 })}.sig`)).toEqual({ sub: "u", exp: 1 });
  });
  it("rejects other part counts", () => {
    expect(jwtPayload("a.b")).toBeNull();
    expect(jwtPayload(`${header}.${b64url({})}.s.x`)).toBeNull();
    expect(jwtPayload("")).toBeNull();
  });
  it("rejects a payload that is not base64url JSON", () => {
    expect(jwtPayload(`${header}.not*base64.sig`)).toBeNull();
    expect(jwtPayload(`${header}.${btoa("not json")}.sig`)).toBeNull();
    expect(jwtPayload(`${header}.${b64url([1, 2])}.sig`)).toBeNull();
    expect(jwtPayload(`${header}.a+b/.sig`)).toBeNull();
  });
});

describe("shouldRefresh", () => {
  const now = 1_800_000_000_000;
  const inTicks = (ticks: number) => (now + ticks * AUTO_REFRESH_TICK_MS) / 1000;
  it("waits while more than three ticks remain", () => {
    expect(shouldRefresh(inTicks(10), now)).toBe(false);
    expect(shouldRefresh(inTicks(4), now)).toBe(false);
  });
  it("refreshes when at most three ticks remain or the token has expired", () => {
    expect(shouldRefresh(inTicks(3.9), now)).toBe(true);
    expect(shouldRefresh(inTicks(3), now)).toBe(true);
    expect(shouldRefresh(inTicks(0), now)).toBe(true);
    expect(shouldRefresh(inTicks(-5), now)).toBe(true);
  });
  it("refreshes when the expiry is unknown", () => {
    expect(shouldRefresh(undefined, now)).toBe(true);
    expect(shouldRefresh(Number.NaN, now)).toBe(true);
  });
});
