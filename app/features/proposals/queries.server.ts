import type { QueryData } from "@supabase/supabase-js";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import type { SignedInUser } from "~/features/auth/user";
import type { CaseStatus } from "~/features/cases/cases";
import {
  ATTENTION_LIMIT,
  ATTENTION_WINDOW_DAYS,
  type CaseViewer,
  containsPattern,
} from "~/features/cases/queries.server";
import { can } from "~/lib/access";
import type { Supabase } from "~/lib/database";
import type { Formatter } from "~/lib/i18n/format";
import { pageTotal } from "~/lib/paging";
import { feeText } from "./fees";
import { PROPOSAL_PAGE_SIZE, type ProposalListParams } from "./list-params";
import { proposalPermissions } from "./proposal-rules";
import {
  LIVE_PROPOSAL_STATUSES,
  PROPOSAL_STATUSES,
  type ProposalRow,
  UNDECIDED_PROPOSAL_STATUSES,
} from "./proposals";
import type {
  AttentionProposal,
  CaseLink,
  CaseProposal,
  CaseProposals,
  CaseSummaryText,
  ProposalAttention,
  ProposalDetail,
  ProposalListItem,
  ProposalOverview,
  ReceivedGroup,
  StatusCount,
} from "./views";

dayjs.extend(utc);

const CASE_COLUMNS =
  "id, reference, title, status, client_id, practice_area, jurisdiction, budget_min, budget_max, currency, needed_by, description";

function selectProposalCase(supabase: Supabase, caseId: string) {
  return supabase.from("cases").select(CASE_COLUMNS).eq("id", caseId).maybeSingle();
}

/** What the proposal pages show of the case a proposal is for. */
type ProposalCase = QueryData<ReturnType<typeof selectProposalCase>>;

/** The case a proposal is written for, as the person may see it (null: missing or hidden). */
export async function getProposalCase(supabase: Supabase, caseId: string): Promise<ProposalCase | null> {
  const { data, error } = await selectProposalCase(supabase, caseId);
  if (error) throw new Error(`Failed to read case: ${error.message}`);
  return data;
}

/** The case written for the proposal form's summary. */
export function toCaseSummary(row: ProposalCase, format: Formatter): CaseSummaryText {
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    status: row.status,
    practiceArea: row.practice_area,
    jurisdiction: row.jurisdiction,
    budget: format.budget(row.budget_min, row.budget_max, row.currency),
    neededBy: format.day(row.needed_by),
    description: row.description,
  };
}

function selectProposal(supabase: Supabase, id: string) {
  return supabase
    .from("proposals")
    .select(`*, proposer_name, case:cases(${CASE_COLUMNS})` as const)
    .eq("id", id)
    .maybeSingle();
}

/** A proposal with its case (null when row level security hides the case). */
type ProposalWithCase = QueryData<ReturnType<typeof selectProposal>>;

/** One proposal with its case, as the person may see them (null: missing or hidden by RLS). */
export async function getProposal(supabase: Supabase, id: string): Promise<ProposalWithCase | null> {
  const { data, error } = await selectProposal(supabase, id);
  if (error) throw new Error(`Failed to read proposal: ${error.message}`);
  return data;
}

/** The person's live proposal on a case (one at most, the database ensures), or null. */
export async function findLiveProposalId(
  supabase: Supabase,
  caseId: string,
  lawyerId: string,
): Promise<string | null> {
  const { data, error } = await supabase
    .from("proposals")
    .select("id")
    .eq("case_id", caseId)
    .eq("lawyer_id", lawyerId)
    .in("status", ["draft", "submitted", "viewed", "accepted"])
    .limit(1);
  if (error) throw new Error(`Failed to read proposals: ${error.message}`);
  return data?.[0]?.id ?? null;
}

type ListRow = ProposalRow & { case: CaseLink | null; proposer_name: string | null };

/**
 * A proposal as a list shows it; `proposer_name` is the lawyer's name when the person may see it
 * (a computed field, read with the page: 20261201060000_proposer_name_computed_field.sql).
 */
const LIST_COLUMNS = "*, proposer_name, case:cases(id, reference, title)";

function toListItems(rows: ListRow[], user: SignedInUser, format: Formatter): ProposalListItem[] {
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    fee: feeText(row, format),
    lawyer: {
      id: row.lawyer_id,
      isYou: row.lawyer_id === user.id,
      name: row.lawyer_id === user.id ? null : row.proposer_name,
    },
    case: row.case,
    submitted: format.dateTime(row.submitted_at),
    updated: format.dateTime(row.updated_at),
  }));
}

export type ProposalListPage = { items: ProposalListItem[]; total: number; pageCount: number };

/**
 * A page of the proposals the person may see, newest activity first: a client's proposals on their
 * cases, a lawyer's own, a firm admin's firm's, everything for admins — RLS decides.
 */
export async function listProposals(
  supabase: Supabase,
  user: SignedInUser,
  params: ProposalListParams,
  format: Formatter,
): Promise<ProposalListPage> {
  const from = (params.page - 1) * PROPOSAL_PAGE_SIZE;
  const columns = params.q ? "*, proposer_name, case:cases!inner(id, reference, title)" : LIST_COLUMNS;
  const filtered = (head: boolean) => {
    let query = head
      ? supabase.from("proposals").select(columns, { count: "exact", head })
      : supabase.from("proposals").select(columns);
    if (params.status) query = query.eq("status", params.status);
    if (params.feeType) query = query.eq("fee_type", params.feeType);
    if (params.q) {
      const pattern = containsPattern(params.q);
      query = query.or(`title.ilike.${pattern},reference.ilike.${pattern}`, { referencedTable: "case" });
    }
    return query;
  };
  const { data, error } = await filtered(false)
    .order("updated_at", { ascending: false })
    .order("id")
    .range(from, from + PROPOSAL_PAGE_SIZE - 1);
  if (error) throw new Error(`Failed to list proposals: ${error.message}`);
  const rows = data ?? [];
  // A page that is not full tells the total; a full one (or one past the end, which the person
  // gets empty but with the real total and the page links back) asks for the count.
  const total = pageTotal(from, PROPOSAL_PAGE_SIZE, rows.length) ?? (await filtered(true)).count ?? 0;
  return {
    items: toListItems(rows, user, format),
    total,
    pageCount: Math.max(1, Math.ceil(total / PROPOSAL_PAGE_SIZE)),
  };
}

/**
 * How many proposals the person may see in each status (a lawyer: their own), in one statement
 * (public.proposal_status_counts; row level security decides every row).
 */
async function countByStatus(supabase: Supabase): Promise<StatusCount[]> {
  const { data, error } = await supabase.rpc("proposal_status_counts");
  if (error) throw new Error(`Failed to count proposals: ${error.message}`);
  return PROPOSAL_STATUSES.map((status) => ({
    status,
    count: (data ?? [])
      .filter((row) => row.status === status)
      .reduce((sum, row) => sum + Number(row.count), 0),
  }));
}

const LATEST_LIMIT = 5;
const RECEIVED_LIMIT = 50;

/**
 * The proposals index. A lawyer (or firm admin, or admin) sees counts by status and the latest
 * proposals; a client sees the proposals awaiting their decision, grouped by case.
 */
export async function loadProposalOverview(
  supabase: Supabase,
  user: SignedInUser,
  format: Formatter,
): Promise<ProposalOverview> {
  if (!can(user.accessLevel, "opensCases")) {
    const [counts, latest] = await Promise.all([
      countByStatus(supabase),
      supabase
        .from("proposals")
        .select(LIST_COLUMNS)
        .order("updated_at", { ascending: false })
        .limit(LATEST_LIMIT),
    ]);
    if (latest.error) throw new Error(`Failed to read proposals: ${latest.error.message}`);
    return {
      perspective: "lawyer",
      counts,
      latest: toListItems(latest.data ?? [], user, format),
    };
  }
  const { data, error } = await supabase
    .from("proposals")
    .select("*, proposer_name, case:cases!inner(id, reference, title, client_id)")
    .eq("case.client_id", user.id)
    .in("status", [...UNDECIDED_PROPOSAL_STATUSES])
    .order("submitted_at", { ascending: false })
    .limit(RECEIVED_LIMIT);
  if (error) throw new Error(`Failed to read proposals received: ${error.message}`);
  const rows = data ?? [];
  const items = toListItems(rows, user, format);
  const groups = new Map<string, ReceivedGroup>();
  for (const item of items) {
    if (!item.case) continue;
    const group = groups.get(item.case.id) ?? { case: item.case, items: [], newCount: 0 };
    group.items.push(item);
    if (item.status === "submitted") group.newCount += 1;
    groups.set(item.case.id, group);
  }
  return {
    perspective: "client",
    groups: [...groups.values()],
    newCount: items.filter((item) => item.status === "submitted").length,
  };
}

/** A proposal's page: the proposal, its case, its lawyer's name and what the person may do. */
export function toProposalDetail(
  user: SignedInUser,
  row: ProposalWithCase,
  format: Formatter,
): ProposalDetail {
  const isYou = row.lawyer_id === user.id;
  return {
    id: row.id,
    status: row.status,
    fee: feeText(row, format),
    currency: row.currency,
    durationDays:
      row.estimated_duration_days === null
        ? null
        : { count: row.estimated_duration_days, text: format.number(row.estimated_duration_days) },
    scope: row.scope,
    terms: row.terms,
    lawyer: { id: row.lawyer_id, isYou, name: isYou ? null : row.proposer_name },
    case: row.case
      ? { id: row.case.id, reference: row.case.reference, title: row.case.title, status: row.case.status }
      : null,
    created: format.dateTime(row.created_at),
    submitted: format.dateTime(row.submitted_at),
    viewed: format.dateTime(row.viewed_at),
    decided: format.dateTime(row.decided_at),
    updated: format.dateTime(row.updated_at),
    can: proposalPermissions(user, row, row.case),
  };
}

const PROPOSAL_WITH_CASE =
  "id, status, fee_type, submitted_at, decided_at, cases!inner(reference, title, client_id)";

function selectProposalsWithCase(supabase: Supabase) {
  return supabase.from("proposals").select(PROPOSAL_WITH_CASE, { count: "exact" });
}

type AttentionRow = QueryData<ReturnType<typeof selectProposalsWithCase>>[number];

function toAttention(row: AttentionRow, at: string | null, format: Formatter): AttentionProposal {
  return {
    id: row.id,
    status: row.status,
    feeType: row.fee_type,
    caseReference: row.cases.reference,
    caseTitle: row.cases.title,
    at: format.dateTime(at),
  };
}

/** Proposals sent on the client's own cases that they have not opened yet, newest first. */
async function newProposalsFor(supabase: Supabase, user: SignedInUser, format: Formatter) {
  const { data, count, error } = await selectProposalsWithCase(supabase)
    .eq("status", "submitted")
    .eq("cases.client_id", user.id)
    .order("submitted_at", { ascending: false })
    .limit(ATTENTION_LIMIT);
  if (error) throw new Error(`Failed to read new proposals: ${error.message}`);
  const rows = data ?? [];
  return {
    total: count ?? rows.length,
    items: rows.map((row) => toAttention(row, row.submitted_at, format)),
  };
}

/** The lawyer's proposals accepted or declined within the window, latest first. */
async function decidedProposalsOf(supabase: Supabase, user: SignedInUser, format: Formatter) {
  const since = dayjs.utc().subtract(ATTENTION_WINDOW_DAYS, "day").toISOString();
  const { data, error } = await selectProposalsWithCase(supabase)
    .eq("lawyer_id", user.id)
    .in("status", ["accepted", "declined"])
    .gte("decided_at", since)
    .order("decided_at", { ascending: false })
    .limit(ATTENTION_LIMIT);
  if (error) throw new Error(`Failed to read decided proposals: ${error.message}`);
  return (data ?? []).map((row) => toAttention(row, row.decided_at, format));
}

/**
 * The proposals part of the case index (spec §2 `case`): new proposals for a client, recent
 * decisions for a lawyer. The case index route reads it next to the cases' overview.
 */
export async function loadProposalAttention(
  supabase: Supabase,
  user: SignedInUser,
  format: Formatter,
): Promise<ProposalAttention> {
  const [newProposals, decidedProposals] = await Promise.all([
    can(user.accessLevel, "opensCases") ? newProposalsFor(supabase, user, format) : null,
    can(user.accessLevel, "proposes") ? decidedProposalsOf(supabase, user, format) : null,
  ]);
  return { newProposals, decidedProposals };
}

/** Every proposal on a case this person may see (RLS decides), in the order they were sent. */
export async function readCaseProposals(supabase: Supabase, caseId: string): Promise<ProposalRow[]> {
  const { data, error } = await supabase
    .from("proposals")
    .select("*")
    .eq("case_id", caseId)
    .order("submitted_at")
    .order("created_at");
  if (error) throw new Error(`Failed to load the proposals of case ${caseId}: ${error.message}`);
  return data ?? [];
}

/**
 * The case page's proposals section for this viewer: the client and admins compare every proposal
 * sent; a lawyer sees their own and whether they may still propose.
 */
export function toCaseProposals(
  rows: ProposalRow[],
  caseStatus: CaseStatus,
  user: SignedInUser,
  viewer: CaseViewer,
  format: Formatter,
): CaseProposals {
  const { isClient, isAdmin, personOf } = viewer;
  const toProposal = (proposal: ProposalRow): CaseProposal => ({
    id: proposal.id,
    status: proposal.status,
    lawyer: personOf(proposal.lawyer_id),
    fee: feeText(proposal, format),
    currency: proposal.currency,
    durationDays: proposal.estimated_duration_days,
    scope: proposal.scope,
    terms: proposal.terms,
    submitted: format.dateTime(proposal.submitted_at),
    decidable:
      (isClient || isAdmin) && caseStatus === "open" && UNDECIDED_PROPOSAL_STATUSES.includes(proposal.status),
  });
  if (isClient || isAdmin) {
    return { view: "compare", items: rows.filter((p) => p.status !== "draft").map(toProposal) };
  }
  const own = rows.filter((proposal) => proposal.lawyer_id === user.id);
  return {
    view: "own",
    items: own.map(toProposal),
    canPropose:
      caseStatus === "open" &&
      can(user.accessLevel, "proposes") &&
      !own.some((proposal) => LIVE_PROPOSAL_STATUSES.includes(proposal.status)),
  };
}
