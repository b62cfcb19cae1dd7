import type { CaseStatus } from "./cases";

/*
 * What the case form offers, without zod: the page imports these, and loads the schema
 * (./schemas.ts) only on the form's first use (ADR 0019).
 */

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
export const CASE_FORM_INTENTS = ["draft", "publish", "save"] as const;
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
