import { type AccessLevel, can } from "~/lib/access";
import { CASE_STATUSES, type CaseStatus, nextCaseStatuses } from "./cases";

/** How the person viewing a case stands towards it, as far as changing its status goes. */
export type CaseStanding = {
  accessLevel: AccessLevel;
  /** They are the case's client (`client_id`). */
  isClient: boolean;
  /** They run it: a lead or associate member, or the lawyer_admin of the case's firm. */
  runsCase: boolean;
};

const CLIENT_MOVES: Partial<Record<CaseStatus, readonly CaseStatus[]>> = {
  draft: ["open", "cancelled"],
  open: ["cancelled"],
};

const RUNNING_LAWYER_MOVES: Partial<Record<CaseStatus, readonly CaseStatus[]>> = {
  engaged: ["on_hold", "closed"],
  on_hold: ["engaged", "closed"],
};

/**
 * The statuses this person may move the case to, in the order of a case's life. Mirrors the
 * database's policies so the page offers only buttons that can work; the database still decides.
 * No one is offered open → engaged: that happens only by accepting a proposal.
 */
export function allowedStatusActions(status: CaseStatus, standing: CaseStanding): CaseStatus[] {
  const allowed = new Set<CaseStatus>();
  if (can(standing.accessLevel, "isAdmin")) {
    for (const next of nextCaseStatuses(status)) allowed.add(next);
  }
  if (standing.isClient) for (const next of CLIENT_MOVES[status] ?? []) allowed.add(next);
  if (standing.runsCase) for (const next of RUNNING_LAWYER_MOVES[status] ?? []) allowed.add(next);
  if (status === "open") allowed.delete("engaged");
  return CASE_STATUSES.filter((next) => allowed.has(next));
}

/** Moves that cannot be undone, so the page asks first. */
export function statusActionNeedsConfirmation(next: CaseStatus): boolean {
  return next === "cancelled" || next === "closed";
}
