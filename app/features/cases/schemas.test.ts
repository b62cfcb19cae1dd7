import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CASE_FORM_LIMITS, caseFormIntents, statusAfter } from "./case-form-rules";
import { CASE_PRIORITIES, CURRENCIES, PRACTICE_AREAS } from "./cases";
import { caseFormSchema, isCalendarDay } from "./schemas";

/** A complete case as the form posts it (the shape of caseFields in tests/fixtures/factories.ts). */
const valid: Record<string, string> = {
  intent: "publish",
  title: "Dispute over a rental deposit",
  description: "The landlord kept the whole deposit without listing any damage.",
  practice_area: "real_estate",
  jurisdiction: "Massachusetts",
  priority: "normal",
  budget_min: "500",
  budget_max: "1500",
  currency: "USD",
  needed_by: "2027-03-01",
  court_name: "",
  court_case_number: "",
  opposing_party: "",
};

/** Parses fields the way the action does (Conform's coercion: "" is missing, numbers from text). */
function submit(fields: Record<string, string | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return parseWithZod(form, { schema: caseFormSchema });
}

function errorsOf(fields: Record<string, string | undefined>): Record<string, string[]> {
  const submission = submit(fields);
  if (submission.status === "success") return {};
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages ?? []]),
  );
}

function parsedValue(fields: Record<string, string | undefined>) {
  const submission = submit(fields);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

describe("caseFormSchema", () => {
  it("accepts a complete case, trims the text and reads the amounts as numbers", () => {
    const value = parsedValue({
      ...valid,
      title: "  Dispute over a rental deposit  ",
      jurisdiction: " Massachusetts ",
    });
    expect(value).toEqual({
      intent: "publish",
      title: "Dispute over a rental deposit",
      description: valid.description,
      practice_area: "real_estate",
      jurisdiction: "Massachusetts",
      priority: "normal",
      budget_min: 500,
      budget_max: 1500,
      currency: "USD",
      needed_by: "2027-03-01",
    });
  });

  it("asks for every required field", () => {
    expect(errorsOf({})).toEqual({
      intent: ["errors.intentInvalid"],
      title: ["errors.titleRequired"],
      practice_area: ["errors.practiceAreaRequired"],
      jurisdiction: ["errors.jurisdictionRequired"],
      priority: ["errors.priorityRequired"],
      currency: ["errors.currencyRequired"],
    });
  });

  it("treats blank text as missing", () => {
    expect(errorsOf({ ...valid, title: "   ", jurisdiction: " ", description: "  " })).toEqual({
      title: ["errors.titleRequired"],
      jurisdiction: ["errors.jurisdictionRequired"],
      description: ["errors.descriptionRequired"],
    });
  });

  it("lets optional fields be empty", () => {
    const value = parsedValue({
      ...valid,
      budget_min: "",
      budget_max: "",
      needed_by: "",
      court_name: "",
      court_case_number: "",
      opposing_party: "",
    });
    expect(value.budget_min).toBeUndefined();
    expect(value.budget_max).toBeUndefined();
    expect(value.needed_by).toBeUndefined();
    expect(value.court_name).toBeUndefined();
  });

  it("limits the lengths, counting after trimming", () => {
    expect(
      errorsOf({
        ...valid,
        title: "t".repeat(CASE_FORM_LIMITS.title + 1),
        description: "d".repeat(CASE_FORM_LIMITS.description + 1),
        jurisdiction: "j".repeat(CASE_FORM_LIMITS.jurisdiction + 1),
        court_name: "c".repeat(CASE_FORM_LIMITS.courtName + 1),
        court_case_number: "n".repeat(CASE_FORM_LIMITS.courtCaseNumber + 1),
        opposing_party: "o".repeat(CASE_FORM_LIMITS.opposingParty + 1),
      }),
    ).toEqual({
      title: ["errors.titleTooLong"],
      description: ["errors.descriptionTooLong"],
      jurisdiction: ["errors.jurisdictionTooLong"],
      court_name: ["errors.courtNameTooLong"],
      court_case_number: ["errors.courtCaseNumberTooLong"],
      opposing_party: ["errors.opposingPartyTooLong"],
    });
    expect(
      errorsOf({
        ...valid,
        title: ` ${"t".repeat(CASE_FORM_LIMITS.title)} `,
        description: "d".repeat(CASE_FORM_LIMITS.description),
        jurisdiction: "j".repeat(CASE_FORM_LIMITS.jurisdiction),
        court_name: "c".repeat(CASE_FORM_LIMITS.courtName),
        court_case_number: "n".repeat(CASE_FORM_LIMITS.courtCaseNumber),
        opposing_party: "o".repeat(CASE_FORM_LIMITS.opposingParty),
      }),
    ).toEqual({});
  });

  describe("description", () => {
    it("is required to publish or to save a published case", () => {
      expect(errorsOf({ ...valid, intent: "publish", description: "" })).toEqual({
        description: ["errors.descriptionRequired"],
      });
      expect(errorsOf({ ...valid, intent: "save", description: undefined })).toEqual({
        description: ["errors.descriptionRequired"],
      });
    });

    it("is not asked for by a check without a button (on blur)", () => {
      expect(errorsOf({ ...valid, intent: undefined, description: "" })).toEqual({
        intent: ["errors.intentInvalid"],
      });
    });

    it("may wait while the case is a draft", () => {
      expect(errorsOf({ ...valid, intent: "draft", description: "" })).toEqual({});
      expect(parsedValue({ ...valid, intent: "draft", description: "" }).description).toBeUndefined();
    });

    it("is still limited in a draft", () => {
      expect(errorsOf({ ...valid, intent: "draft", description: "d".repeat(10001) })).toEqual({
        description: ["errors.descriptionTooLong"],
      });
    });
  });

  describe("budget", () => {
    it("accepts zero, cents and the largest amount", () => {
      expect(parsedValue({ ...valid, budget_min: "0", budget_max: "0.1" })).toMatchObject({
        budget_min: 0,
        budget_max: 0.1,
      });
      expect(parsedValue({ ...valid, budget_min: "1.1", budget_max: "9999999999.99" })).toMatchObject({
        budget_min: 1.1,
        budget_max: 9999999999.99,
      });
    });

    it("allows either bound alone", () => {
      expect(errorsOf({ ...valid, budget_min: "", budget_max: "200" })).toEqual({});
      expect(errorsOf({ ...valid, budget_min: "200", budget_max: "" })).toEqual({});
    });

    it("refuses a minimum above the maximum, but not equal bounds", () => {
      expect(errorsOf({ ...valid, budget_min: "2000", budget_max: "1500" })).toEqual({
        budget_max: ["errors.budgetOrder"],
      });
      expect(errorsOf({ ...valid, budget_min: "1500", budget_max: "1500" })).toEqual({});
    });

    it("refuses negative amounts", () => {
      expect(errorsOf({ ...valid, budget_min: "-1", budget_max: "-0.5" })).toEqual({
        budget_min: ["errors.budgetNegative"],
        budget_max: ["errors.budgetNegative"],
      });
    });

    it("refuses more than two decimals", () => {
      expect(errorsOf({ ...valid, budget_min: "10.005", budget_max: "20.129" })).toEqual({
        budget_min: ["errors.budgetDecimals"],
        budget_max: ["errors.budgetDecimals"],
      });
    });

    it("refuses ten billion and more", () => {
      expect(errorsOf({ ...valid, budget_min: "10000000000", budget_max: "1e12" })).toEqual({
        budget_min: ["errors.budgetTooLarge"],
        budget_max: ["errors.budgetTooLarge"],
      });
    });

    it("refuses text that is not a number", () => {
      expect(errorsOf({ ...valid, budget_min: "a lot", budget_max: "Infinity" })).toEqual({
        budget_min: ["errors.budgetInvalid"],
        budget_max: ["errors.budgetInvalid"],
      });
    });
  });

  describe("needed by", () => {
    it("accepts the first and last days of the range", () => {
      expect(errorsOf({ ...valid, needed_by: "1900-01-01" })).toEqual({});
      expect(errorsOf({ ...valid, needed_by: "2099-12-31" })).toEqual({});
      expect(errorsOf({ ...valid, needed_by: "2028-02-29" })).toEqual({});
    });

    it("refuses days outside 1900–2099", () => {
      expect(errorsOf({ ...valid, needed_by: "1899-12-31" })).toEqual({
        needed_by: ["errors.neededByOutOfRange"],
      });
      expect(errorsOf({ ...valid, needed_by: "2100-01-01" })).toEqual({
        needed_by: ["errors.neededByOutOfRange"],
      });
    });

    it.each([
      "2027-02-29",
      "2027-04-31",
      "2027-13-01",
      "2027-00-10",
      "2027-1-5",
      "01/03/2027",
      "tomorrow",
      "2027-03-01T00:00",
    ])("refuses %s, which is not a day", (day) => {
      expect(errorsOf({ ...valid, needed_by: day })).toEqual({ needed_by: ["errors.neededByInvalid"] });
    });
  });

  describe("choices", () => {
    it("accepts every practice area, priority and currency", () => {
      for (const practice_area of PRACTICE_AREAS) expect(errorsOf({ ...valid, practice_area })).toEqual({});
      for (const priority of CASE_PRIORITIES) expect(errorsOf({ ...valid, priority })).toEqual({});
      for (const currency of CURRENCIES) expect(errorsOf({ ...valid, currency })).toEqual({});
    });

    it("refuses values that are not on the lists", () => {
      expect(
        errorsOf({
          ...valid,
          intent: "delete",
          practice_area: "astrology",
          priority: "whenever",
          currency: "usd",
        }),
      ).toEqual({
        intent: ["errors.intentInvalid"],
        practice_area: ["errors.practiceAreaInvalid"],
        priority: ["errors.priorityInvalid"],
        currency: ["errors.currencyInvalid"],
      });
    });
  });
});

describe("caseFormIntents and statusAfter", () => {
  it("offers draft and publish for a new case and a draft, and save for the others", () => {
    expect(caseFormIntents(null)).toEqual(["draft", "publish"]);
    expect(caseFormIntents("draft")).toEqual(["draft", "publish"]);
    expect(caseFormIntents("open")).toEqual(["save"]);
    expect(caseFormIntents("engaged")).toEqual(["save"]);
  });

  it("publishes as open, drafts as draft, and keeps the status on save", () => {
    expect(statusAfter("publish", null)).toBe("open");
    expect(statusAfter("draft", null)).toBe("draft");
    expect(statusAfter("publish", "draft")).toBe("open");
    expect(statusAfter("save", "open")).toBe("open");
  });
});

describe("isCalendarDay", () => {
  it("knows leap years", () => {
    expect(isCalendarDay("2000-02-29")).toBe(true);
    expect(isCalendarDay("1900-02-29")).toBe(false);
    expect(isCalendarDay("2024-02-29")).toBe(true);
  });
});
