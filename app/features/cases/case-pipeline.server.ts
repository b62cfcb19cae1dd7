import type { SupabaseClient } from "@supabase/supabase-js";
import type { SignedInUser } from "~/features/auth/user";
import { CASE_CARD_COLUMNS, type CaseCardRow, toCaseCard } from "./case-card.server";
import type { CaseStatus } from "./cases";
import type { CaseCardData } from "./components/case-card";
import type { CaseFormatter } from "./format";

/** The newest cards a pipeline column shows; "View all" leads to the rest. */
export const PIPELINE_COLUMN_LIMIT = 20;

/** The pipeline's columns: a case's life after publishing. Admins also see the drafts. */
const LAWYER_COLUMNS: readonly CaseStatus[] = ["open", "engaged", "on_hold", "closed", "cancelled"];
const ADMIN_COLUMNS: readonly CaseStatus[] = ["draft", ...LAWYER_COLUMNS];
/** Columns where a case is in the pipeline because the lawyer (or firm) proposed on it. */
const PROPOSAL_COLUMNS: readonly CaseStatus[] = ["open", "cancelled"];
/** Proposals that put a case in the pipeline: still live (a declined one means another firm won). */
const PIPELINE_PROPOSAL_STATUSES = ["draft", "submitted", "viewed", "accepted"];

export type PipelineColumn = { status: CaseStatus; total: number; cards: CaseCardData[] };

export type CasePipeline =
  | { kind: "pipeline"; scope: "all" | "firm" | "own"; columns: PipelineColumn[] }
  | { kind: "forLawyers" };

function isAdmin(user: SignedInUser) {
  return user.accessLevel === "admin" || user.accessLevel === "super_user";
}

/** Which cases make up a lawyer's pipeline: those they (or their firm) run, and those they proposed on. */
type PipelineMembership = { run: string[]; firm: string | null; proposed: string[] };

async function pipelineMembership(supabase: SupabaseClient, user: SignedInUser): Promise<PipelineMembership> {
  const firm = user.accessLevel === "lawyer_admin" ? user.lawFirm : null;
  const proposals = supabase.from("proposals").select("case_id").in("status", PIPELINE_PROPOSAL_STATUSES);
  const [members, proposed] = await Promise.all([
    supabase
      .from("case_members")
      .select("case_id")
      .eq("user_id", user.id)
      .in("role", ["lead", "associate", "paralegal"]),
    firm ? proposals.eq("law_firm_id", firm) : proposals.eq("lawyer_id", user.id),
  ]);
  if (members.error || proposed.error) throw new Error((members.error ?? proposed.error)?.message);
  const ids = (rows: { case_id: string }[]) => [...new Set(rows.map((row) => row.case_id))];
  return { run: ids(members.data), firm, proposed: ids(proposed.data) };
}

/** The PostgREST `or` filter of one column's cases, or null when nothing can match. */
function membershipFilter(membership: PipelineMembership, status: CaseStatus): string | null {
  const ids = PROPOSAL_COLUMNS.includes(status)
    ? [...new Set([...membership.run, ...membership.proposed])]
    : membership.run;
  const terms = [
    ...(ids.length > 0 ? [`id.in.(${ids.join(",")})`] : []),
    ...(membership.firm ? [`law_firm_id.eq.${membership.firm}`] : []),
  ];
  return terms.length > 0 ? terms.join(",") : null;
}

/**
 * The firm's pipeline (spec §2 case_management): one column per status with its count and newest
 * cards, all columns read in parallel. Admins see every case; a firm admin the firm's cases and
 * those its lawyers proposed on; a lawyer the cases they work on and those they proposed on. A
 * client has no pipeline (the page tells them where their cases are). RLS still decides each row.
 */
export async function loadCasePipeline(
  supabase: SupabaseClient,
  user: SignedInUser,
  format: CaseFormatter,
): Promise<CasePipeline> {
  const admin = isAdmin(user);
  if (!admin && user.accessLevel !== "lawyer" && user.accessLevel !== "lawyer_admin")
    return { kind: "forLawyers" };
  const membership = admin ? null : await pipelineMembership(supabase, user);
  const statuses = admin ? ADMIN_COLUMNS : LAWYER_COLUMNS;

  const columns = await Promise.all(
    statuses.map(async (status): Promise<PipelineColumn> => {
      const filter = membership ? membershipFilter(membership, status) : null;
      if (membership && filter === null) return { status, total: 0, cards: [] };
      let query = supabase
        .from("cases")
        .select(CASE_CARD_COLUMNS, { count: "exact" })
        .eq("status", status)
        .order("updated_at", { ascending: false })
        .order("id")
        .limit(PIPELINE_COLUMN_LIMIT);
      if (filter) query = query.or(filter);
      const { data, count, error } = await query;
      if (error) throw new Error(error.message);
      const rows = (data ?? []) as CaseCardRow[];
      return { status, total: count ?? rows.length, cards: rows.map((row) => toCaseCard(row, format)) };
    }),
  );
  return { kind: "pipeline", scope: admin ? "all" : membership?.firm ? "firm" : "own", columns };
}
