import { type AccessLevel, can } from "~/lib/access";
import { WORKFLOW_ROLES, type WorkflowRole } from "~/lib/database-values";

export { WORKFLOW_ROLES, type WorkflowRole };

/** The workflow pages (spec §2: workflow index, workflow, {id}/details, template). */
export const workflowPaths = {
  index: "/dashboard/workflow",
  list: "/dashboard/workflow/workflow",
  details: (id: string) => `/dashboard/workflow/${id}/details`,
  templates: "/dashboard/workflow/template",
  template: (id: string) => `/dashboard/workflow/template?template=${id}`,
  /** The list's start form with a case chosen (the case page links here). */
  startOn: (caseId: string) => `/dashboard/workflow/workflow?case=${caseId}#start`,
  /** The list with its start form open. */
  start: "/dashboard/workflow/workflow?panel=start#start",
} as const;

/**
 * Whether the list shows its start form: when asked (`?panel=start`, a link, so without
 * JavaScript too) or when it lists one case's workflows (the case page's link to start one). Only
 * then does it read the cases and templates the form offers (ADR 0022).
 */
export function startFormOpen(params: URLSearchParams, caseId: string | null): boolean {
  return params.get("panel") === "start" || caseId !== null;
}

/**
 * The page of a step's task: the tasks feature's `taskPaths.view`, written out here so the
 * workflow pages do not load the tasks' module for one address (workflows.test.ts keeps the two
 * the same).
 */
export const taskHref = (taskId: string) => `/dashboard/task_management/task/${taskId}`;

/** The database's limits on a template (20261130100000_workflows.sql), for the forms. */
export const WORKFLOW_LIMITS = {
  nameMax: 200,
  titleMax: 200,
  instructionsMax: 4000,
  offsetMin: -3650,
  offsetMax: 3650,
} as const;

/**
 * Whether the case page offers to start a workflow: an engaged case, to a person who manages its
 * tasks (a lawyer on its team, the firm's admin, an admin; the database's `manages_case_tasks`,
 * which judges the start itself).
 */
export function offersWorkflowStart(
  user: { id: string; accessLevel: AccessLevel },
  caseRow: { status: string; members: readonly { userId: string; role: string }[] },
): boolean {
  if (caseRow.status !== "engaged" || !can(user.accessLevel, "runsWorkflows")) return false;
  if (can(user.accessLevel, "isAdmin") || can(user.accessLevel, "managesFirm")) return true;
  return caseRow.members.some((member) => member.userId === user.id && member.role !== "client");
}
