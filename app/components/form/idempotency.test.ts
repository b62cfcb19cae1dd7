import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_FIELD, idempotencyKeyOf, newIdempotencyKey } from "./idempotency";

/** A submission's payload: the fields as posted. */
const form = (value?: unknown): Record<string, unknown> =>
  value === undefined ? { title: "A case" } : { title: "A case", [IDEMPOTENCY_FIELD]: value };

describe("idempotency keys", () => {
  it("makes a new UUID each time", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it("reads the key a form posts, lower-cased", () => {
    expect(idempotencyKeyOf(form("0B9A3F4E-6D2C-4F11-9A7E-1C2D3E4F5A6B"))).toBe(
      "0b9a3f4e-6d2c-4f11-9a7e-1c2d3e4f5a6b",
    );
  });

  it("has no key for a post without one or with anything but a UUID", () => {
    const twice = ["0b9a3f4e-6d2c-4f11-9a7e-1c2d3e4f5a6b", "0b9a3f4e-6d2c-4f11-9a7e-1c2d3e4f5a6c"];
    for (const value of [
      undefined,
      "",
      "1",
      "not-a-uuid",
      "0b9a3f4e-6d2c-4f11-9a7e-1c2d3e4f5a6b'; --",
      twice,
    ]) {
      expect(idempotencyKeyOf(form(value)), String(value)).toBeNull();
    }
  });
});
