/** The proposal model (../shared/design/domain.md), mirroring the database's checks. */

export const FEE_TYPES = ["fixed", "hourly", "contingency", "retainer"] as const;
export type FeeType = (typeof FEE_TYPES)[number];

export const PROPOSAL_STATUSES = [
  "draft",
  "submitted",
  "viewed",
  "accepted",
  "declined",
  "withdrawn",
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Statuses that still count as the lawyer's one live proposal on a case. */
export const LIVE_PROPOSAL_STATUSES: readonly ProposalStatus[] = ["draft", "submitted", "viewed", "accepted"];

/** Statuses in which the client has still to decide (accept or decline). */
export const UNDECIDED_PROPOSAL_STATUSES: readonly ProposalStatus[] = ["submitted", "viewed"];

export function isProposalStatus(value: unknown): value is ProposalStatus {
  return typeof value === "string" && (PROPOSAL_STATUSES as readonly string[]).includes(value);
}

/** A row of `public.proposals` as the REST API returns it. */
export type ProposalRow = {
  id: string;
  case_id: string;
  lawyer_id: string;
  law_firm_id: string | null;
  fee_type: FeeType;
  amount: number | null;
  currency: string;
  hourly_rate: number | null;
  estimated_hours: number | null;
  contingency_percent: number | null;
  estimated_duration_days: number | null;
  scope: string;
  terms: string;
  status: ProposalStatus;
  submitted_at: string | null;
  viewed_at: string | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
};

/** The addresses of the proposal pages (spec §2). `create` takes the case's id. */
export const proposalPaths = {
  index: "/dashboard/case/proposal",
  list: "/dashboard/case/proposal/list",
  view: (id: string) => `/dashboard/case/proposal/${id}`,
  create: (caseId: string) => `/dashboard/case/proposal/${caseId}/new`,
  edit: (id: string) => `/dashboard/case/proposal/${id}/edit`,
} as const;
