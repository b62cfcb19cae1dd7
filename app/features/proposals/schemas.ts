import { CURRENCIES } from "~/features/cases/cases";
import { z } from "~/lib/zod-jitless";
import { type FeeType, PROPOSAL_LIMITS, type ProposalRow } from "./proposals";

/** What the proposal form's buttons ask for: keep it a draft, or submit it to the client. */
const PROPOSAL_FORM_INTENTS = ["draft", "submit"] as const;

/** Whether a number has at most `places` decimals (tolerant of binary floating point). */
function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A positive figure with a ceiling and a number of decimals; messages are `proposals` keys. */
function positiveFigure(field: string, max: number, places: number) {
  return z
    .number({
      error: (issue) => (issue.input === undefined ? `errors.${field}Required` : "errors.notANumber"),
    })
    .positive(`errors.${field}Positive`)
    .max(max, `errors.${field}TooLarge`)
    .refine((value) => hasAtMostDecimals(value, places), `errors.${field}Decimals`);
}

const amount = positiveFigure("amount", PROPOSAL_LIMITS.amountMax, 2);

/** The fields every fee type shares. */
const commonFields = z.object({
  intent: z.enum(PROPOSAL_FORM_INTENTS, { error: "errors.intentInvalid" }),
  currency: z.enum(CURRENCIES, { error: "errors.currencyInvalid" }),
  estimatedDurationDays: z
    .number({ error: "errors.notANumber" })
    .int("errors.durationWhole")
    .min(PROPOSAL_LIMITS.durationDaysMin, "errors.durationRange")
    .max(PROPOSAL_LIMITS.durationDaysMax, "errors.durationRange")
    .optional(),
  scope: z.string().trim().max(PROPOSAL_LIMITS.textMax, "errors.scopeTooLong").default(""),
  terms: z.string().trim().max(PROPOSAL_LIMITS.textMax, "errors.termsTooLong").default(""),
});

/**
 * The proposal form (new and edit): one branch per fee type, each with exactly its own figures.
 * Without JavaScript every fee field is posted; a branch keeps only its own, so the others are
 * dropped here and written as NULL (the database checks that they are). Messages are keys of the
 * `proposals` namespace.
 */
export const proposalFormSchema = z
  .discriminatedUnion(
    "feeType",
    [
      commonFields.extend({ feeType: z.literal("fixed"), amount }),
      commonFields.extend({
        feeType: z.literal("hourly"),
        hourlyRate: positiveFigure("hourlyRate", PROPOSAL_LIMITS.hourlyRateMax, 2),
        estimatedHours: positiveFigure("estimatedHours", PROPOSAL_LIMITS.estimatedHoursMax, 1),
      }),
      commonFields.extend({
        feeType: z.literal("contingency"),
        contingencyPercent: positiveFigure("contingencyPercent", PROPOSAL_LIMITS.contingencyPercentMax, 2),
      }),
      commonFields.extend({ feeType: z.literal("retainer"), amount }),
    ],
    { error: "errors.feeTypeRequired" },
  )
  .superRefine((value, ctx) => {
    // A draft may be unfinished; the client never sees a proposal without its scope.
    if (value.intent === "submit" && value.scope === "") {
      ctx.addIssue({ code: "custom", path: ["scope"], message: "errors.scopeRequired" });
    }
  });
export type ProposalFormValues = z.infer<typeof proposalFormSchema>;

/** The columns of `public.proposals` a form writes: the other fee types' figures are NULL. */
type ProposalColumns = Pick<
  ProposalRow,
  | "fee_type"
  | "amount"
  | "currency"
  | "hourly_rate"
  | "estimated_hours"
  | "contingency_percent"
  | "estimated_duration_days"
  | "scope"
  | "terms"
>;

export function proposalColumns(values: ProposalFormValues): ProposalColumns {
  return {
    fee_type: values.feeType,
    amount: values.feeType === "fixed" || values.feeType === "retainer" ? values.amount : null,
    hourly_rate: values.feeType === "hourly" ? values.hourlyRate : null,
    estimated_hours: values.feeType === "hourly" ? values.estimatedHours : null,
    contingency_percent: values.feeType === "contingency" ? values.contingencyPercent : null,
    currency: values.currency,
    estimated_duration_days: values.estimatedDurationDays ?? null,
    scope: values.scope,
    terms: values.terms,
  };
}

/** The form's starting values for an existing proposal (edit), as the inputs hold them. */
export function proposalFormDefaults(row: ProposalRow): Record<string, string> {
  const text = (value: number | null) => (value === null ? "" : String(value));
  return {
    feeType: row.fee_type,
    amount: text(row.amount),
    hourlyRate: text(row.hourly_rate),
    estimatedHours: text(row.estimated_hours),
    contingencyPercent: text(row.contingency_percent),
    currency: row.currency,
    estimatedDurationDays: text(row.estimated_duration_days),
    scope: row.scope,
    terms: row.terms,
  };
}

/** The form's starting values for a new proposal on a case (its currency). */
export function newProposalDefaults(currency: string): Record<string, string> {
  const feeType: FeeType = "fixed";
  return { feeType, currency };
}

/** What the proposal page's forms ask for (the case page posts these too). */
const PROPOSAL_ACTION_INTENTS = ["accept", "decline", "withdraw", "submit", "delete"] as const;
export type ProposalActionIntent = (typeof PROPOSAL_ACTION_INTENTS)[number];

export const proposalActionSchema = z.object({ intent: z.enum(PROPOSAL_ACTION_INTENTS) });
