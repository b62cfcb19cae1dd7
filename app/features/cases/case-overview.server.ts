import type { QueryData } from "@supabase/supabase-js";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import type { SignedInUser } from "~/features/auth/user";
import type { FeeType, ProposalStatus } from "~/features/proposals/proposals";
import type { Supabase } from "~/lib/database";
import { toCaseCard } from "./case-card.server";
import { type CaseQuery, type CaseScope, DEFAULT_CASE_QUERY } from "./case-query";
import { queryCases } from "./case-query.server";
import { CASE_STATUSES, type CaseStatus } from "./cases";
import type { CaseCardData } from "./components/case-card";
import type { CaseFormatter, DateText } from "./format";

dayjs.extend(utc);

/** How far ahead a deadline counts as close, and how far back a decided proposal is still news. */
const ATTENTION_WINDOW_DAYS = 14;
/** Items listed per "needing attention" block; the block links to the rest. */
const ATTENTION_LIMIT = 5;
/** Case statuses whose deadline no longer matters. */
const FINISHED: readonly CaseStatus[] = ["closed", "cancelled"];

/** A proposal in a "needing attention" block, written for the reader. */
export type AttentionProposal = {
  id: string;
  status: ProposalStatus;
  feeType: FeeType;
  caseReference: string;
  caseTitle: string;
  /** When it was sent (new proposals) or decided (the lawyer's decided ones). */
  at: DateText | null;
};

export type StatusCount = { status: CaseStatus; count: number };

export type CaseOverview = {
  /** The list scope the counts were taken over ("all" for admins, else the person's own). */
  scope: CaseScope;
  /** The attention window in days (deadlines ahead, decisions back). */
  windowDays: number;
  counts: StatusCount[];
  total: number;
  /** Clients: proposals sent on their cases and not opened yet. */
  newProposals: { total: number; items: AttentionProposal[] } | null;
  /** Lawyers: their proposals accepted or declined lately. */
  decidedProposals: AttentionProposal[] | null;
  /** Lawyers: how many open cases of other people wait in the marketplace. */
  marketplaceOpen: number | null;
  /** Cases not finished whose needed-by date is past or within the window, soonest first. */
  deadlines: (CaseCardData & { overdue: boolean })[];
};

function isAdmin(user: SignedInUser) {
  return user.accessLevel === "admin" || user.accessLevel === "super_user";
}

function isLawyer(user: SignedInUser) {
  return user.accessLevel === "lawyer" || user.accessLevel === "lawyer_admin";
}

const PROPOSAL_WITH_CASE =
  "id, status, fee_type, submitted_at, decided_at, cases!inner(reference, title, client_id)";

function selectProposalsWithCase(supabase: Supabase) {
  return supabase.from("proposals").select(PROPOSAL_WITH_CASE, { count: "exact" });
}

type ProposalWithCase = QueryData<ReturnType<typeof selectProposalsWithCase>>[number];

function toAttention(row: ProposalWithCase, at: string | null, format: CaseFormatter): AttentionProposal {
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
async function newProposalsFor(supabase: Supabase, user: SignedInUser, format: CaseFormatter) {
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
async function decidedProposalsOf(supabase: Supabase, user: SignedInUser, format: CaseFormatter) {
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

/** Reads only the total of a list query (one row fetched, since queryCases always reads a page). */
async function countOf(supabase: Supabase, user: SignedInUser, query: Partial<CaseQuery>) {
  const { total } = await queryCases(supabase, user, { ...DEFAULT_CASE_QUERY, ...query }, { limit: 1 });
  return total;
}

/** Unfinished cases by needed-by date, keeping those already due or due within the window. */
async function closeDeadlines(
  supabase: Supabase,
  user: SignedInUser,
  scope: CaseScope,
  format: CaseFormatter,
): Promise<CaseOverview["deadlines"]> {
  const today = dayjs.utc().format("YYYY-MM-DD");
  const horizon = dayjs.utc().add(ATTENTION_WINDOW_DAYS, "day").format("YYYY-MM-DD");
  const { rows } = await queryCases(
    supabase,
    user,
    {
      ...DEFAULT_CASE_QUERY,
      scope,
      status: CASE_STATUSES.filter((status) => !FINISHED.includes(status)),
      sort: "needed_by",
      dir: "asc",
    },
    { limit: ATTENTION_LIMIT },
  );
  return rows
    .filter((row) => row.needed_by !== null && row.needed_by <= horizon)
    .map((row) => ({ ...toCaseCard(row, format), overdue: (row.needed_by ?? "") < today }));
}

/**
 * What the case index shows (spec §2 `case`): the person's cases counted by status, and what
 * needs their attention — new proposals for a client, recent decisions and the marketplace for a
 * lawyer, close deadlines for everyone. Every read runs in parallel; RLS decides what counts.
 */
export async function loadCaseOverview(
  supabase: Supabase,
  user: SignedInUser,
  format: CaseFormatter,
): Promise<CaseOverview> {
  const scope: CaseScope = isAdmin(user) ? "all" : "mine";
  // Lawyers never own drafts; admins and clients do.
  const statuses = isLawyer(user) ? CASE_STATUSES.filter((status) => status !== "draft") : CASE_STATUSES;
  const lawyer = isLawyer(user);
  const [counts, newProposals, decidedProposals, marketplaceOpen, deadlines] = await Promise.all([
    Promise.all(
      statuses.map(async (status) => ({
        status,
        count: await countOf(supabase, user, { scope, status: [status] }),
      })),
    ),
    user.accessLevel === "user" ? newProposalsFor(supabase, user, format) : null,
    lawyer ? decidedProposalsOf(supabase, user, format) : null,
    lawyer ? countOf(supabase, user, { scope: "marketplace" }) : null,
    closeDeadlines(supabase, user, scope, format),
  ]);
  return {
    scope,
    windowDays: ATTENTION_WINDOW_DAYS,
    counts,
    total: counts.reduce((sum, entry) => sum + entry.count, 0),
    newProposals,
    decidedProposals,
    marketplaceOpen,
    deadlines,
  };
}
