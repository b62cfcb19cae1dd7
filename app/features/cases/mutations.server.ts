import type { Supabase } from "~/lib/database";
import { done, type Fallbacks, type Outcome, refused, refusedBy } from "~/lib/errors";
import type { CaseRow, CaseStatus } from "./cases";
import type { CaseFormValue } from "./schemas";

/*
 * What a person changes on cases: create and edit through the form, delete a draft, move the
 * status. Row level security and the database's triggers judge every write; their refusals come
 * back as codes (app/lib/errors.ts). Reads are in ./queries.server.ts.
 */

/** What a bare SQLSTATE means on the case form (the triggers' and quotas' refusals carry their code). */
const FORM_FALLBACKS: Fallbacks = {
  notAllowed: "case:not_allowed",
  notFound: "case:not_found",
  refused: "case:refused",
  failed: "case:save_failed",
};

/** What a bare SQLSTATE means on a status change. */
const STATUS_FALLBACKS: Fallbacks = {
  notAllowed: "case:status_forbidden",
  refused: "case:status_not_allowed",
  failed: "case:status_failed",
};

/** The row a valid form becomes: emptied optional fields are cleared, not left as they were. */
function caseColumns(value: CaseFormValue, status: CaseStatus) {
  return {
    status,
    title: value.title,
    description: value.description ?? "",
    practice_area: value.practice_area,
    jurisdiction: value.jurisdiction,
    priority: value.priority,
    budget_min: value.budget_min ?? null,
    budget_max: value.budget_max ?? null,
    currency: value.currency,
    needed_by: value.needed_by ?? null,
    court_name: value.court_name ?? null,
    court_case_number: value.court_case_number ?? null,
    opposing_party: value.opposing_party ?? null,
  };
}

/** Who creates, and the key of the form they posted (see app/components/form/idempotency.tsx). */
type CreateRequest = { userId: string; idempotencyKey: string };

/**
 * Creates a case for the signed-in person (client_id defaults to them), as a draft or open. The
 * database refuses a second case with the same form key from the same person: that post is
 * answered with the case the first one created, so a form sent twice makes one case.
 */
export async function createCase(
  supabase: Supabase,
  value: CaseFormValue,
  status: CaseStatus,
  { userId, idempotencyKey }: CreateRequest,
): Promise<Outcome<string>> {
  const { data, error } = await supabase
    .from("cases")
    .insert({ ...caseColumns(value, status), idempotency_key: idempotencyKey })
    .select("id")
    .single();
  if (!error) return done(data.id);
  const earlier = await supabase
    .from("cases")
    .select("id")
    .eq("client_id", userId)
    .eq("idempotency_key", idempotencyKey)
    .maybeSingle();
  if (earlier.data) return done(earlier.data.id);
  return refusedBy(error, FORM_FALLBACKS);
}

/**
 * Saves the form over a case, only if it is still in the status the person saw: a case that moved
 * on meanwhile (or that RLS no longer lets them change) updates no row and nothing changes.
 */
export async function updateCase(
  supabase: Supabase,
  current: Pick<CaseRow, "id" | "status">,
  value: CaseFormValue,
  status: CaseStatus,
): Promise<Outcome<string>> {
  const { data, error } = await supabase
    .from("cases")
    .update(caseColumns(value, status))
    .eq("id", current.id)
    .eq("status", current.status)
    .select("id");
  if (error) return refusedBy(error, FORM_FALLBACKS);
  if (!data?.length) return refused("case:not_editable");
  return done(current.id);
}

/** Deletes a draft (its client's or, for an admin, anyone's). */
export async function deleteDraft(supabase: Supabase, id: string): Promise<Outcome> {
  const { data, error } = await supabase
    .from("cases")
    .delete()
    .eq("id", id)
    .eq("status", "draft")
    .select("id");
  if (error) console.error("draft not deleted:", error.code, error.message);
  return error || !data?.length ? refused("case:delete_failed") : done();
}

/**
 * Moves a case to `status` as the signed-in person. The database is the judge (policies and the
 * transition trigger); a refusal changes nothing.
 */
export async function changeCaseStatus(
  supabase: Supabase,
  caseId: string,
  status: CaseStatus,
): Promise<Outcome> {
  const { data, error } = await supabase.from("cases").update({ status }).eq("id", caseId).select("id");
  if (error) return refusedBy(error, STATUS_FALLBACKS);
  // Row level security hides the rows this person may not update: nothing matched, nothing changed.
  if ((data?.length ?? 0) === 0) return refused("case:status_forbidden");
  return done();
}
