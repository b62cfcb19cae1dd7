import type { PostgrestError } from "@supabase/supabase-js";
import type { Supabase } from "~/lib/database";
import { quotaOf } from "~/lib/quota";
import type { ProposalStatus } from "./proposals";
import { type ProposalActionIntent, type ProposalFormValues, proposalColumns } from "./schemas";

/** The messages a refused proposal write ends with, as `proposals` translation keys. */
export const PROPOSAL_ERRORS = {
  notFound: "proposals:errors.notFound",
  notAllowed: "proposals:errors.notAllowed",
  notLawyer: "proposals:errors.notLawyer",
  ownCase: "proposals:errors.ownCase",
  onlyClientAccepts: "proposals:errors.onlyClientAccepts",
  caseNotOpen: "proposals:errors.caseNotOpen",
  alreadyProposed: "proposals:errors.alreadyProposed",
  decided: "proposals:errors.decided",
  scopeRequired: "proposals:errors.scopeRequired",
  invalid: "proposals:errors.invalidRequest",
  failed: "proposals:errors.saveFailed",
  quotaProposalsPerDay: "proposals:errors.quotaProposalsPerDay",
} as const;
type ProposalError = (typeof PROPOSAL_ERRORS)[keyof typeof PROPOSAL_ERRORS];

/**
 * Turns the database's refusal into a message for the person (never the raw SQL text). The
 * triggers raise 23514 for a rule of the domain, 42501 for who may not, 23505 for a second live
 * proposal (supabase/migrations/20261123000400_cases.sql); the message tells the cases apart.
 */
export function proposalErrorMessage(
  error: Pick<PostgrestError, "code" | "message"> & Partial<Pick<PostgrestError, "details">>,
): ProposalError {
  if (quotaOf(error) === "proposals_per_day") return PROPOSAL_ERRORS.quotaProposalsPerDay;
  const message = error.message.toLowerCase();
  switch (error.code) {
    case "23505":
      return PROPOSAL_ERRORS.alreadyProposed;
    case "23503":
      return PROPOSAL_ERRORS.notFound;
    case "23514":
      if (message.includes("not open")) return PROPOSAL_ERRORS.caseNotOpen;
      if (message.includes("scope")) return PROPOSAL_ERRORS.scopeRequired;
      return PROPOSAL_ERRORS.decided;
    case "42501":
      if (message.includes("own case")) return PROPOSAL_ERRORS.ownCase;
      if (message.includes("only lawyers")) return PROPOSAL_ERRORS.notLawyer;
      if (message.includes("client can accept")) return PROPOSAL_ERRORS.onlyClientAccepts;
      return PROPOSAL_ERRORS.notAllowed;
    default:
      console.error("Proposal write failed", error.code, error.message);
      return PROPOSAL_ERRORS.failed;
  }
}

type WriteResult = { ok: true; id: string } | { ok: false; error: ProposalError };

/**
 * Writes a new proposal on a case as the signed-in lawyer: a draft, or submitted at once. The
 * database refuses a second proposal with the same form key from the same lawyer: that post is
 * answered with the proposal the first one created, so a form sent twice makes one proposal.
 */
export async function createProposal(
  supabase: Supabase,
  caseId: string,
  values: ProposalFormValues,
  { lawyerId, idempotencyKey }: { lawyerId: string; idempotencyKey: string },
): Promise<WriteResult> {
  const { data, error } = await supabase
    .from("proposals")
    .insert({
      case_id: caseId,
      ...proposalColumns(values),
      status: values.intent === "submit" ? "submitted" : "draft",
      idempotency_key: idempotencyKey,
    })
    .select("id")
    .single();
  if (!error) return { ok: true, id: data.id };
  const earlier = await proposalCreatedWith(supabase, lawyerId, idempotencyKey);
  if (earlier) return { ok: true, id: earlier };
  return { ok: false, error: proposalErrorMessage(error) };
}

/** The proposal this lawyer created with this form key, if any (a form posted a second time). */
export async function proposalCreatedWith(
  supabase: Supabase,
  lawyerId: string,
  idempotencyKey: string,
): Promise<string | null> {
  const { data } = await supabase
    .from("proposals")
    .select("id")
    .eq("lawyer_id", lawyerId)
    .eq("idempotency_key", idempotencyKey)
    .maybeSingle();
  return data?.id ?? null;
}

/**
 * Saves the terms of a proposal; a draft saved with "submit" is submitted in the same write. RLS
 * lets only its lawyer (or their firm's admin) update it while undecided: anyone else changes
 * 0 rows, which is refused as not allowed.
 */
export async function updateProposal(
  supabase: Supabase,
  id: string,
  currentStatus: ProposalStatus,
  values: ProposalFormValues,
): Promise<WriteResult> {
  const submitting = currentStatus === "draft" && values.intent === "submit";
  const { data, error } = await supabase
    .from("proposals")
    .update({ ...proposalColumns(values), ...(submitting ? { status: "submitted" } : {}) })
    .eq("id", id)
    .select("id");
  if (error) return { ok: false, error: proposalErrorMessage(error) };
  if ((data ?? []).length !== 1) return { ok: false, error: PROPOSAL_ERRORS.notAllowed };
  return { ok: true, id };
}

const STATUS_OF_INTENT = {
  decline: "declined",
  withdraw: "withdrawn",
  submit: "submitted",
} as const satisfies Partial<Record<ProposalActionIntent, ProposalStatus>>;

/** Carries out one of the proposal page's actions; returns the message of a refusal, or null. */
export async function runProposalAction(
  supabase: Supabase,
  id: string,
  intent: ProposalActionIntent,
): Promise<ProposalError | null> {
  if (intent === "accept") {
    // The one way to accept: it engages the case, sets its lead and declines the others at once.
    const { error } = await supabase.rpc("accept_proposal", { p_proposal_id: id });
    return error ? proposalErrorMessage(error) : null;
  }
  const table = supabase.from("proposals");
  const query =
    intent === "delete"
      ? table.delete().eq("id", id).eq("status", "draft")
      : table.update({ status: STATUS_OF_INTENT[intent] }).eq("id", id);
  const { data, error } = await query.select("id");
  if (error) return proposalErrorMessage(error);
  return (data ?? []).length === 1 ? null : PROPOSAL_ERRORS.notAllowed;
}

/**
 * The client opened a submitted proposal: it becomes viewed (the lawyer sees that it was read).
 * Written by the page's loader because opening the page is the event; it is idempotent (only a
 * submitted row changes) and a failure leaves the page as it is.
 */
export async function markProposalViewed(supabase: Supabase, id: string): Promise<boolean> {
  const { data, error } = await supabase
    .from("proposals")
    .update({ status: "viewed" })
    .eq("id", id)
    .eq("status", "submitted")
    .select("id");
  if (error) {
    console.error("Failed to mark a proposal viewed", error.message);
    return false;
  }
  return (data ?? []).length === 1;
}
