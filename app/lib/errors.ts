/**
 * The one error vocabulary (docs/decisions/0012-one-error-vocabulary.md). A refusal is a stable
 * code, "<domain>:<reason>": the database raises it in `detail` (next to a standard SQLSTATE,
 * supabase/migrations/20261127010000_error_codes.sql; the quotas say "quota:<name>") and the app
 * uses the same codes for what it refuses itself. This table is the one place a code becomes a
 * message (a key of the `errors` namespace, in all five languages) and an HTTP status. Nothing
 * reads the English text of a database error.
 */
const ERRORS = {
  // Any domain: what a SQLSTATE says when the refusal carries no code (row level security, a
  // constraint), and what a request the app could not read gets.
  "common:not_allowed": { message: "errors:notAllowed", status: 403 },
  "common:not_found": { message: "errors:notFound", status: 404 },
  "common:refused": { message: "errors:refused", status: 409 },
  "common:failed": { message: "errors:failed", status: 500 },
  "common:invalid_request": { message: "errors:invalidRequest", status: 400 },
  // A create form posted without the key the server rendered it with (components/form/idempotency).
  "common:stale_form": { message: "errors:staleForm", status: 400 },

  // Per-person limits (20261126020100_quotas.sql).
  "quota:rows_per_insert": { message: "errors:quota.rowsPerInsert", status: 429 },
  "quota:open_cases": { message: "errors:quota.openCases", status: 429 },
  "quota:cases_per_day": { message: "errors:quota.casesPerDay", status: 429 },
  "quota:proposals_per_day": { message: "errors:quota.proposalsPerDay", status: 429 },

  // Cases: raised by the database.
  "case:not_found": { message: "errors:case.notFound", status: 404 },
  "case:status_not_allowed": { message: "errors:case.statusNotAllowed", status: 409 },
  "case:engaged_by_acceptance": { message: "errors:case.statusNotAllowed", status: 409 },
  "case:client_fields": { message: "errors:case.clientFields", status: 403 },
  "case:description_required": { message: "errors:case.descriptionRequired", status: 409 },
  // Cases: refused by the app, or the meaning of a bare SQLSTATE on a case.
  "case:not_allowed": { message: "errors:case.notAllowed", status: 403 },
  "case:not_editable": { message: "errors:case.notEditable", status: 409 },
  "case:intent_unavailable": { message: "errors:case.intentUnavailable", status: 400 },
  "case:refused": { message: "errors:case.refused", status: 409 },
  "case:save_failed": { message: "errors:case.saveFailed", status: 500 },
  "case:delete_failed": { message: "errors:case.deleteFailed", status: 409 },
  "case:status_forbidden": { message: "errors:case.statusForbidden", status: 403 },
  "case:status_failed": { message: "errors:case.statusFailed", status: 500 },

  // Case members (a system write; a person never reaches these through the product).
  "case_member:case_not_engaged": { message: "errors:refused", status: 409 },
  "case_member:not_the_client": { message: "errors:refused", status: 409 },
  "case_member:not_the_lead": { message: "errors:refused", status: 409 },
  "case_member:not_of_the_firm": { message: "errors:refused", status: 409 },
  "case_member:immutable": { message: "errors:refused", status: 409 },

  // Proposals: raised by the database.
  "proposal:not_found": { message: "errors:proposal.notFound", status: 404 },
  "proposal:not_lawyer": { message: "errors:proposal.notLawyer", status: 403 },
  "proposal:own_case": { message: "errors:proposal.ownCase", status: 403 },
  "proposal:case_not_open": { message: "errors:proposal.caseNotOpen", status: 409 },
  "proposal:already_proposed": { message: "errors:proposal.alreadyProposed", status: 409 },
  "proposal:status_not_allowed": { message: "errors:proposal.decided", status: 409 },
  "proposal:decided": { message: "errors:proposal.decided", status: 409 },
  "proposal:accept_through_rpc": { message: "errors:proposal.notAllowed", status: 403 },
  "proposal:not_its_lawyer": { message: "errors:proposal.notAllowed", status: 403 },
  "proposal:not_the_client": { message: "errors:proposal.onlyClient", status: 403 },
  "proposal:scope_required": { message: "errors:proposal.scopeRequired", status: 409 },
  // Proposals: refused by the app, or the meaning of a bare SQLSTATE on a proposal.
  "proposal:not_allowed": { message: "errors:proposal.notAllowed", status: 403 },
  "proposal:save_failed": { message: "errors:proposal.saveFailed", status: 500 },

  // Tasks (20261130000000_tasks.sql): raised by the database, or the meaning of a bare SQLSTATE.
  "task:not_found": { message: "errors:task.notFound", status: 404 },
  "task:move_denied": { message: "errors:task.moveDenied", status: 403 },
  "task:case_not_engaged": { message: "errors:task.caseNotEngaged", status: 409 },
  "task:case_fixed": { message: "errors:refused", status: 409 },
  "task:assignee_not_member": { message: "errors:task.assigneeNotMember", status: 409 },
  "task:mention_not_member": { message: "errors:task.mentionNotMember", status: 409 },
  "task:unknown_status": { message: "errors:invalidRequest", status: 400 },
  "task:bad_neighbour": { message: "errors:task.moved", status: 409 },
  "task:no_room": { message: "errors:task.moved", status: 409 },
  "task:not_allowed": { message: "errors:task.notAllowed", status: 403 },
  "task:refused": { message: "errors:refused", status: 409 },
  "task:save_failed": { message: "errors:task.saveFailed", status: 500 },

  // People (20261126020000_people_write_rules.sql).
  "user:id_fixed": { message: "errors:notAllowed", status: 403 },
  "user:rating_by_admin": { message: "errors:notAllowed", status: 403 },
  "user:own_privileges": { message: "errors:user.ownPrivileges", status: 403 },
  "user:privileges_by_admin": { message: "errors:user.privilegesByAdmin", status: 403 },
  "user:privileges_by_super_user": { message: "errors:user.privilegesBySuperUser", status: 403 },
  // The permission page (20261129000000_access_changes.sql).
  "user:unknown_level": { message: "errors:user.unknownLevel", status: 400 },
  "user:unknown_firm": { message: "errors:user.unknownFirm", status: 400 },
  "user:last_super_user": { message: "errors:user.lastSuperUser", status: 409 },
  "user:not_found": { message: "errors:user.notFound", status: 404 },
  "user:save_failed": { message: "errors:user.saveFailed", status: 500 },
  // The account page: refused by Auth.
  "account:wrong_password": { message: "errors:account.wrongPassword", status: 400 },
  "account:update_failed": { message: "errors:account.updateFailed", status: 500 },
  "user:own_deletion": { message: "errors:notAllowed", status: 403 },
  "user:deletion_by_super_user": { message: "errors:notAllowed", status: 403 },

  // Profiles (features/people): refused by the app or by RLS, and the photo's upload.
  "people:not_allowed": { message: "errors:people.notAllowed", status: 403 },
  "people:refused": { message: "errors:people.refused", status: 409 },
  "people:save_failed": { message: "errors:people.saveFailed", status: 500 },
  "people:avatar_refused": { message: "errors:people.avatarRefused", status: 400 },
  // Invitations (supabase/functions/invite-lawyer): refused by the function.
  "invitation:not_allowed": { message: "errors:invitation.notAllowed", status: 403 },
  "invitation:no_firm": { message: "errors:invitation.noFirm", status: 400 },
  "invitation:other_firm": { message: "errors:invitation.otherFirm", status: 409 },
  "invitation:admin_account": { message: "errors:invitation.adminAccount", status: 409 },
  "invitation:failed": { message: "errors:invitation.failed", status: 500 },

  // Auth and contact: what failed.
  "auth:sign_out_failed": { message: "errors:auth.signOutFailed", status: 500 },
  "contact:send_failed": { message: "errors:contact.sendFailed", status: 503 },

  // Notifications: what failed (their writes are the person's own rows; a failure is not a rule).
  "notification:mark_read_failed": { message: "errors:notification.markReadFailed", status: 500 },
  // Workflow templates and workflows (20261130100000_workflows.sql).
  "workflow_template:not_found": { message: "errors:workflow.templateNotFound", status: 404 },
  "workflow_template:not_allowed": { message: "errors:workflow.templateNotAllowed", status: 403 },
  "workflow_template:archived": { message: "errors:workflow.templateArchived", status: 409 },
  "workflow_template:no_steps": { message: "errors:workflow.noSteps", status: 409 },
  "workflow_template:bad_move": { message: "errors:invalidRequest", status: 400 },
  "workflow_template:save_failed": { message: "errors:workflow.saveFailed", status: 500 },
  "workflow:not_allowed": { message: "errors:workflow.notAllowed", status: 403 },
  "workflow:not_found": { message: "errors:workflow.notFound", status: 404 },
  "workflow:case_not_engaged": { message: "errors:workflow.caseNotEngaged", status: 409 },
  "workflow:template_changed": { message: "errors:workflow.templateChanged", status: 409 },
  "workflow:trigger_changed": { message: "errors:workflow.triggerChanged", status: 409 },
  "workflow:save_failed": { message: "errors:workflow.saveFailed", status: 500 },

  "notification:delete_failed": { message: "errors:notification.deleteFailed", status: 500 },
  "notification:preferences_failed": { message: "errors:notification.preferencesFailed", status: 500 },
} as const satisfies Record<string, { message: `errors:${string}`; status: number }>;

export type ErrorCode = keyof typeof ERRORS;

/** A translation key (`ns:key`) of a message for the person. */
type MessageKey = (typeof ERRORS)[ErrorCode]["message"];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERRORS, value);
}

/** The translation key of a code's message. */
export function messageOf(code: ErrorCode): MessageKey {
  return ERRORS[code].message;
}

/** The HTTP status an action answers a code with. */
export function statusOf(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** What a refusal means when the database gave no code, by SQLSTATE; a domain names its own. */
export type Fallbacks = {
  /** 42501: row level security or a privilege. */
  notAllowed?: ErrorCode;
  /** 23503: what it refers to does not exist. */
  notFound?: ErrorCode;
  /** Another 23xxx: a constraint. */
  refused?: ErrorCode;
  /** Anything else: the write failed (logged). */
  failed?: ErrorCode;
};

/** A database error as supabase-js returns it (PostgREST's `code`, `details`, `hint`, `message`). */
export type DatabaseError = {
  code?: string | null;
  details?: string | null;
  hint?: string | null;
  message?: string | null;
};

/**
 * The code of a database refusal: the "<domain>:<reason>" in its `detail` (or `hint`), else what
 * its SQLSTATE means for this domain. Only codes, never the message, decide.
 */
export function errorCodeOf(error: DatabaseError, fallbacks: Fallbacks = {}): ErrorCode {
  for (const field of [error.details, error.hint]) {
    if (isErrorCode(field)) return field;
  }
  const sqlState = error.code ?? "";
  if (sqlState === "42501") return fallbacks.notAllowed ?? "common:not_allowed";
  if (sqlState === "23503") return fallbacks.notFound ?? "common:not_found";
  if (sqlState.startsWith("23")) return fallbacks.refused ?? "common:refused";
  console.error("Database write failed", sqlState, error.message);
  return fallbacks.failed ?? "common:failed";
}

/**
 * The one result of a mutation (`features/<domain>/mutations.server.ts`): done with a value, or
 * refused with a code. The action turns a refusal into a form error or a toast (responses.server.ts).
 */
export type Outcome<T = null> = { ok: true; value: T } | { ok: false; code: ErrorCode };

export function done<T = null>(value: T = null as T): Outcome<T> {
  return { ok: true, value };
}

export function refused<T = never>(code: ErrorCode): Outcome<T> {
  return { ok: false, code };
}

/** A refusal from a database error (see errorCodeOf). */
export function refusedBy<T = never>(error: DatabaseError, fallbacks: Fallbacks = {}): Outcome<T> {
  return refused(errorCodeOf(error, fallbacks));
}
