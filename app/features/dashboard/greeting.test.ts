import { describe, expect, it } from "vitest";
import { isNewAccount, NEW_ACCOUNT_MS } from "./greeting";

const now = new Date("2026-11-25T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("isNewAccount", () => {
  it("greets an account created today as new", () => {
    expect(isNewAccount(ago(0), now)).toBe(true);
    expect(isNewAccount(ago(5 * 60 * 1000), now)).toBe(true);
    expect(isNewAccount(ago(NEW_ACCOUNT_MS - 1), now)).toBe(true);
  });

  it("welcomes back an account older than a day", () => {
    expect(isNewAccount(ago(NEW_ACCOUNT_MS), now)).toBe(false);
    expect(isNewAccount(ago(30 * NEW_ACCOUNT_MS), now)).toBe(false);
  });

  it("does not call an account of unknown age new", () => {
    expect(isNewAccount(null, now)).toBe(false);
    expect(isNewAccount("not a date", now)).toBe(false);
  });
});
