import type { CaseStatus } from "~/features/cases/cases";
import { type AccessLevel, can } from "~/lib/access";
import type { ErrorCode } from "~/lib/errors";
import { type ProposalRow, UNDECIDED_PROPOSAL_STATUSES } from "./proposals";

/**
 * Which buttons a person sees on a proposal and whether they may open the proposal form. The
 * database decides every write (RLS and triggers); these mirror its rules so nobody is offered
 * what would be refused.
 */

type Person = { id: string; accessLevel: AccessLevel; lawFirm: string | null };
type ProposalFacts = Pick<ProposalRow, "lawyer_id" | "law_firm_id" | "status">;
type CaseFacts = { client_id: string; status: CaseStatus };

export type ProposalPermissions = {
  accept: boolean;
  decline: boolean;
  edit: boolean;
  submit: boolean;
  withdraw: boolean;
  delete: boolean;
};

/** The proposal's own lawyer, or their firm's admin. */
function isProposer(person: Person, proposal: ProposalFacts): boolean {
  return (
    proposal.lawyer_id === person.id ||
    (can(person.accessLevel, "managesFirm") &&
      person.lawFirm !== null &&
      proposal.law_firm_id === person.lawFirm)
  );
}

export function proposalPermissions(
  person: Person,
  proposal: ProposalFacts,
  caseFacts: CaseFacts | null,
): ProposalPermissions {
  const admin = can(person.accessLevel, "isAdmin");
  const proposer = isProposer(person, proposal) || admin;
  const client = (caseFacts !== null && caseFacts.client_id === person.id) || admin;
  const undecided = UNDECIDED_PROPOSAL_STATUSES.includes(proposal.status);
  return {
    accept: client && undecided && caseFacts?.status === "open",
    decline: client && undecided,
    edit: proposer && (proposal.status === "draft" || undecided),
    submit: proposer && proposal.status === "draft" && caseFacts?.status === "open",
    withdraw: proposer && undecided,
    delete: (proposal.lawyer_id === person.id || admin) && proposal.status === "draft",
  };
}

/** Why a person may not propose on a case (the form is replaced by this message), or null. */
type IntakeRefusal = "notLawyer" | "ownCase" | "caseNotOpen" | "alreadyProposed";

/** The code of each intake refusal: the one the database raises for the same rule. */
export const INTAKE_REFUSAL_CODES = {
  notLawyer: "proposal:not_lawyer",
  ownCase: "proposal:own_case",
  caseNotOpen: "proposal:case_not_open",
  alreadyProposed: "proposal:already_proposed",
} as const satisfies Record<IntakeRefusal, ErrorCode>;

export function intakeRefusal(
  person: Person,
  caseFacts: CaseFacts,
  liveProposalId: string | null,
): IntakeRefusal | null {
  if (!can(person.accessLevel, "proposes")) return "notLawyer";
  if (caseFacts.client_id === person.id) return "ownCase";
  if (caseFacts.status !== "open") return "caseNotOpen";
  if (liveProposalId !== null) return "alreadyProposed";
  return null;
}
