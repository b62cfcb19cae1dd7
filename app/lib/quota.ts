/** The per-person limits the database enforces (supabase/migrations/20261126020100_quotas.sql). */
const QUOTAS = ["rows_per_insert", "open_cases", "cases_per_day", "proposals_per_day"] as const;
type Quota = (typeof QUOTAS)[number];

/**
 * The quota a database refusal names, or null when the refusal is something else. The quota
 * triggers raise P0001 with `details` "quota:<name>", which stays stable when the English message
 * changes.
 */
export function quotaOf(error: { code?: string | null; details?: string | null }): Quota | null {
  if (error.code !== "P0001" || !error.details?.startsWith("quota:")) return null;
  const name = error.details.slice("quota:".length);
  return QUOTAS.find((quota) => quota === name) ?? null;
}
