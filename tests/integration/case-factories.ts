import type { SupabaseClient } from "@supabase/supabase-js";
import { service } from "./helpers.ts";

/**
 * Factories for cases and proposals (supabase/migrations/20261123000400_cases.sql), written
 * through the API as the people themselves unless the name says otherwise.
 */

export type CaseRow = {
  id: string;
  reference: string;
  title: string;
  status: string;
  client_id: string;
  lead_lawyer_id: string | null;
  law_firm_id: string | null;
  priority: string;
  court_case_number: string | null;
};

export type ProposalRow = {
  id: string;
  case_id: string;
  lawyer_id: string;
  law_firm_id: string | null;
  status: string;
  scope: string;
  submitted_at: string | null;
  viewed_at: string | null;
  decided_at: string | null;
};

export type NotificationRow = { id: string; user_id: string; title: string; type: string };

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
  return (data as { id: string }).id;
}

/** The fields of a valid case as the form sends them. */
export function caseFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
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
  owner: SupabaseClient,
  overrides: Record<string, unknown> = {},
): Promise<CaseRow> {
  const { data, error } = await owner
    .from("cases")
    .insert(caseFields({ status: "open", ...overrides }))
    .select("*")
    .single();
  if (error) throw new Error(`createCase: ${error.message}`);
  return data as CaseRow;
}

/** A case in any status written by the system (service role), for states the API reaches only step by step. */
export async function insertCase(
  clientId: string,
  overrides: Record<string, unknown> = {},
): Promise<CaseRow> {
  const { data, error } = await service()
    .from("cases")
    .insert(caseFields({ client_id: clientId, status: "open", ...overrides }))
    .select("*")
    .single();
  if (error) throw new Error(`insertCase: ${error.message}`);
  return data as CaseRow;
}

export type FeeType = "fixed" | "hourly" | "contingency" | "retainer";

/** The fields of a valid proposal of each fee type. */
export function proposalFields(
  feeType: FeeType = "fixed",
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
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
  lawyer: SupabaseClient,
  caseId: string,
  overrides: Record<string, unknown> = {},
): Promise<ProposalRow> {
  const feeType = (overrides.fee_type as FeeType | undefined) ?? "fixed";
  const { data, error } = await lawyer
    .from("proposals")
    .insert({ case_id: caseId, ...proposalFields(feeType, overrides) })
    .select("*")
    .single();
  if (error) throw new Error(`propose: ${error.message}`);
  return data as ProposalRow;
}

/** A case as stored (service role), or null. */
export async function storedCase(id: string): Promise<CaseRow | null> {
  const { data, error } = await service().from("cases").select("*").eq("id", id).maybeSingle();
  if (error) throw new Error(error.message);
  return data as CaseRow | null;
}

/** A proposal as stored (service role), or null. */
export async function storedProposal(id: string): Promise<ProposalRow | null> {
  const { data, error } = await service().from("proposals").select("*").eq("id", id).maybeSingle();
  if (error) throw new Error(error.message);
  return data as ProposalRow | null;
}

/** A person's case_update notifications, newest first (service role). */
export async function caseUpdatesOf(userId: string): Promise<NotificationRow[]> {
  const { data, error } = await service()
    .from("notifications")
    .select("id,user_id,title,type")
    .eq("user_id", userId)
    .eq("type", "case_update")
    .order("created_at", { ascending: false });
  if (error) throw new Error(error.message);
  return data as NotificationRow[];
}
