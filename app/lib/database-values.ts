/**
 * The values the database allows in its text columns that a check constraint limits to a list
 * (supabase/migrations): each list once, used by the `Database` type (./database.ts) to narrow those
 * columns and by the features for forms, filters and labels.
 */

/** `cases.status`, in the order of a case's life. */
export const CASE_STATUSES = ["draft", "open", "engaged", "on_hold", "closed", "cancelled"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** `cases.practice_area`. */
export const PRACTICE_AREAS = [
  "family",
  "immigration",
  "employment",
  "real_estate",
  "criminal_defence",
  "corporate",
  "intellectual_property",
  "personal_injury",
  "tax",
  "wills_and_estates",
] as const;
export type PracticeArea = (typeof PRACTICE_AREAS)[number];

/** `cases.priority`. */
export const CASE_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];

/** `case_members.role`. */
export const MEMBER_ROLES = ["client", "lead", "associate", "paralegal"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** `workflow_template_steps.role`, `workflow_steps.role`: who does a workflow's step. */
export const WORKFLOW_ROLES = ["lead", "associate", "paralegal", "client"] as const;
export type WorkflowRole = (typeof WORKFLOW_ROLES)[number];

/** `case_contacts.preferred_contact`. */
export const PREFERRED_CONTACTS = ["email", "phone"] as const;
export type PreferredContact = (typeof PREFERRED_CONTACTS)[number];

/** `case_people(…).relation`: how a person is connected to a case. */
export type CaseRelation = MemberRole | "proposer";

/** `proposals.fee_type`. */
export const FEE_TYPES = ["fixed", "hourly", "contingency", "retainer"] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** `proposals.status`. */
export const PROPOSAL_STATUSES = [
  "draft",
  "submitted",
  "viewed",
  "accepted",
  "declined",
  "withdrawn",
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/**
 * The jurisdictions profiles and the directory match on (`public.matching_jurisdictions()`): the
 * names cases write in `cases.jurisdiction` (a state, a province, a country or "Federal"), which the
 * case form offers from this list too.
 */
export const JURISDICTIONS = [
  "Federal",
  "California",
  "Florida",
  "Illinois",
  "Massachusetts",
  "New York",
  "Texas",
  "Washington",
  "Ontario",
  "Quebec",
  "England",
  "France",
  "Vietnam",
  "China",
  "United Arab Emirates",
] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

/** The languages a person speaks (`public.matching_languages()`): ISO 639-1 codes. */
export const SPOKEN_LANGUAGES = [
  "en",
  "fr",
  "es",
  "pt",
  "de",
  "it",
  "vi",
  "zh",
  "ar",
  "ko",
  "ja",
  "hi",
  "ru",
  "cs",
  "sv",
  "tl",
] as const;
export type SpokenLanguage = (typeof SPOKEN_LANGUAGES)[number];
