import type { SignedInUser } from "~/features/auth/user";
import { type FeeText, feeText } from "~/features/proposals/fees";
import {
  LIVE_PROPOSAL_STATUSES,
  type ProposalRow,
  type ProposalStatus,
  UNDECIDED_PROPOSAL_STATUSES,
} from "~/features/proposals/proposals";
import type { Json, Supabase } from "~/lib/database";
import { allowedStatusActions, isAdminLevel } from "./case-actions";
import { personName, readCasePeople } from "./case-people.server";
import {
  type CasePriority,
  type CaseStatus,
  isEditableByClient,
  type MemberRole,
  type PracticeArea,
} from "./cases";
import type { CaseFormatter, DateText } from "./format";

/** Someone named on the case page. `name` is null when the database does not show it to this viewer. */
export type CasePerson = { name: string | null; isYou: boolean };

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

export type CaseProposal = {
  id: string;
  status: ProposalStatus;
  lawyer: CasePerson;
  fee: FeeText;
  currency: string;
  durationDays: number | null;
  scope: string;
  terms: string;
  submitted: DateText | null;
  /** The client may still accept or decline it (and the case can still take it). */
  decidable: boolean;
};

/**
 * What the proposals section shows: the client (and admins) compare every proposal received;
 * anyone else sees their own and, while they may, a way to propose.
 */
export type CaseProposals =
  | { view: "compare"; items: CaseProposal[] }
  | { view: "own"; items: CaseProposal[]; canPropose: boolean };

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
  proposals: CaseProposals;
};

function isActivityAction(value: string): value is CaseActivityAction {
  return (CASE_ACTIVITY_ACTIONS as readonly string[]).includes(value);
}

/** The newest events shown; a case's history rarely comes near it. */
const TIMELINE_LIMIT = 100;

const MEMBER_ROLE_VALUES: readonly string[] = ["client", "lead", "associate", "paralegal"];

const text = (value: Json | undefined): string | null =>
  typeof value === "string" && value !== "" ? value : null;

/**
 * Everything the case page shows, as this person may see it (row level security decides what the
 * queries return), or null when the case does not exist or is hidden from them. One round of
 * parallel queries: the case, its people's names, contact, members, timeline and proposals.
 */
export async function loadCaseDetail(
  supabase: Supabase,
  user: SignedInUser,
  caseId: string,
  format: CaseFormatter,
): Promise<CaseDetail | null> {
  const [caseResult, peopleResult, contactResult, membersResult, activityResult, proposalsResult] =
    await Promise.all([
      supabase.from("cases").select("*").eq("id", caseId).maybeSingle(),
      readCasePeople(supabase, [caseId]),
      supabase
        .from("case_contacts")
        .select("contact_name, email, phone, preferred_contact")
        .eq("case_id", caseId)
        .maybeSingle(),
      supabase.from("case_members").select("user_id, role").eq("case_id", caseId).order("created_at"),
      supabase
        .from("case_activity")
        .select("id, actor_id, action, details, created_at")
        .eq("case_id", caseId)
        .order("created_at", { ascending: false })
        .order("id", { ascending: false })
        .limit(TIMELINE_LIMIT),
      supabase.from("proposals").select("*").eq("case_id", caseId).order("submitted_at").order("created_at"),
    ]);
  for (const { error } of [caseResult, contactResult, membersResult, activityResult, proposalsResult]) {
    if (error) throw new Error(`Failed to load case ${caseId}: ${error.message}`);
  }
  const row = caseResult.data;
  if (!row) return null;

  const names = new Map<string, string | null>();
  let clientVisible = false;
  for (const person of peopleResult) {
    names.set(person.user_id, personName(person));
    if (person.relation === "client") clientVisible = true;
  }
  const personOf = (userId: string): CasePerson => ({
    name: names.get(userId) ?? null,
    isYou: userId === user.id,
  });
  const isClient = row.client_id === user.id;
  const isAdmin = isAdminLevel(user.accessLevel);

  const memberRows = membersResult.data ?? [];
  const members = memberRows.map((member) => ({
    userId: member.user_id,
    person: personOf(member.user_id),
    role: member.role,
  }));
  const runsCase =
    memberRows.some(
      (member) => member.user_id === user.id && (member.role === "lead" || member.role === "associate"),
    ) ||
    (user.accessLevel === "lawyer_admin" && user.lawFirm !== null && user.lawFirm === row.law_firm_id);

  const contactRow = contactResult.data;
  const proposalRows = proposalsResult.data ?? [];
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
      (isClient || isAdmin) && row.status === "open" && UNDECIDED_PROPOSAL_STATUSES.includes(proposal.status),
  });
  const own = proposalRows.filter((proposal) => proposal.lawyer_id === user.id);
  const proposals: CaseProposals =
    isClient || isAdmin
      ? { view: "compare", items: proposalRows.filter((p) => p.status !== "draft").map(toProposal) }
      : {
          view: "own",
          items: own.map(toProposal),
          canPropose:
            row.status === "open" &&
            (user.accessLevel === "lawyer" || user.accessLevel === "lawyer_admin") &&
            !own.some((proposal) => LIVE_PROPOSAL_STATUSES.includes(proposal.status)),
        };

  return {
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
    timeline: (activityResult.data ?? []).flatMap((event) => {
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
    proposals,
  };
}
