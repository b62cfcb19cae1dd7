import { z } from "~/lib/zod-jitless";
import { CASE_DATE_RANGE, CASE_PRIORITIES, type CaseStatus, CURRENCIES, PRACTICE_AREAS } from "./cases";

/** Length and amount limits of the case form: the same as the checks on `public.cases`. */
export const CASE_FORM_LIMITS = {
  title: 200,
  description: 10000,
  jurisdiction: 100,
  courtName: 200,
  courtCaseNumber: 100,
  opposingParty: 200,
  /** `numeric(12, 2)`: below ten billion, in cents. */
  budgetBelow: 10_000_000_000,
} as const;

/**
 * The case form's submit buttons: save as a draft, publish (status open), or save the changes of a
 * case that is already published (its status stays).
 */
const CASE_FORM_INTENTS = ["draft", "publish", "save"] as const;
export type CaseFormIntent = (typeof CASE_FORM_INTENTS)[number];

/** The buttons a case in this status offers (`null`: a case being created). */
export function caseFormIntents(status: CaseStatus | null): readonly CaseFormIntent[] {
  return status === null || status === "draft" ? ["draft", "publish"] : ["save"];
}

/** The status a case gets when saved with this intent. */
export function statusAfter(intent: CaseFormIntent, current: CaseStatus | null): CaseStatus {
  if (intent === "draft") return "draft";
  if (intent === "publish") return "open";
  return current ?? "draft";
}

/** A message for a missing value and another for one that is there but wrong. */
const missingOr = (required: string, invalid: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? required : invalid;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` that names a day of the calendar (no 31 April, no 29 February 2027). */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether an amount has at most two decimals (cents), allowing for binary floating point. */
function hasCents(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

function isAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

const budget = z
  .number({ error: "errors.budgetInvalid" })
  .min(0, "errors.budgetNegative")
  .lt(CASE_FORM_LIMITS.budgetBelow, "errors.budgetTooLarge")
  .refine(hasCents, "errors.budgetDecimals")
  .optional();

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional();

/**
 * The case form (new and edit). Field names are the columns of `public.cases`; messages are keys
 * of the `case-form` namespace. The description may wait while the case is a draft; the database
 * refuses a published case without one.
 */
export const caseFormSchema = z
  .object({
    intent: z.enum(CASE_FORM_INTENTS, { error: "errors.intentInvalid" }),
    title: z
      .string({ error: "errors.titleRequired" })
      .trim()
      .min(1, "errors.titleRequired")
      .max(CASE_FORM_LIMITS.title, "errors.titleTooLong"),
    description: z.string().trim().max(CASE_FORM_LIMITS.description, "errors.descriptionTooLong").optional(),
    practice_area: z.enum(PRACTICE_AREAS, {
      error: missingOr("errors.practiceAreaRequired", "errors.practiceAreaInvalid"),
    }),
    jurisdiction: z
      .string({ error: "errors.jurisdictionRequired" })
      .trim()
      .min(1, "errors.jurisdictionRequired")
      .max(CASE_FORM_LIMITS.jurisdiction, "errors.jurisdictionTooLong"),
    priority: z.enum(CASE_PRIORITIES, {
      error: missingOr("errors.priorityRequired", "errors.priorityInvalid"),
    }),
    budget_min: budget,
    budget_max: budget,
    currency: z.enum(CURRENCIES, { error: missingOr("errors.currencyRequired", "errors.currencyInvalid") }),
    needed_by: z
      .string()
      .trim()
      .refine(isCalendarDay, { message: "errors.neededByInvalid", abort: true })
      .refine((day) => day >= CASE_DATE_RANGE.min && day <= CASE_DATE_RANGE.max, "errors.neededByOutOfRange")
      .optional(),
    court_name: optionalText(CASE_FORM_LIMITS.courtName, "errors.courtNameTooLong"),
    court_case_number: optionalText(CASE_FORM_LIMITS.courtCaseNumber, "errors.courtCaseNumberTooLong"),
    opposing_party: optionalText(CASE_FORM_LIMITS.opposingParty, "errors.opposingPartyTooLong"),
  })
  // Runs even when a field failed, so every message shows at once; hence the defensive reads.
  .superRefine(
    (value, ctx) => {
      const description = typeof value.description === "string" ? value.description.trim() : "";
      // Only a save that publishes needs it: a check without a button (on blur) must not nag.
      if ((value.intent === "publish" || value.intent === "save") && description === "") {
        ctx.addIssue({ code: "custom", path: ["description"], message: "errors.descriptionRequired" });
      }
      const { budget_min: min, budget_max: max } = value;
      if (isAmount(min) && isAmount(max) && min > max) {
        ctx.addIssue({ code: "custom", path: ["budget_max"], message: "errors.budgetOrder" });
      }
    },
    { when: () => true },
  );

export type CaseFormValue = z.infer<typeof caseFormSchema>;
