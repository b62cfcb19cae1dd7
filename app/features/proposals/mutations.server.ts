import type { Supabase } from "~/lib/database";
import { done, type Fallbacks, type Outcome, refused, refusedBy } from "~/lib/errors";
import type { ProposalStatus } from "./proposals";
import { type ProposalActionIntent, type ProposalFormValues, proposalColumns } from "./schemas";

/** What a bare SQLSTATE means on a proposal (the triggers' own refusals carry their code). */
const PROPOSAL_FALLBACKS: Fallbacks = {
  notAllowed: "proposal:not_allowed",
  notFound: "proposal:not_found",
  failed: "proposal:save_failed",
};

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
): Promise<Outcome<string>> {
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
  if (!error) return done(data.id);
  const earlier = await proposalCreatedWith(supabase, lawyerId, idempotencyKey);
  if (earlier) return done(earlier);
  return refusedBy(error, PROPOSAL_FALLBACKS);
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
): Promise<Outcome<string>> {
  const submitting = currentStatus === "draft" && values.intent === "submit";
  const { data, error } = await supabase
    .from("proposals")
    .update({ ...proposalColumns(values), ...(submitting ? { status: "submitted" } : {}) })
    .eq("id", id)
    .select("id");
  if (error) return refusedBy(error, PROPOSAL_FALLBACKS);
  if ((data ?? []).length !== 1) return refused("proposal:not_allowed");
  return done(id);
}

const STATUS_OF_INTENT = {
  decline: "declined",
  withdraw: "withdrawn",
  submit: "submitted",
} as const satisfies Partial<Record<ProposalActionIntent, ProposalStatus>>;

/** Carries out one of the proposal page's actions. */
export async function runProposalAction(
  supabase: Supabase,
  id: string,
  intent: ProposalActionIntent,
): Promise<Outcome> {
  if (intent === "accept") {
    // The one way to accept: it engages the case, sets its lead and declines the others at once.
    const { error } = await supabase.rpc("accept_proposal", { p_proposal_id: id });
    return error ? refusedBy(error, PROPOSAL_FALLBACKS) : done();
  }
  const table = supabase.from("proposals");
  const query =
    intent === "delete"
      ? table.delete().eq("id", id).eq("status", "draft")
      : table.update({ status: STATUS_OF_INTENT[intent] }).eq("id", id);
  const { data, error } = await query.select("id");
  if (error) return refusedBy(error, PROPOSAL_FALLBACKS);
  return (data ?? []).length === 1 ? done() : refused("proposal:not_allowed");
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
