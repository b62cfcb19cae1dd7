import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryOptions } from "./countries";

describe("countryOptions", () => {
  it("names every country in the language and sorts them as it sorts", () => {
    const french = countryOptions("fr");
    expect(french).toHaveLength(COUNTRY_CODES.length);
    expect(french.find((option) => option.value === "DE")?.label).toBe("Allemagne");
    const labels = french.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator("fr").compare));
  });

  it("works a language's list out once and hands out the same frozen list after", () => {
    const first = countryOptions("en");
    expect(countryOptions("en")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(countryOptions("ar")).not.toBe(first);
  });
});
