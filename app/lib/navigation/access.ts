import type { AccessLevel } from "./nav";

/** Clients: they describe legal problems as cases (spec §6, domain "Access levels"). */
const CLIENT_LEVELS = ["user"] as const satisfies readonly AccessLevel[];
/** Lawyers and firm admins: they browse open cases, propose and run engaged cases. */
export const LAWYER_LEVELS = ["lawyer", "lawyer_admin"] as const satisfies readonly AccessLevel[];
/** The platform's admins: they see everything. */
export const ADMIN_LEVELS = ["admin", "super_user"] as const satisfies readonly AccessLevel[];

/**
 * Who opens a new case: the form makes its author the case's client and publishes it to lawyers,
 * so only clients get it (a lawyer would become the client of their own case).
 */
export const CASE_OPENERS: readonly AccessLevel[] = CLIENT_LEVELS;
/** Who has a pipeline of cases to run (case_management): lawyers, firm admins and admins. */
export const PIPELINE_LEVELS: readonly AccessLevel[] = [...LAWYER_LEVELS, ...ADMIN_LEVELS];
/** The template's sample pages (params, blank) are tools for the platform's admins, not for customers. */
export const TEMPLATE_PAGE_LEVELS: readonly AccessLevel[] = ADMIN_LEVELS;

/** Whether a person of this access level opens new cases (menus, buttons and quick links follow it). */
export function opensCases(accessLevel: string | null | undefined): boolean {
  return CASE_OPENERS.some((level) => level === accessLevel);
}
