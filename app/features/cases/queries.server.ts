import type { QueryData } from "@supabase/supabase-js";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import type { SignedInUser } from "~/features/auth/user";
import { can } from "~/lib/access";
import type { FunctionReturns, Json, Supabase } from "~/lib/database";
import type { DateText, Formatter } from "~/lib/i18n/format";
import { allowedStatusActions } from "./case-actions";
import { type CaseQuery, type CaseScope, casePageCount, DEFAULT_CASE_QUERY } from "./case-query";
import type { CaseTableRow } from "./case-table-view";
import {
  CASE_STATUSES,
  type CasePriority,
  type CaseRow,
  type CaseStatus,
  isEditableByClient,
  type MemberRole,
  type PracticeArea,
} from "./cases";
import type { CaseCardData } from "./components/case-card";
import type { CaseListPageProps } from "./components/case-list";

/*
 * What people read of cases: the lists (cards, table, CSV, pipeline, index) through one list
 * query, the case page and the edit form. Row level security decides every row; these functions
 * shape what it returns for the pages, formatted in the reader's language. Writes are in
 * ./mutations.server.ts; the proposals on a case are read by features/proposals.
 */

dayjs.extend(utc);

// ── The people named on cases ──
/** A person a case's screens may name (supabase/migrations/20261123000500_case_people.sql). */
type CasePersonRow = FunctionReturns<"case_people">[number];

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

// ── Lists: one query for cards, table and counts ──
/** The columns a list of cases reads (no court details or dates of the case's life). */
const CASE_SUMMARY_COLUMNS =
  "id, reference, title, description, status, priority, practice_area, jurisdiction, client_id, lead_lawyer_id, law_firm_id, budget_min, budget_max, currency, needed_by, created_at, updated_at";

/**
 * The computed fields of public.cases a page may add to the summary, in the same request
 * (supabase/migrations/20261130300000_case_computed_fields.sql): the table's client name, the card
 * list's count of the proposals the reader may see.
 */
const CASE_COMPUTED_COLUMNS = "client_name, proposal_count";
type CaseComputedField = "client_name" | "proposal_count";

function selectCaseSummaries(supabase: Supabase) {
  return supabase.from("cases").select(CASE_SUMMARY_COLUMNS, { count: "exact" });
}

function selectComputedFields(supabase: Supabase) {
  return supabase.from("cases").select(CASE_COMPUTED_COLUMNS);
}

/** A case as a list shows it. */
export type CaseSummary = QueryData<ReturnType<typeof selectCaseSummaries>>[number];

/** A case as a list shows it, with the computed fields `F` read alongside. */
type CaseSummaryWith<F extends CaseComputedField> = CaseSummary &
  Pick<QueryData<ReturnType<typeof selectComputedFields>>[number], F>;

type CaseQueryResult<F extends CaseComputedField = never> = { rows: CaseSummaryWith<F>[]; total: number };

/**
 * A `*text*` pattern for PostgREST's `ilike` that is safe inside an `or=(…)` list: characters with
 * a meaning there (`,()."\:`) or in LIKE (`%_*`) become the `*` wildcard, so "Smith, J." still
 * finds "Smith, J." and nothing can break out of the filter.
 */
export function containsPattern(text: string): string {
  return `*${text.replace(/[,()."\\:%_*]/g, "*")}*`.replace(/\*{2,}/g, "*");
}

/**
 * Text lower-cased the way `public.cases.search` is (Postgres `lower`): one character at a time, so
 * a final Σ gives σ as it does there. A character JavaScript lower-cases into more than one
 * (İ gives i + a combining dot) becomes the `*` wildcard rather than a pattern that cannot match.
 */
export function caseSearchFold(text: string): string {
  return Array.from(text, (char) => {
    const lower = char.toLowerCase();
    return lower.length === char.length ? lower : "*";
  }).join("");
}

type CaseQueryOptions<F extends CaseComputedField> = {
  /** Read this many rows from `offset` instead of the query's page (the CSV export). */
  limit?: number;
  offset?: number;
  /** Computed fields of each case to read in the same request. */
  computed?: readonly F[];
};

/**
 * One page of the cases a person may see that match a query, and how many match in all. Row level
 * security decides what is visible; the query only narrows it. Sorted by the chosen column (empty
 * values last in both directions), then by reference so pages never overlap. A page past the end
 * gives no rows and the real total.
 */
export async function queryCases<F extends CaseComputedField = never>(
  supabase: Supabase,
  user: SignedInUser,
  query: CaseQuery,
  options: CaseQueryOptions<F> = {},
): Promise<CaseQueryResult<F>> {
  const offset = options.offset ?? (query.page - 1) * query.size;
  const limit = options.limit ?? query.size;
  // The computed fields are functions of the row (also of public.my_cases' rows, which are cases).
  const columns = [CASE_SUMMARY_COLUMNS, ...(options.computed ?? [])].join(", ");
  // Each filter method adds itself to the request and returns it, so none needs reassigning.
  // "Mine" (client of, on the team of, or the firm's as its admin) is public.my_cases(), filtered
  // like the table: a lawyer's case ids would not fit in the request's address.
  const request =
    query.scope === "mine"
      ? supabase.rpc("my_cases", {}, { get: true, count: "exact" }).select(columns)
      : supabase.from("cases").select(columns, { count: "exact" });
  // Title, reference or jurisdiction contain the text, in any case: `search` holds the three
  // lower-cased, so a plain `like` answers, which costs less than three `ilike`s per row.
  if (query.q) request.like("search", containsPattern(caseSearchFold(query.q)));
  if (query.status.length > 0) request.in("status", query.status);
  if (query.practiceArea.length > 0) request.in("practice_area", query.practiceArea);
  if (query.priority.length > 0) request.in("priority", query.priority);
  if (query.jurisdiction) request.ilike("jurisdiction", containsPattern(query.jurisdiction));
  if (query.scope === "marketplace") request.eq("status", "open").neq("client_id", user.id);
  request.order(query.sort, { ascending: query.dir === "asc", nullsFirst: false });
  if (query.sort !== "reference") request.order("reference", { ascending: true });
  const { data, count, error } = await request.range(offset, offset + limit - 1);
  // The select list is built, so its type is asserted: the summary and the fields asked for.
  if (!error) return { rows: (data ?? []) as unknown as CaseSummaryWith<F>[], total: count ?? 0 };
  // PGRST103: the page starts past the last row; the first row's read gives the total.
  if (error.code !== "PGRST103" || offset === 0) throw new Error(`Failed to read cases: ${error.message}`);
  const { total } = await queryCases(supabase, user, query, { offset: 0, limit: 1 });
  return { rows: [], total };
}

// ── Cards ──
/** The columns a case card shows, for `select()`. */
const CASE_CARD_COLUMNS =
  "id, reference, title, status, priority, practice_area, jurisdiction, budget_min, budget_max, currency, needed_by, updated_at";

/** The cases as cards read them (with the count of all that match). */
function selectCaseCards(supabase: Supabase) {
  return supabase.from("cases").select(CASE_CARD_COLUMNS, { count: "exact" });
}

type CaseCardRow = QueryData<ReturnType<typeof selectCaseCards>>[number];

/** A case as a card shows it, money and dates written in the reader's language. */
function toCaseCard(row: CaseCardRow, format: Formatter, proposals: number | null = null): CaseCardData {
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    status: row.status,
    priority: row.priority,
    practiceArea: row.practice_area,
    jurisdiction: row.jurisdiction,
    budget: format.budget(row.budget_min, row.budget_max, row.currency),
    neededBy: format.day(row.needed_by),
    updated: format.day(row.updated_at),
    proposals,
  };
}

// ── The card list (spec §2 case/list) ──
/** Lawyers choose between everything they may see, their own cases and the open marketplace. */
function listScopesFor(user: SignedInUser): CaseScope[] {
  return can(user.accessLevel, "proposes") ? ["all", "mine", "marketplace"] : [];
}

/**
 * One page of the card list: the cases of the query, each with the proposals the reader may see
 * counted (`public.proposal_count`, under the reader's RLS), in one request.
 */
export async function loadCaseList(
  supabase: Supabase,
  user: SignedInUser,
  query: CaseQuery,
  format: Formatter,
): Promise<CaseListPageProps> {
  const scopes = listScopesFor(user);
  // The marketplace is for lawyers; anyone else asking for it sees their usual list.
  const effective: CaseQuery =
    scopes.includes(query.scope) || query.scope !== "marketplace" ? query : { ...query, scope: "all" };
  const { rows, total } = await queryCases(supabase, user, effective, { computed: ["proposal_count"] });
  return {
    query: effective,
    cards: rows.map((row) => toCaseCard(row, format, row.proposal_count ?? 0)),
    total,
    pageCount: casePageCount(total, effective.size),
    scopes,
  };
}

// ── Counts by status (the pipeline and the case index) ──
/** Which cases are counted: all the caller may see, their own ("mine"), or a lawyer's pipeline. */
type CountSource = "all" | "mine" | "pipeline";

/**
 * How many cases of each status the caller may see in `source`, in one statement
 * (public.case_status_counts; row level security decides every row). Statuses without a case are
 * missing from the map.
 */
export async function readCaseStatusCounts(
  supabase: Supabase,
  source: CountSource,
): Promise<Map<CaseStatus, number>> {
  const { data, error } = await supabase.rpc("case_status_counts", { p_source: source });
  if (error) throw new Error(`Failed to count cases: ${error.message}`);
  const counts = new Map<CaseStatus, number>();
  for (const row of data ?? []) {
    const status = CASE_STATUSES.find((known) => known === row.status);
    if (status) counts.set(status, (counts.get(status) ?? 0) + Number(row.count));
  }
  return counts;
}

// ── The pipeline (spec §2 case_management) ──
/**
 * The newest cards a pipeline column shows; its count and "View all" lead to the rest (the card
 * list filtered by the column's status). A summary, not the whole board: every card is rendered on
 * the server, and a firm's columns hold thousands of cases.
 */
export const PIPELINE_COLUMN_LIMIT = 5;

/** The pipeline's columns: a case's life after publishing. Admins also see the drafts. */
const LAWYER_COLUMNS: readonly CaseStatus[] = ["open", "engaged", "on_hold", "closed", "cancelled"];
const ADMIN_COLUMNS: readonly CaseStatus[] = ["draft", ...LAWYER_COLUMNS];

export type PipelineColumn = { status: CaseStatus; total: number; cards: CaseCardData[] };

export type CasePipeline =
  | { kind: "pipeline"; scope: "all" | "firm" | "own"; columns: PipelineColumn[] }
  | { kind: "forLawyers" };

/**
 * The firm's pipeline (spec §2 case_management): one column per status with its count and newest
 * cards; the counts in one statement and the columns' cards alongside, all in parallel. Admins see
 * every case; a firm admin the firm's cases and those its lawyers proposed on; a lawyer the cases
 * they work on and those they proposed on. A client has no pipeline (the page tells them where
 * their cases are). RLS still decides each row.
 */
export async function loadCasePipeline(
  supabase: Supabase,
  user: SignedInUser,
  format: Formatter,
): Promise<CasePipeline> {
  if (!can(user.accessLevel, "runsPipeline")) return { kind: "forLawyers" };
  const admin = can(user.accessLevel, "isAdmin");
  const statuses = admin ? ADMIN_COLUMNS : LAWYER_COLUMNS;
  // A lawyer's pipeline is public.pipeline_cases() (the cases they or their firm run, and those
  // they proposed on); an admin's is every case. Every column's newest cards come in one statement
  // (public.pipeline_columns), next to the counts.
  const source = admin ? "all" : "pipeline";
  const [counts, cards] = await Promise.all([
    readCaseStatusCounts(supabase, source),
    supabase
      .rpc("pipeline_columns", {
        p_source: source,
        p_statuses: [...statuses],
        p_limit: PIPELINE_COLUMN_LIMIT,
      })
      .select(CASE_CARD_COLUMNS)
      .then(({ data, error }) => {
        if (error) throw new Error(`Failed to read the pipeline: ${error.message}`);
        return data ?? [];
      }),
  ]);
  const cardsOf = (status: CaseStatus) =>
    cards
      .filter((row) => row.status === status)
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || a.id.localeCompare(b.id))
      .map((row) => toCaseCard(row, format));
  const cardsByColumn = statuses.map(cardsOf);
  return {
    kind: "pipeline",
    scope: admin ? "all" : can(user.accessLevel, "managesFirm") && user.lawFirm ? "firm" : "own",
    columns: statuses.map((status, index) => {
      const cards = cardsByColumn[index] ?? [];
      return { status, total: Math.max(counts.get(status) ?? 0, cards.length), cards };
    }),
  };
}

// ── The table and its CSV (spec §2 case/table) ──
/** Rows the REST API returns at most per request (supabase/config.toml `max_rows`). */
const REST_MAX_ROWS = 1000;

/** The most rows one CSV export holds; a larger selection is cut here (and says so by its count). */
const CASE_EXPORT_LIMIT = 10_000;

/** The table's columns: the summary and the client's name, in the same request. */
const TABLE_FIELDS = ["client_name"] as const;

/**
 * A case as a table row. The client's name is `public.client_name`: only to admins and those who
 * follow the case, as `case_people` names them; a marketplace lawyer gets none.
 */
function toTableRow(row: CaseSummaryWith<"client_name">, format: Formatter): CaseTableRow {
  const { proposals: _notCounted, ...card } = toCaseCard(row, format);
  // The table shows the time of the last change too, not only its day.
  return { ...card, client: row.client_name, updated: format.dateTime(row.updated_at) };
}

/** One page of the table: its rows written for the reader and the number of matching cases. */
export async function caseTablePage(
  supabase: Supabase,
  user: SignedInUser,
  query: CaseQuery,
  format: Formatter,
): Promise<{ rows: CaseTableRow[]; total: number }> {
  const { rows, total } = await queryCases(supabase, user, query, { computed: TABLE_FIELDS });
  return { rows: rows.map((row) => toTableRow(row, format)), total };
}

/**
 * Every row of the query (all pages, in the table's order) up to CASE_EXPORT_LIMIT, read in
 * batches the REST API allows.
 */
export async function caseTableExportRows(
  supabase: Supabase,
  user: SignedInUser,
  query: CaseQuery,
  format: Formatter,
): Promise<CaseTableRow[]> {
  const rows: CaseTableRow[] = [];
  for (let offset = 0; offset < CASE_EXPORT_LIMIT; offset += REST_MAX_ROWS) {
    const limit = Math.min(REST_MAX_ROWS, CASE_EXPORT_LIMIT - offset);
    const batch = await queryCases(supabase, user, query, { offset, limit, computed: TABLE_FIELDS });
    rows.push(...batch.rows.map((row) => toTableRow(row, format)));
    if (batch.rows.length < limit || rows.length >= batch.total) break;
  }
  return rows;
}

// ── The case index (spec §2 case) ──

/** How far ahead a deadline counts as close, and how far back a decided proposal is still news. */
export const ATTENTION_WINDOW_DAYS = 14;
/** Items listed per "needing attention" block; the block links to the rest. */
export const ATTENTION_LIMIT = 5;
/** Case statuses whose deadline no longer matters. */
const FINISHED: readonly CaseStatus[] = ["closed", "cancelled"];

export type StatusCount = { status: CaseStatus; count: number };

export type CaseOverview = {
  /** The list scope the counts were taken over ("all" for admins, else the person's own). */
  scope: CaseScope;
  /** The attention window in days (deadlines ahead, decisions back). */
  windowDays: number;
  counts: StatusCount[];
  total: number;
  /** Lawyers: how many open cases of other people wait in the marketplace. */
  marketplaceOpen: number | null;
  /** Cases not finished whose needed-by date is past or within the window, soonest first. */
  deadlines: (CaseCardData & { overdue: boolean })[];
};

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
  format: Formatter,
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
  format: Formatter,
): Promise<CaseOverview> {
  const scope: CaseScope = can(user.accessLevel, "isAdmin") ? "all" : "mine";
  // Lawyers never own drafts; admins and clients do.
  const lawyer = can(user.accessLevel, "proposes");
  const statuses = lawyer ? CASE_STATUSES.filter((status) => status !== "draft") : CASE_STATUSES;
  // The counts by status in one statement, the marketplace's count and the deadlines beside it.
  const [counts, marketplaceOpen, deadlines] = await Promise.all([
    readCaseStatusCounts(supabase, scope === "all" ? "all" : "mine").then((byStatus) =>
      statuses.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    ),
    lawyer ? countOf(supabase, user, { scope: "marketplace" }) : null,
    closeDeadlines(supabase, user, scope, format),
  ]);
  return {
    scope,
    windowDays: ATTENTION_WINDOW_DAYS,
    counts,
    total: counts.reduce((sum, entry) => sum + entry.count, 0),
    marketplaceOpen,
    deadlines,
  };
}

// ── The case page (spec §2 case/{id}) ──
/** Someone named on the case page. `name` is null when the database does not show it to this viewer. */
/** A person of a case: their id (for the link to their profile), name (null when hidden) and whether it is the reader. */
export type CasePerson = { id?: string; name: string | null; isYou: boolean };

/** The values of `case_activity.action` (the migration's check list). */
const CASE_ACTIVITY_ACTIONS = [
  "created",
  "updated",
  "status_changed",
  "contact_updated",
  "proposal_submitted",
  "proposal_updated",
  "proposal_withdrawn",
  "proposal_declined",
  "proposal_accepted",
  "member_added",
  "member_removed",
  "member_role_changed",
] as const;
export type CaseActivityAction = (typeof CASE_ACTIVITY_ACTIONS)[number];

/** One event of the timeline, with what its `details` said made readable. */
export type TimelineEntry = {
  id: number;
  action: CaseActivityAction;
  /** Null when the system acted (demo data, scripts) or the account is gone. */
  actor: CasePerson | null;
  /** The case's client acted (so a name the viewer may not see is told as "The client"). */
  actorIsClient: boolean;
  at: DateText;
  /** created: the first status; status_changed: from → to; member_role_changed: from → to (roles). */
  from: string | null;
  to: string | null;
  /** updated, contact_updated: the columns that changed. */
  fields: string[];
  /** proposal_*: its lawyer; member_*: the member. */
  subject: CasePerson | null;
  /** member_added, member_removed: the member's role. */
  role: MemberRole | null;
};

type CaseContact = {
  name: string;
  email: string | null;
  phone: string | null;
  preferredContact: "email" | "phone";
};

export type CaseDetail = {
  id: string;
  reference: string;
  title: string;
  description: string;
  status: CaseStatus;
  priority: CasePriority;
  practiceArea: PracticeArea;
  jurisdiction: string;
  courtName: string | null;
  courtCaseNumber: string | null;
  opposingParty: string | null;
  budget: string | null;
  currency: string;
  created: DateText | null;
  opened: DateText | null;
  neededBy: DateText | null;
  closed: DateText | null;
  /** Null when this viewer may not know who the client is (a lawyer in the marketplace). */
  client: CasePerson | null;
  leadLawyer: CasePerson | null;
  /** Null when row level security hides it (lawyers not engaged on the case). */
  contact: CaseContact | null;
  members: { userId: string; person: CasePerson; role: MemberRole }[];
  timeline: TimelineEntry[];
  statusActions: CaseStatus[];
  canEdit: boolean;
};

/**
 * How the viewer stands towards the case, for the features that add their part to the case page
 * (proposals): whether they are its client or an admin, and the names they may see.
 */
export type CaseViewer = { isClient: boolean; isAdmin: boolean; personOf: (userId: string) => CasePerson };

function isActivityAction(value: string): value is CaseActivityAction {
  return (CASE_ACTIVITY_ACTIONS as readonly string[]).includes(value);
}

/** The newest events shown; a case's history rarely comes near it. */
const TIMELINE_LIMIT = 100;

/**
 * A case page's case in one request: the stored row, its contact, its members (oldest first) and
 * its latest activity (newest first), each embedded resource under its own row level security.
 */
export function readCaseForPage(supabase: Supabase, caseId: string) {
  return supabase
    .from("cases")
    .select(
      "*, case_contacts(contact_name, email, phone, preferred_contact), case_members(user_id, role), case_activity(id, actor_id, action, details, created_at)",
    )
    .eq("id", caseId)
    .order("created_at", { referencedTable: "case_members" })
    .order("created_at", { referencedTable: "case_activity", ascending: false })
    .order("id", { referencedTable: "case_activity", ascending: false })
    .limit(TIMELINE_LIMIT, { referencedTable: "case_activity" })
    .maybeSingle();
}

const MEMBER_ROLE_VALUES: readonly string[] = ["client", "lead", "associate", "paralegal"];

const text = (value: Json | undefined): string | null =>
  typeof value === "string" && value !== "" ? value : null;

/**
 * Everything the case page shows, as this person may see it (row level security decides what the
 * queries return), or null when the case does not exist or is hidden from them. Two requests
 * in one parallel round: the case with its contact, members and timeline, and its people's names
 * (`case_people`). The viewer's standing comes with it, for the route to compose the proposals
 * (features/proposals) with it.
 */
export async function loadCaseDetail(
  supabase: Supabase,
  user: SignedInUser,
  caseId: string,
  format: Formatter,
): Promise<{ detail: CaseDetail; viewer: CaseViewer } | null> {
  // The case with its contact, members and latest activity in one request (embedded resources,
  // each under its own row level security, as separate reads were), and the names beside it.
  const [caseResult, peopleResult] = await Promise.all([
    readCaseForPage(supabase, caseId),
    readCasePeople(supabase, [caseId]),
  ]);
  if (caseResult.error) throw new Error(`Failed to load case ${caseId}: ${caseResult.error.message}`);
  const row = caseResult.data;
  if (!row) return null;

  const names = new Map<string, string | null>();
  let clientVisible = false;
  for (const person of peopleResult) {
    names.set(person.user_id, personName(person));
    if (person.relation === "client") clientVisible = true;
  }
  const personOf = (userId: string): CasePerson => ({
    id: userId,
    name: names.get(userId) ?? null,
    isYou: userId === user.id,
  });
  const isClient = row.client_id === user.id;
  const isAdmin = can(user.accessLevel, "isAdmin");

  const memberRows = row.case_members;
  const members = memberRows.map((member) => ({
    userId: member.user_id,
    person: personOf(member.user_id),
    role: member.role,
  }));
  const runsCase =
    memberRows.some(
      (member) => member.user_id === user.id && (member.role === "lead" || member.role === "associate"),
    ) ||
    (can(user.accessLevel, "managesFirm") && user.lawFirm !== null && user.lawFirm === row.law_firm_id);

  const contactRow = row.case_contacts;
  const detail: CaseDetail = {
    id: row.id,
    reference: row.reference,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    practiceArea: row.practice_area,
    jurisdiction: row.jurisdiction,
    courtName: row.court_name,
    courtCaseNumber: row.court_case_number,
    opposingParty: row.opposing_party,
    budget: format.budget(row.budget_min, row.budget_max, row.currency),
    currency: row.currency,
    created: format.day(row.created_at),
    opened: format.day(row.opened_at),
    neededBy: format.day(row.needed_by),
    closed: format.day(row.closed_at),
    client: clientVisible || isClient ? personOf(row.client_id) : null,
    leadLawyer: row.lead_lawyer_id ? personOf(row.lead_lawyer_id) : null,
    contact: contactRow
      ? {
          name: contactRow.contact_name,
          email: contactRow.email,
          phone: contactRow.phone,
          preferredContact: contactRow.preferred_contact,
        }
      : null,
    members,
    timeline: row.case_activity.flatMap((event) => {
      const at = format.dateTime(event.created_at);
      if (!at || !isActivityAction(event.action)) return [];
      const details = typeof event.details === "object" && !Array.isArray(event.details) ? event.details : {};
      const subjectId = text(details.lawyer_id) ?? text(details.user_id);
      const role = text(details.role);
      const fields = Array.isArray(details.fields)
        ? details.fields.filter((field) => typeof field === "string")
        : [];
      return [
        {
          id: event.id,
          action: event.action,
          actor: event.actor_id ? personOf(event.actor_id) : null,
          actorIsClient: event.actor_id !== null && event.actor_id === row.client_id,
          at,
          from: text(details.from),
          to: text(details.to) ?? text(details.status),
          fields,
          subject: subjectId ? personOf(subjectId) : null,
          role: role && MEMBER_ROLE_VALUES.includes(role) ? (role as MemberRole) : null,
        },
      ];
    }),
    statusActions: allowedStatusActions(row.status, { accessLevel: user.accessLevel, isClient, runsCase }),
    canEdit: isAdmin || (isClient && isEditableByClient(row.status)),
  };
  return { detail, viewer: { isClient, isAdmin, personOf } };
}

// ── The edit form's reads ──
/** The columns the case form shows and writes, plus what decides who may edit them. */
const FORM_COLUMNS =
  "id, reference, status, client_id, title, description, practice_area, jurisdiction, priority, budget_min, budget_max, currency, needed_by, court_name, court_case_number, opposing_party";

function selectCaseForEditing(supabase: Supabase, id: string) {
  return supabase.from("cases").select(FORM_COLUMNS).eq("id", id).maybeSingle();
}

/** A case as the edit form reads it. */
type CaseForEditing = QueryData<ReturnType<typeof selectCaseForEditing>>;

/** Why the form is (not) offered: only the outcome the database would give anyway, told up front. */
type CaseEditAccess = "allowed" | "notClient" | "notEditable";

/** Reads a case for the edit page; null when it does not exist or RLS hides it from this person. */
export async function loadCaseForEditing(supabase: Supabase, id: string): Promise<CaseForEditing | null> {
  const { data, error } = await selectCaseForEditing(supabase, id);
  if (error) throw new Error(`case ${id} not loaded: ${error.code} ${error.message}`);
  return data;
}

/**
 * Whether this person may edit this case, by the database's rules: its client while it is a draft
 * or open, an admin always. Lawyers running a case change only its status and court details,
 * which the case page does; the form would only fail for them.
 */
export function caseEditAccess(
  user: SignedInUser,
  row: Pick<CaseRow, "client_id" | "status">,
): CaseEditAccess {
  if (can(user.accessLevel, "isAdmin")) return "allowed";
  if (row.client_id !== user.id) return "notClient";
  return isEditableByClient(row.status) ? "allowed" : "notEditable";
}

/** The form's initial values for a case being edited (amounts as the inputs show them). */
export function caseFormDefaults(row: CaseForEditing): Record<string, string> {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    title: row.title,
    description: row.description,
    practice_area: row.practice_area,
    jurisdiction: row.jurisdiction,
    priority: row.priority,
    budget_min: text(row.budget_min),
    budget_max: text(row.budget_max),
    currency: row.currency,
    needed_by: text(row.needed_by),
    court_name: text(row.court_name),
    court_case_number: text(row.court_case_number),
    opposing_party: text(row.opposing_party),
  };
}
