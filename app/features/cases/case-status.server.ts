import type { Supabase } from "~/lib/database";
import type { Flash } from "~/lib/flash.server";
import type { CaseStatus } from "./cases";

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
