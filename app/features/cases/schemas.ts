import { z } from "~/lib/zod-jitless";
import { CASE_FORM_INTENTS, CASE_FORM_LIMITS } from "./case-form-rules";
import { CASE_DATE_RANGE, CASE_PRIORITIES, CASE_STATUSES, CURRENCIES, PRACTICE_AREAS } from "./cases";

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

/**
 * The case page's status form: one submit button per allowed status (`case-actions.ts` decides
 * which). Here with the other schemas, so the case page, which validates nothing in the browser,
 * loads no zod.
 */
export const caseStatusActionSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(CASE_STATUSES),
});
