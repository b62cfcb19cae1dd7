import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { JURISDICTIONS, PRACTICE_AREAS, SPOKEN_LANGUAGES } from "~/lib/database-values";
import frCases from "../../../locales/fr/cases.json";
import frPeople from "../../../locales/fr/people.json";
import { matchingLabel } from "./matching-labels";

describe("matchingLabel", () => {
  const i18n = i18next.createInstance();
  i18n.init({ lng: "fr", resources: { fr: { cases: frCases, people: frPeople } }, initAsync: false });
  const t = i18n.t;

  it("names every value of the three lists in the reader's language", () => {
    for (const value of JURISDICTIONS) expect(matchingLabel(t, "jurisdiction", value)).not.toContain(".");
    for (const value of PRACTICE_AREAS) expect(matchingLabel(t, "practiceArea", value)).not.toBe(value);
    for (const value of SPOKEN_LANGUAGES) expect(matchingLabel(t, "language", value)).not.toBe(value);
    expect(matchingLabel(t, "jurisdiction", "California")).toBe("Californie");
    expect(matchingLabel(t, "language", "de")).toBe("Allemand");
  });

  it("shows a value that is in no list as it was written", () => {
    expect(matchingLabel(t, "jurisdiction", "Oregon")).toBe("Oregon");
  });
});
