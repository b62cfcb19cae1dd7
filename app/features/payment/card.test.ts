import { describe, expect, it } from "vitest";
import { cardDigits, isExpiryCurrent, passesLuhn } from "./card";

describe("passesLuhn", () => {
  it("accepts well-known test card numbers", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("5555555555554444")).toBe(true);
    expect(passesLuhn("378282246310005")).toBe(true);
  });

  it("rejects a number with a wrong check digit or non-digits", () => {
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("4242 4242 4242 4242")).toBe(false);
    expect(passesLuhn("")).toBe(false);
  });
});

describe("cardDigits", () => {
  it("drops the spaces people type between groups", () => {
    expect(cardDigits("4242 4242 4242 4242")).toBe("4242424242424242");
  });
});

describe("isExpiryCurrent", () => {
  const now = new Date("2026-11-22T10:00:00Z");

  it("keeps a card valid until the end of its expiry month", () => {
    expect(isExpiryCurrent("11/26", now)).toBe(true);
    expect(isExpiryCurrent("12/26", now)).toBe(true);
    expect(isExpiryCurrent("01/27", now)).toBe(true);
    expect(isExpiryCurrent("01 / 30", now)).toBe(true);
  });

  it("rejects past months and malformed values", () => {
    expect(isExpiryCurrent("10/26", now)).toBe(false);
    expect(isExpiryCurrent("12/25", now)).toBe(false);
    expect(isExpiryCurrent("13/27", now)).toBe(false);
    expect(isExpiryCurrent("1/27", now)).toBe(false);
    expect(isExpiryCurrent("", now)).toBe(false);
  });
});
