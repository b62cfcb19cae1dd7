/**
 * The case model as the app sees it (../shared/design/domain.md). The database enforces every rule
 * (supabase/migrations/20261123000400_cases.sql); these lists mirror its checks so forms, filters
 * and labels use the same values.
 */

import type { Tables } from "~/lib/database";
import { CASE_STATUSES, type CaseStatus } from "~/lib/database-values";

export {
  CASE_PRIORITIES,
  CASE_STATUSES,
  type CasePriority,
  type CaseStatus,
  type MemberRole,
  PRACTICE_AREAS,
  type PracticeArea,
} from "~/lib/database-values";

/** Currencies offered in forms: the five languages' own and the common ones of the demo firms. */
export const CURRENCIES = ["USD", "EUR", "GBP", "VND", "CNY", "AED", "CAD", "AUD"] as const;

/** The date-picker range of the product (spec §9), also the database's check on `needed_by`. */
export const CASE_DATE_RANGE = { min: "1900-01-01", max: "2099-12-31" } as const;

/** Where a status may go next: the same table as `public.next_case_statuses`. */
const NEXT_CASE_STATUSES: Record<CaseStatus, readonly CaseStatus[]> = {
  draft: ["open", "cancelled"],
  open: ["engaged", "cancelled"],
  engaged: ["on_hold", "closed"],
  on_hold: ["engaged", "closed"],
  closed: [],
  cancelled: [],
};

export function nextCaseStatuses(status: CaseStatus): readonly CaseStatus[] {
  return NEXT_CASE_STATUSES[status];
}

export function isCaseStatus(value: unknown): value is CaseStatus {
  return typeof value === "string" && (CASE_STATUSES as readonly string[]).includes(value);
}

/** A client edits the case itself only while it is a draft or open (the database agrees). */
export function isEditableByClient(status: CaseStatus): boolean {
  return status === "draft" || status === "open";
}

/**
 * A row of `public.cases` as the REST API returns it (numeric columns arrive as numbers). The
 * generated row also lists the computed fields (`client_name`, `proposal_count`), which only a
 * select naming them reads; a stored row (`*`, a function's result) has none.
 */
export type CaseRow = Omit<Tables<"cases">, "client_name" | "proposal_count">;

/** The addresses of the case pages (spec §2), in one place. */
export const casePaths = {
  index: "/dashboard/case",
  list: "/dashboard/case/list",
  table: "/dashboard/case/table",
  tableExport: "/dashboard/case/table/export.csv",
  create: "/dashboard/case/new",
  view: (id: string) => `/dashboard/case/${id}`,
  edit: (id: string) => `/dashboard/case/${id}/edit`,
  management: "/dashboard/case_management",
} as const;

/** Whether a string is a UUID, so a hand-typed `{id}` never reaches the database as a bad cast. */
export function isUuid(value: unknown): value is string {
  return (
    typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  );
}
