import type { PostgrestError, QueryData } from "@supabase/supabase-js";
import type { SignedInUser } from "~/features/auth/user";
import type { Supabase } from "~/lib/database";
import { quotaOf } from "~/lib/quota";
import { type CaseRow, type CaseStatus, isEditableByClient } from "./cases";
import type { CaseFormValue } from "./schemas";

/** The columns the case form shows and writes, plus what decides who may edit them. */
const FORM_COLUMNS =
  "id, reference, status, client_id, title, description, practice_area, jurisdiction, priority, budget_min, budget_max, currency, needed_by, court_name, court_case_number, opposing_party";

function selectCaseForEditing(supabase: Supabase, id: string) {
  return supabase.from("cases").select(FORM_COLUMNS).eq("id", id).maybeSingle();
}

/** A case as the edit form reads it. */
type CaseForEditing = QueryData<ReturnType<typeof selectCaseForEditing>>;

/** Why the form is (not) offered: only the outcome the database would give anyway, told up front. */
type CaseEditAccess = "allowed" | "notClient" | "notEditable";

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

const ADMIN_LEVELS: ReadonlySet<string> = new Set(["admin", "super_user"]);

/** Reads a case for the edit page; null when it does not exist or RLS hides it from this person. */
export async function loadCaseForEditing(supabase: Supabase, id: string): Promise<CaseForEditing | null> {
  const { data, error } = await selectCaseForEditing(supabase, id);
  if (error) throw new Error(`case ${id} not loaded: ${error.code} ${error.message}`);
  return data;
}

/**
 * Whether this person may edit this case, by the database's rules: its client while it is a draft
 * or open, an admin always. Lawyers running a case change only its status and court details,
 * which the case page does; the form would only fail for them.
 */
export function caseEditAccess(
  user: SignedInUser,
  row: Pick<CaseRow, "client_id" | "status">,
): CaseEditAccess {
  if (ADMIN_LEVELS.has(user.accessLevel)) return "allowed";
  if (row.client_id !== user.id) return "notClient";
  return isEditableByClient(row.status) ? "allowed" : "notEditable";
}

/** The form's initial values for a case being edited (amounts as the inputs show them). */
export function caseFormDefaults(row: CaseForEditing): Record<string, string> {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    title: row.title,
    description: row.description,
    practice_area: row.practice_area,
    jurisdiction: row.jurisdiction,
    priority: row.priority,
    budget_min: text(row.budget_min),
    budget_max: text(row.budget_max),
    currency: row.currency,
    needed_by: text(row.needed_by),
    court_name: text(row.court_name),
    court_case_number: text(row.court_case_number),
    opposing_party: text(row.opposing_party),
  };
}

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
