/** The proposal model (../shared/design/domain.md), mirroring the database's checks. */

import type { Tables } from "~/lib/database";
import { PROPOSAL_STATUSES, type ProposalStatus } from "~/lib/database-values";

export {
  FEE_TYPES,
  type FeeType,
  PROPOSAL_STATUSES,
  type ProposalStatus,
} from "~/lib/database-values";

/** Statuses that still count as the lawyer's one live proposal on a case. */
export const LIVE_PROPOSAL_STATUSES: readonly ProposalStatus[] = ["draft", "submitted", "viewed", "accepted"];

/** Statuses in which the client has still to decide (accept or decline). */
export const UNDECIDED_PROPOSAL_STATUSES: readonly ProposalStatus[] = ["submitted", "viewed"];

export function isProposalStatus(value: unknown): value is ProposalStatus {
  return typeof value === "string" && (PROPOSAL_STATUSES as readonly string[]).includes(value);
}

/**
 * A row of `public.proposals` as the REST API returns it. The generated row also lists the
 * computed field `proposer_name`, which only a select naming it reads (`*` has none).
 */
export type ProposalRow = Omit<Tables<"proposals">, "proposer_name">;

/** The addresses of the proposal pages (spec §2). `create` takes the case's id. */
export const proposalPaths = {
  index: "/dashboard/case/proposal",
  list: "/dashboard/case/proposal/list",
  view: (id: string) => `/dashboard/case/proposal/${id}`,
  create: (caseId: string) => `/dashboard/case/proposal/${caseId}/new`,
  edit: (id: string) => `/dashboard/case/proposal/${id}/edit`,
} as const;

/**
 * Bounds of the proposal form, the database's own (numeric(12,2) amounts, numeric(10,2) rates,
 * numeric(7,1) hours, numeric(5,2) percents, 1–3650 days, texts of at most 10,000 characters).
 * Here, not in ./schemas.ts, so the form's page loads zod only on the form's first use.
 */
export const PROPOSAL_LIMITS = {
  amountMax: 9_999_999_999.99,
  hourlyRateMax: 99_999_999.99,
  estimatedHoursMax: 999_999.9,
  contingencyPercentMax: 100,
  durationDaysMin: 1,
  durationDaysMax: 3650,
  textMax: 10_000,
} as const;
