import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paymentSchema } from "./schemas";

const valid = {
  plan: "starter",
  billingCycle: "yearly",
  name: "Nguyen Van An",
  email: "an@example.com",
  address: "12 Le Loi",
  city: "Ho Chi Minh City",
  country: "VN",
  cardHolder: "NGUYEN VAN AN",
  cardNumber: "4242 4242 4242 4242",
  expiry: "08/28",
  cvv: "123",
};

function firstErrors(input: Record<string, unknown>): Record<string, string> {
  const result = paymentSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

describe("paymentSchema", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("accepts a complete order without a postal code", () => {
    expect(paymentSchema.safeParse(valid).success).toBe(true);
  });

  it("asks for every missing field", () => {
    expect(firstErrors({})).toEqual({
      plan: "errors.planRequired",
      billingCycle: "errors.billingCycleRequired",
      name: "errors.nameRequired",
      email: "errors.emailRequired",
      address: "errors.addressRequired",
      city: "errors.cityRequired",
      country: "errors.countryRequired",
      cardHolder: "errors.cardHolderRequired",
      cardNumber: "errors.cardNumberRequired",
      expiry: "errors.expiryRequired",
      cvv: "errors.cvvRequired",
    });
  });

  it("rejects unknown plans, cycles and countries", () => {
    expect(firstErrors({ ...valid, plan: "gold", billingCycle: "weekly", country: "XX" })).toEqual({
      plan: "errors.planRequired",
      billingCycle: "errors.billingCycleRequired",
      country: "errors.countryRequired",
    });
  });

  it("checks the card number's characters, length and checksum, one message at a time", () => {
    expect(firstErrors({ ...valid, cardNumber: "4242-4242" })).toEqual({
      cardNumber: "errors.cardNumberFormat",
    });
    expect(firstErrors({ ...valid, cardNumber: "4242 4242" })).toEqual({
      cardNumber: "errors.cardNumberLength",
    });
    expect(firstErrors({ ...valid, cardNumber: "4242 4242 4242 4241" })).toEqual({
      cardNumber: "errors.cardNumberInvalid",
    });
  });

  it("refuses an expired or malformed expiry date", () => {
    expect(firstErrors({ ...valid, expiry: "10/26" })).toEqual({ expiry: "errors.expiryPast" });
    expect(firstErrors({ ...valid, expiry: "2028-08" })).toEqual({ expiry: "errors.expiryFormat" });
    expect(firstErrors({ ...valid, expiry: "11/26" })).toEqual({});
  });

  it("wants a three- or four-digit security code", () => {
    expect(firstErrors({ ...valid, cvv: "12" })).toEqual({ cvv: "errors.cvvInvalid" });
    expect(firstErrors({ ...valid, cvv: "1234" })).toEqual({});
  });
});
