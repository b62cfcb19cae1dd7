import type { PostgrestError } from "@supabase/supabase-js";
import type { Supabase } from "~/lib/database";
import type { Flash } from "~/lib/flash.server";
import { quotaOf } from "~/lib/quota";
import type { CaseRow, CaseStatus } from "./cases";
import type { CaseFormValue } from "./schemas";

/*
 * What a person changes on cases: create and edit through the form, delete a draft, move the
 * status. Row level security and the database's triggers judge every write; their refusals
 * become messages here. Reads are in ./queries.server.ts.
 */

/** Messages for what the database refused, usable both as form errors and as flash messages. */
export const CASE_FORM_ERRORS = {
  notAllowed: "case-form:errors.notAllowed",
  notEditable: "case-form:errors.notEditable",
  refused: "case-form:errors.refused",
  saveFailed: "case-form:errors.saveFailed",
  intentUnavailable: "case-form:errors.intentUnavailable",
  deleteFailed: "case-form:errors.deleteFailed",
  quotaOpenCases: "case-form:errors.quotaOpenCases",
  quotaCasesPerDay: "case-form:errors.quotaCasesPerDay",
} as const;

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

/** The message for a refusal: not allowed (42501), a rule of the domain (23xxx), or anything else. */
function refusal(error: PostgrestError): string {
  console.error("case not saved:", error.code, error.message);
  const quota = quotaOf(error);
  if (quota === "open_cases") return CASE_FORM_ERRORS.quotaOpenCases;
  if (quota === "cases_per_day") return CASE_FORM_ERRORS.quotaCasesPerDay;
  if (error.code === "42501") return CASE_FORM_ERRORS.notAllowed;
  if (error.code?.startsWith("23")) return CASE_FORM_ERRORS.refused;
  return CASE_FORM_ERRORS.saveFailed;
}

type CaseSaveResult = { ok: true; id: string } | { ok: false; error: string };

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
): Promise<CaseSaveResult> {
  const { data, error } = await supabase
    .from("cases")
    .insert({ ...caseColumns(value, status), idempotency_key: idempotencyKey })
    .select("id")
    .single();
  if (!error) return { ok: true, id: data.id };
  const earlier = await supabase
    .from("cases")
    .select("id")
    .eq("client_id", userId)
    .eq("idempotency_key", idempotencyKey)
    .maybeSingle();
  if (earlier.data) return { ok: true, id: earlier.data.id };
  return { ok: false, error: refusal(error) };
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
): Promise<CaseSaveResult> {
  const { data, error } = await supabase
    .from("cases")
    .update(caseColumns(value, status))
    .eq("id", current.id)
    .eq("status", current.status)
    .select("id");
  if (error) return { ok: false, error: refusal(error) };
  if (!data?.length) return { ok: false, error: CASE_FORM_ERRORS.notEditable };
  return { ok: true, id: current.id };
}

/** Deletes a draft (its client's or, for an admin, anyone's). Returns the failure's message, if any. */
export async function deleteDraft(supabase: Supabase, id: string): Promise<string | null> {
  const { data, error } = await supabase
    .from("cases")
    .delete()
    .eq("id", id)
    .eq("status", "draft")
    .select("id");
  if (error) console.error("draft not deleted:", error.code, error.message);
  return error || !data?.length ? CASE_FORM_ERRORS.deleteFailed : null;
}

/** The flash messages of the status form (keys of the case-detail namespace). */
const CASE_STATUS_ERRORS = {
  /** 23514: the database's transition rules refuse this move from the current status. */
  notNow: "case-detail:statusErrors.notNow",
  /** 23514 from cases_published_description_check: a case is published with its description. */
  needsDescription: "case-detail:statusErrors.needsDescription",
  /** 42501, or no row updated: row level security or a trigger says this person may not. */
  forbidden: "case-detail:statusErrors.forbidden",
  failed: "case-detail:statusErrors.failed",
} as const;

/**
 * Moves a case to `status` as the signed-in person. The database is the judge (policies and the
 * transition trigger); its refusals become the page's messages and nothing changes.
 */
export async function changeCaseStatus(
  supabase: Supabase,
  caseId: string,
  status: CaseStatus,
): Promise<Flash> {
  const { data, error } = await supabase.from("cases").update({ status }).eq("id", caseId).select("id");
  if (error) {
    if (error.code === "23514") {
      const message = error.message.includes("cases_published_description_check")
        ? CASE_STATUS_ERRORS.needsDescription
        : CASE_STATUS_ERRORS.notNow;
      return { kind: "error", message };
    }
    if (error.code === "42501") return { kind: "error", message: CASE_STATUS_ERRORS.forbidden };
    console.error(`Failed to move case ${caseId} to ${status}`, error.code, error.message);
    return { kind: "error", message: CASE_STATUS_ERRORS.failed };
  }
  // Row level security hides the rows this person may not update: nothing matched, nothing changed.
  if ((data?.length ?? 0) === 0) return { kind: "error", message: CASE_STATUS_ERRORS.forbidden };
  return { kind: "success", message: `case-detail:statusDone.${status}` };
}
