import { FEE_TYPES, type FeeType, isProposalStatus, type ProposalStatus } from "./proposals";

/** Proposals per page of the list. */
export const PROPOSAL_PAGE_SIZE = 10;
/** The longest search the list reads; longer text is cut rather than refused. */
export const PROPOSAL_SEARCH_MAX = 100;

/** The proposal list's state, all of it in the URL (so links share it and JavaScript is optional). */
export type ProposalListParams = {
  status: ProposalStatus | null;
  feeType: FeeType | null;
  /** Words of the case's title or reference. */
  q: string;
  page: number;
};

function isFeeType(value: unknown): value is FeeType {
  return typeof value === "string" && (FEE_TYPES as readonly string[]).includes(value);
}

/** Reads the list's query parameters; never throws (an unknown value is simply not applied). */
export function parseProposalListParams(search: URLSearchParams): ProposalListParams {
  const status = search.get("status");
  const feeType = search.get("fee");
  const page = Number.parseInt(search.get("page") ?? "", 10);
  return {
    status: isProposalStatus(status) ? status : null,
    feeType: isFeeType(feeType) ? feeType : null,
    q: (search.get("q") ?? "").trim().slice(0, PROPOSAL_SEARCH_MAX),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a list state (defaults left out), for links and pagination. */
export function proposalListSearch(params: Partial<ProposalListParams>): string {
  const search = new URLSearchParams();
  if (params.status) search.set("status", params.status);
  if (params.feeType) search.set("fee", params.feeType);
  if (params.q) search.set("q", params.q);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const query = search.toString();
  return query ? `?${query}` : "";
}
