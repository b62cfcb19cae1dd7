import { describe, expect, it } from "vitest";
import { LRI, PDI, plainText } from "~/lib/i18n/bidi";
import { getFormatter } from "~/lib/i18n/format";
import { feeText, hourlyEstimate } from "./fees";

/** Formatted values come isolated in their language's direction (`~/lib/i18n/bidi`). */
const ltr = (text: string) => `${LRI}${text}${PDI}`;

const none = { amount: null, hourly_rate: null, estimated_hours: null, contingency_percent: null };

describe("hourlyEstimate", () => {
  it("is rate × hours to the cent", () => {
    expect(hourlyEstimate(250, 12.5)).toBe(3125);
    expect(hourlyEstimate(0.1, 0.3)).toBe(0.03);
    expect(hourlyEstimate(99.99, 3.3)).toBe(329.97);
  });
});

describe("feeText", () => {
  it("writes each fee type's own figures in the proposal's currency and the reader's language", async () => {
    const en = await getFormatter("en");
    expect(feeText({ ...none, fee_type: "fixed", amount: 1500, currency: "USD" }, en)).toEqual({
      feeType: "fixed",
      amount: ltr("$1,500"),
      hourlyRate: null,
      estimatedHours: null,
      estimate: null,
      contingencyPercent: null,
    });
    expect(
      feeText({ ...none, fee_type: "hourly", hourly_rate: 200, estimated_hours: 7.5, currency: "EUR" }, en),
    ).toMatchObject({
      hourlyRate: ltr("€200"),
      estimatedHours: ltr("7.5"),
      estimate: ltr("€1,500"),
      amount: null,
    });
    expect(
      feeText({ ...none, fee_type: "contingency", contingency_percent: 33.5, currency: "USD" }, en),
    ).toMatchObject({ contingencyPercent: ltr("33.5%"), amount: null });
    expect(feeText({ ...none, fee_type: "retainer", amount: 2000, currency: "GBP" }, en)).toMatchObject({
      amount: ltr("£2,000"),
    });
  });

  it("follows the reader's language", async () => {
    const fr = await getFormatter("fr");
    const text = feeText(
      { ...none, fee_type: "hourly", hourly_rate: 1200.5, estimated_hours: 2, currency: "EUR" },
      fr,
    );
    expect(plainText(text.estimate ?? "").replace(/\s/g, " ")).toBe("2 401 €");
  });
});
