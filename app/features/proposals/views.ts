import type { CaseStatus, PracticeArea } from "~/features/cases/cases";
import type { DateText } from "~/features/cases/format";
import type { FeeText } from "./fees";
import type { ProposalPermissions } from "./proposal-rules";
import type { ProposalStatus } from "./proposals";

/**
 * What the proposal pages render, written on the server in the reader's language (loaders build
 * these; components only lay them out).
 */

/** A proposal's lawyer as a page names them: "You", their name, or nobody the person may name. */
type ProposalLawyer = { name: string | null; isYou: boolean };

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
