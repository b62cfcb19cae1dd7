/**
 * The case model as the app sees it (../shared/design/domain.md). The database enforces every rule
 * (supabase/migrations/20261123000400_cases.sql); these lists mirror its checks so forms, filters
 * and labels use the same values.
 */

/** Statuses in the order of a case's life. */
export const CASE_STATUSES = ["draft", "open", "engaged", "on_hold", "closed", "cancelled"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const PRACTICE_AREAS = [
  "family",
  "immigration",
  "employment",
  "real_estate",
  "criminal_defence",
  "corporate",
  "intellectual_property",
  "personal_injury",
  "tax",
  "wills_and_estates",
] as const;
export type PracticeArea = (typeof PRACTICE_AREAS)[number];

export const CASE_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];

/** Currencies offered in forms: the five languages' own and the common ones of the demo firms. */
export const CURRENCIES = ["USD", "EUR", "GBP", "VND", "CNY", "AED", "CAD", "AUD"] as const;

const MEMBER_ROLES = ["client", "lead", "associate", "paralegal"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

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

/** A row of `public.cases` as the REST API returns it (numeric columns arrive as numbers). */
export type CaseRow = {
  id: string;
  reference: string;
  title: string;
  description: string;
  practice_area: PracticeArea;
  jurisdiction: string;
  status: CaseStatus;
  priority: CasePriority;
  client_id: string;
  lead_lawyer_id: string | null;
  law_firm_id: string | null;
  court_name: string | null;
  court_case_number: string | null;
  opposing_party: string | null;
  budget_min: number | null;
  budget_max: number | null;
  currency: string;
  needed_by: string | null;
  opened_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
};

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
