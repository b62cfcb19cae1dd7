import type { CaseStatus, PracticeArea } from "~/features/cases/cases";
import type { DateText } from "~/lib/i18n/format";
import type { FeeText } from "./fees";
import type { ProposalPermissions } from "./proposal-rules";
import type { FeeType, ProposalStatus } from "./proposals";

/**
 * What the proposal pages render, written on the server in the reader's language (loaders build
 * these; components only lay them out).
 */

/** A proposal's lawyer as a page names them: "You", their name, or nobody the person may name. */
type ProposalLawyer = { id?: string; name: string | null; isYou: boolean };

export type CaseLink = { id: string; reference: string; title: string };

/** A proposal in a list or on the index. */
export type ProposalListItem = {
  id: string;
  status: ProposalStatus;
  fee: FeeText;
  lawyer: ProposalLawyer;
  case: CaseLink | null;
  submitted: DateText | null;
  updated: DateText | null;
};

export type StatusCount = { status: ProposalStatus; count: number };

/** The proposals received on one of the client's cases, awaiting their decision. */
export type ReceivedGroup = {
  case: CaseLink;
  items: ProposalListItem[];
  /** Submitted and not opened yet. */
  newCount: number;
};

export type ProposalOverview =
  | { perspective: "lawyer"; counts: StatusCount[]; latest: ProposalListItem[] }
  | { perspective: "client"; groups: ReceivedGroup[]; newCount: number };

/** The case a proposal is for, as the proposal form shows it. */
export type CaseSummaryText = CaseLink & {
  status: CaseStatus;
  practiceArea: PracticeArea;
  jurisdiction: string;
  budget: string | null;
  neededBy: DateText | null;
  description: string;
};

/** One proposal on its page. */
export type ProposalDetail = {
  id: string;
  status: ProposalStatus;
  fee: FeeText;
  currency: string;
  /** The estimated duration: the number (for plurals) and as written for the reader. */
  durationDays: { count: number; text: string } | null;
  scope: string;
  terms: string;
  lawyer: ProposalLawyer;
  case: (CaseLink & { status: CaseStatus }) | null;
  created: DateText | null;
  submitted: DateText | null;
  viewed: DateText | null;
  decided: DateText | null;
  updated: DateText | null;
  can: ProposalPermissions;
};

/** A proposal in a "needing attention" block of the case index, written for the reader. */
export type AttentionProposal = {
  id: string;
  status: ProposalStatus;
  feeType: FeeType;
  caseReference: string;
  caseTitle: string;
  /** When it was sent (new proposals) or decided (the lawyer's decided ones). */
  at: DateText | null;
};

/** The case index's proposal blocks: each is null for the people it does not concern. */
export type ProposalAttention = {
  /** Clients: proposals sent on their cases and not opened yet. */
  newProposals: { total: number; items: AttentionProposal[] } | null;
  /** Lawyers: their proposals accepted or declined lately. */
  decidedProposals: AttentionProposal[] | null;
};

/** A proposal in the case page's proposals section. */
export type CaseProposal = {
  id: string;
  status: ProposalStatus;
  lawyer: ProposalLawyer;
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
 * What the case page's proposals section shows: the client (and admins) compare every proposal
 * received; anyone else sees their own and, while they may, a way to propose.
 */
export type CaseProposals =
  | { view: "compare"; items: CaseProposal[] }
  | { view: "own"; items: CaseProposal[]; canPropose: boolean };
