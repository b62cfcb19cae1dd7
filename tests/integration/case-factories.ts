import type { Supabase, Tables, TablesInsert } from "../../app/lib/database.ts";
import type { FeeType } from "../../app/lib/database-values.ts";
import { service } from "./helpers.ts";

/**
 * Factories for cases and proposals (supabase/migrations/20261123000400_cases.sql), written
 * through the API as the people themselves unless the name says otherwise.
 */

export type CaseRow = Tables<"cases">;
export type ProposalRow = Tables<"proposals">;

let firmCounter = 0;

/** A new law firm (service role), for tests that need a firm nobody else uses. */
export async function createFirm(label = "firm"): Promise<string> {
  firmCounter += 1;
  const slug = `${label}-${Date.now()}-${process.pid}-${firmCounter}`;
  const { data, error } = await service()
    .from("law_firms")
    .insert({ name: `Test ${label} ${firmCounter}`, slug })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

/** The fields of a valid case as the form sends them. */
export function caseFields(overrides: Partial<TablesInsert<"cases">> = {}): TablesInsert<"cases"> {
  return {
    title: "Dispute over a rental deposit",
    description: "The landlord kept the whole deposit without listing any damage.",
    practice_area: "real_estate",
    jurisdiction: "Massachusetts",
    priority: "normal",
    budget_min: 500,
    budget_max: 1500,
    currency: "USD",
    needed_by: "2027-03-01",
    ...overrides,
  };
}

/** A case created by its client through the API (open unless status says otherwise). */
export async function createCase(
  owner: Supabase,
  overrides: Partial<TablesInsert<"cases">> = {},
): Promise<CaseRow> {
  const { data, error } = await owner
    .from("cases")
    .insert(caseFields({ status: "open", ...overrides }))
    .select("*")
    .single();
  if (error) throw new Error(`createCase: ${error.message}`);
  return data;
}

/** A case in any status written by the system (service role), for states the API reaches only step by step. */
export async function insertCase(
  clientId: string,
  overrides: Partial<TablesInsert<"cases">> = {},
): Promise<CaseRow> {
  const { data, error } = await service()
    .from("cases")
    .insert(caseFields({ client_id: clientId, status: "open", ...overrides }))
    .select("*")
    .single();
  if (error) throw new Error(`insertCase: ${error.message}`);
  return data;
}

export type { FeeType };

/** The fields of a valid proposal of each fee type. */
export function proposalFields(
  feeType: FeeType = "fixed",
  overrides: Partial<TablesInsert<"proposals">> = {},
): Omit<TablesInsert<"proposals">, "case_id"> {
  const fees = {
    fixed: { amount: 1200 },
    hourly: { hourly_rate: 250, estimated_hours: 12 },
    contingency: { contingency_percent: 33.33 },
    retainer: { amount: 3000 },
  }[feeType];
  return {
    fee_type: feeType,
    ...fees,
    currency: "USD",
    estimated_duration_days: 30,
    scope: "Review the file, write to the other side and negotiate.",
    terms: "Half on signing, half on completion.",
    status: "submitted",
    ...overrides,
  };
}

/**
 * A proposal sent by a lawyer through the API: a fixed fee unless overrides name another fee
 * type (e.g. proposalFields("hourly")), submitted unless they name another status.
 */
export async function propose(
  lawyer: Supabase,
  caseId: string,
  overrides: Partial<TablesInsert<"proposals">> = {},
): Promise<ProposalRow> {
  const feeType = overrides.fee_type ?? "fixed";
  const { data, error } = await lawyer
    .from("proposals")
    .insert({ case_id: caseId, ...proposalFields(feeType, overrides) })
    .select("*")
    .single();
  if (error) throw new Error(`propose: ${error.message}`);
  return data;
}

/** A case as stored (service role), or null. */
export async function storedCase(id: string): Promise<CaseRow | null> {
  const { data, error } = await service().from("cases").select("*").eq("id", id).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

/** A proposal as stored (service role), or null. */
export async function storedProposal(id: string): Promise<ProposalRow | null> {
  const { data, error } = await service().from("proposals").select("*").eq("id", id).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

/** A person's case_update notifications, newest first (service role). */
export async function caseUpdatesOf(userId: string) {
  const { data, error } = await service()
    .from("notifications")
    .select("id,user_id,title,type")
    .eq("user_id", userId)
    .eq("type", "case_update")
    .order("created_at", { ascending: false });
  if (error) throw new Error(error.message);
  return data;
}
