import { describe, expect, it } from "vitest";
import { LRI, PDI, plainText, RLI } from "./bidi";
import {
  firstDayOfWeek,
  formatCurrency,
  formatNumber,
  getLanguageOption,
  isLanguage,
  SUPPORTED_LANGUAGES,
} from "./languages";

describe("languages", () => {
  it("recognises only supported codes", () => {
    for (const lng of SUPPORTED_LANGUAGES) expect(isLanguage(lng)).toBe(true);
    for (const value of ["", "EN", "zh", "de", null, undefined, 1, {}]) expect(isLanguage(value)).toBe(false);
  });

  it("falls back to English options for an unknown code", () => {
    expect(getLanguageOption("ar").dir).toBe("rtl");
    expect(getLanguageOption("xx").value).toBe("en");
  });

  it("starts the week on Monday in fr and cn only", () => {
    expect(SUPPORTED_LANGUAGES.map((lng) => [lng, firstDayOfWeek(lng)])).toEqual([
      ["en", 0],
      ["fr", 1],
      ["vi", 0],
      ["cn", 1],
      ["ar", 0],
    ]);
  });

  it("formats numbers and currency in the language's locale", () => {
    expect(plainText(formatNumber("en", 1234.5))).toBe("1,234.5");
    expect(plainText(formatCurrency("en", 9.99))).toBe("$9.99");
    // French groups with a narrow no-break space and puts the euro sign after the amount.
    expect(plainText(formatCurrency("fr", 1234.5))).toBe("1\u202f234,50\u00a0€");
    expect(plainText(formatCurrency("en", 4.99, "EUR"))).toBe("€4.99");
    expect(plainText(formatCurrency("cn", 4.99))).toBe("¥4.99");
  });

  it("isolates every formatted value in the direction of its language (issue 18 item 11)", () => {
    expect(formatNumber("en", 1234.5)).toBe(`${LRI}1,234.5${PDI}`);
    expect(formatCurrency("en", 9.99)).toBe(`${LRI}$9.99${PDI}`);
    expect(formatCurrency("ar", 9.99, "USD")).toMatch(new RegExp(`^${RLI}.*9\\.99.*${PDI}$`));
  });
});
