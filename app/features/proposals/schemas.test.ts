import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PROPOSAL_LIMITS, type ProposalRow } from "./proposals";
import { proposalActionSchema, proposalColumns, proposalFormDefaults, proposalFormSchema } from "./schemas";

/** Posts a form as the browser would: every value a string, empty fields included. */
function post(fields: Record<string, string>) {
  const form = new FormData();
  const all = {
    intent: "submit",
    feeType: "fixed",
    amount: "",
    hourlyRate: "",
    estimatedHours: "",
    contingencyPercent: "",
    currency: "USD",
    estimatedDurationDays: "",
    scope: "Draft the lease and negotiate it.",
    terms: "",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  return parseWithZod(form, { schema: proposalFormSchema });
}

function errorsOf(fields: Record<string, string>) {
  const submission = post(fields);
  if (submission.status !== "error") throw new Error(`Expected errors, got ${submission.status}`);
  return submission.error ?? {};
}

function parsedValue(fields: Record<string, string>) {
  const submission = post(fields);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

describe("proposalFormSchema: fee types", () => {
  it("fixed needs an amount and keeps nothing else", () => {
    expect(errorsOf({ feeType: "fixed" }).amount).toEqual(["errors.amountRequired"]);
    const value = parsedValue({
      feeType: "fixed",
      amount: "1500",
      hourlyRate: "200",
      contingencyPercent: "30",
    });
    expect(proposalColumns(value)).toMatchObject({
      fee_type: "fixed",
      amount: 1500,
      hourly_rate: null,
      estimated_hours: null,
      contingency_percent: null,
    });
  });

  it("retainer needs an amount and keeps nothing else", () => {
    expect(errorsOf({ feeType: "retainer" }).amount).toEqual(["errors.amountRequired"]);
    const value = parsedValue({ feeType: "retainer", amount: "2500.5", estimatedHours: "10" });
    expect(proposalColumns(value)).toMatchObject({
      fee_type: "retainer",
      amount: 2500.5,
      hourly_rate: null,
      estimated_hours: null,
      contingency_percent: null,
    });
  });

  it("hourly needs a rate and hours, and clears the amount and the percent", () => {
    const errors = errorsOf({ feeType: "hourly", amount: "100" });
    expect(errors.hourlyRate).toEqual(["errors.hourlyRateRequired"]);
    expect(errors.estimatedHours).toEqual(["errors.estimatedHoursRequired"]);
    const value = parsedValue({
      feeType: "hourly",
      hourlyRate: "250",
      estimatedHours: "12.5",
      amount: "100",
      contingencyPercent: "5",
    });
    expect(proposalColumns(value)).toMatchObject({
      fee_type: "hourly",
      amount: null,
      hourly_rate: 250,
      estimated_hours: 12.5,
      contingency_percent: null,
    });
  });

  it("contingency needs a percent in (0, 100] with two decimals, and clears the money fields", () => {
    expect(errorsOf({ feeType: "contingency" }).contingencyPercent).toEqual([
      "errors.contingencyPercentRequired",
    ]);
    expect(errorsOf({ feeType: "contingency", contingencyPercent: "0" }).contingencyPercent).toEqual([
      "errors.contingencyPercentPositive",
    ]);
    expect(errorsOf({ feeType: "contingency", contingencyPercent: "100.01" }).contingencyPercent).toEqual([
      "errors.contingencyPercentTooLarge",
    ]);
    expect(errorsOf({ feeType: "contingency", contingencyPercent: "33.333" }).contingencyPercent).toEqual([
      "errors.contingencyPercentDecimals",
    ]);
    const value = parsedValue({
      feeType: "contingency",
      contingencyPercent: "100",
      amount: "9",
      hourlyRate: "9",
    });
    expect(proposalColumns(value)).toMatchObject({
      fee_type: "contingency",
      amount: null,
      hourly_rate: null,
      estimated_hours: null,
      contingency_percent: 100,
    });
    expect(parsedValue({ feeType: "contingency", contingencyPercent: "33.33" })).toMatchObject({
      contingencyPercent: 33.33,
    });
  });

  it("refuses a missing or unknown fee type", () => {
    expect(errorsOf({ feeType: "" }).feeType).toEqual(["errors.feeTypeRequired"]);
    expect(errorsOf({ feeType: "barter" }).feeType).toEqual(["errors.feeTypeRequired"]);
  });
});

describe("proposalFormSchema: figures", () => {
  it("amounts are positive, at most two decimals and fit numeric(12,2)", () => {
    expect(errorsOf({ amount: "0" }).amount).toEqual(["errors.amountPositive"]);
    expect(errorsOf({ amount: "-5" }).amount).toEqual(["errors.amountPositive"]);
    expect(errorsOf({ amount: "10.005" }).amount).toEqual(["errors.amountDecimals"]);
    expect(errorsOf({ amount: "10000000000" }).amount).toEqual(["errors.amountTooLarge"]);
    expect(errorsOf({ amount: "ten" }).amount).toEqual(["errors.notANumber"]);
    expect(parsedValue({ amount: "0.01" })).toMatchObject({ amount: 0.01 });
    expect(parsedValue({ amount: String(PROPOSAL_LIMITS.amountMax) })).toMatchObject({
      amount: PROPOSAL_LIMITS.amountMax,
    });
    // Binary floating point does not make a two-decimal amount look like three.
    expect(parsedValue({ amount: "1234.56" })).toMatchObject({ amount: 1234.56 });
  });

  it("hourly rates have two decimals and fit numeric(10,2); hours one decimal and numeric(7,1)", () => {
    const base = { feeType: "hourly", hourlyRate: "100", estimatedHours: "10" };
    expect(errorsOf({ ...base, hourlyRate: "100.123" }).hourlyRate).toEqual(["errors.hourlyRateDecimals"]);
    expect(errorsOf({ ...base, hourlyRate: "100000000" }).hourlyRate).toEqual(["errors.hourlyRateTooLarge"]);
    expect(errorsOf({ ...base, estimatedHours: "1.25" }).estimatedHours).toEqual([
      "errors.estimatedHoursDecimals",
    ]);
    expect(errorsOf({ ...base, estimatedHours: "1000000" }).estimatedHours).toEqual([
      "errors.estimatedHoursTooLarge",
    ]);
    expect(errorsOf({ ...base, estimatedHours: "0" }).estimatedHours).toEqual([
      "errors.estimatedHoursPositive",
    ]);
  });

  it("the estimated duration is optional, a whole number of days from 1 to 3650", () => {
    const days = (estimatedDurationDays: string) => ({ amount: "1", estimatedDurationDays });
    expect(parsedValue(days("")).estimatedDurationDays).toBeUndefined();
    expect(parsedValue(days("1")).estimatedDurationDays).toBe(1);
    expect(parsedValue(days("3650")).estimatedDurationDays).toBe(3650);
    expect(errorsOf(days("0")).estimatedDurationDays).toEqual(["errors.durationRange"]);
    expect(errorsOf(days("3651")).estimatedDurationDays).toEqual(["errors.durationRange"]);
    expect(errorsOf(days("2.5")).estimatedDurationDays).toEqual(["errors.durationWhole"]);
    expect(proposalColumns(parsedValue({ amount: "1" })).estimated_duration_days).toBeNull();
  });

  it("the currency is one of the offered ones", () => {
    expect(parsedValue({ amount: "1", currency: "EUR" }).currency).toBe("EUR");
    expect(errorsOf({ amount: "1", currency: "XXX" }).currency).toEqual(["errors.currencyInvalid"]);
    expect(errorsOf({ amount: "1", currency: "" }).currency).toEqual(["errors.currencyInvalid"]);
  });
});

describe("proposalFormSchema: scope, terms and intent", () => {
  it("a submitted proposal needs its scope; a draft does not", () => {
    expect(errorsOf({ amount: "1", intent: "submit", scope: "   " }).scope).toEqual(["errors.scopeRequired"]);
    expect(parsedValue({ amount: "1", intent: "draft", scope: "" })).toMatchObject({
      intent: "draft",
      scope: "",
    });
  });

  it("scope and terms are trimmed and at most 10,000 characters", () => {
    const long = "x".repeat(PROPOSAL_LIMITS.textMax + 1);
    expect(errorsOf({ amount: "1", scope: long }).scope).toEqual(["errors.scopeTooLong"]);
    expect(errorsOf({ amount: "1", terms: long }).terms).toEqual(["errors.termsTooLong"]);
    const value = parsedValue({ amount: "1", scope: "  The work.  ", terms: "" });
    expect(value).toMatchObject({ scope: "The work.", terms: "" });
    expect(parsedValue({ amount: "1", scope: "x".repeat(PROPOSAL_LIMITS.textMax) }).scope).toHaveLength(
      PROPOSAL_LIMITS.textMax,
    );
  });

  it("refuses an intent the form does not have", () => {
    expect(errorsOf({ amount: "1", intent: "accept" }).intent).toEqual(["errors.intentInvalid"]);
  });
});

describe("proposalFormDefaults", () => {
  it("writes a row's figures as the inputs hold them, empty where null", () => {
    const row = {
      fee_type: "hourly",
      amount: null,
      hourly_rate: 200,
      estimated_hours: 7.5,
      contingency_percent: null,
      currency: "EUR",
      estimated_duration_days: null,
      scope: "Scope",
      terms: "Terms",
    } as ProposalRow;
    expect(proposalFormDefaults(row)).toEqual({
      feeType: "hourly",
      amount: "",
      hourlyRate: "200",
      estimatedHours: "7.5",
      contingencyPercent: "",
      currency: "EUR",
      estimatedDurationDays: "",
      scope: "Scope",
      terms: "Terms",
    });
  });
});

describe("proposalActionSchema", () => {
  it("accepts the proposal page's intents only", () => {
    for (const intent of ["accept", "decline", "withdraw", "submit", "delete"]) {
      expect(proposalActionSchema.safeParse({ intent }).success).toBe(true);
    }
    expect(proposalActionSchema.safeParse({ intent: "approve" }).success).toBe(false);
    expect(proposalActionSchema.safeParse({}).success).toBe(false);
  });
});
