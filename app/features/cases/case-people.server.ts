import type { FunctionReturns, Supabase } from "~/lib/database";

/** A person a case's screens may name (supabase/migrations/20261123000500_case_people.sql). */
export type CasePersonRow = FunctionReturns<"case_people">[number];

/**
 * The people of some cases whom the caller may name: one call for a whole page of cases (no N+1).
 * `public.users` hides most profiles; this is the only way the case screens learn names.
 */
export async function readCasePeople(supabase: Supabase, caseIds: string[]): Promise<CasePersonRow[]> {
  if (caseIds.length === 0) return [];
  const { data, error } = await supabase.rpc("case_people", { p_case_ids: [...new Set(caseIds)] });
  if (error) throw new Error(`Failed to read the people of cases: ${error.message}`);
  return data ?? [];
}

/** "First Last", or null when the person has no name on their profile. */
export function personName(person: Pick<CasePersonRow, "first_name" | "last_name">): string | null {
  const name = [person.first_name, person.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || null;
}
