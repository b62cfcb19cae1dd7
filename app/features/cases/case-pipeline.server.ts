import type { SignedInUser } from "~/features/auth/user";
import type { Supabase } from "~/lib/database";
import { CASE_CARD_COLUMNS, selectCaseCards, toCaseCard } from "./case-card.server";
import type { CaseStatus } from "./cases";
import type { CaseCardData } from "./components/case-card";
import type { CaseFormatter } from "./format";

/** The newest cards a pipeline column shows; "View all" leads to the rest. */
const PIPELINE_COLUMN_LIMIT = 20;

/** The pipeline's columns: a case's life after publishing. Admins also see the drafts. */
const LAWYER_COLUMNS: readonly CaseStatus[] = ["open", "engaged", "on_hold", "closed", "cancelled"];
const ADMIN_COLUMNS: readonly CaseStatus[] = ["draft", ...LAWYER_COLUMNS];

export type PipelineColumn = { status: CaseStatus; total: number; cards: CaseCardData[] };

export type CasePipeline =
  | { kind: "pipeline"; scope: "all" | "firm" | "own"; columns: PipelineColumn[] }
  | { kind: "forLawyers" };

function isAdmin(user: SignedInUser) {
  return user.accessLevel === "admin" || user.accessLevel === "super_user";
}

/**
 * The firm's pipeline (spec §2 case_management): one column per status with its count and newest
 * cards, all columns read in parallel. Admins see every case; a firm admin the firm's cases and
 * those its lawyers proposed on; a lawyer the cases they work on and those they proposed on. A
 * client has no pipeline (the page tells them where their cases are). RLS still decides each row.
 */
export async function loadCasePipeline(
  supabase: Supabase,
  user: SignedInUser,
  format: CaseFormatter,
): Promise<CasePipeline> {
  const admin = isAdmin(user);
  if (!admin && user.accessLevel !== "lawyer" && user.accessLevel !== "lawyer_admin")
    return { kind: "forLawyers" };
  const statuses = admin ? ADMIN_COLUMNS : LAWYER_COLUMNS;
  // A lawyer's pipeline is public.pipeline_cases() (the cases they or their firm run, and those
  // they proposed on); an admin's is every case.
  const source = () =>
    admin
      ? selectCaseCards(supabase)
      : supabase.rpc("pipeline_cases", {}, { get: true, count: "exact" }).select(CASE_CARD_COLUMNS);

  const columns = await Promise.all(
    statuses.map(async (status): Promise<PipelineColumn> => {
      const { data, count, error } = await source()
        .eq("status", status)
        .order("updated_at", { ascending: false })
        .order("id")
        .limit(PIPELINE_COLUMN_LIMIT);
      if (error) throw new Error(error.message);
      const rows = data ?? [];
      return { status, total: count ?? rows.length, cards: rows.map((row) => toCaseCard(row, format)) };
    }),
  );
  return {
    kind: "pipeline",
    scope: admin ? "all" : user.accessLevel === "lawyer_admin" && user.lawFirm ? "firm" : "own",
    columns,
  };
}
