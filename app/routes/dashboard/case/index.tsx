import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { CaseOverviewPage } from "~/features/cases/components/case-overview";
import { loadCaseOverview } from "~/features/cases/queries.server";
import { ProposalAttentionBlocks } from "~/features/proposals/components/proposal-attention";
import { loadProposalAttention } from "~/features/proposals/queries.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["cases", "case-list"] };

/** The cases' overview (features/cases) and the proposals waiting on the person (features/proposals). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const format = await getFormatter(getLocale(context));
  const { supabase } = getAuth(context);
  const [overview, attention] = await Promise.all([
    loadCaseOverview(supabase, user, format),
    loadProposalAttention(supabase, user, format),
  ]);
  return data({
    title: getInstance(context).getFixedT(null, "case-list")("overview.meta"),
    overview,
    attention,
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function CaseIndexRoute({ loaderData }: Route.ComponentProps) {
  const { overview, attention } = loaderData;
  return (
    <CaseOverviewPage
      overview={overview}
      attention={<ProposalAttentionBlocks attention={attention} windowDays={overview.windowDays} />}
    />
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
