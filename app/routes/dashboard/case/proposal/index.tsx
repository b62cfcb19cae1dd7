import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { ProposalsOverview } from "~/features/proposals/components/proposals-overview";
import { loadProposalOverview } from "~/features/proposals/queries.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["cases", "proposals"] };

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const format = await getFormatter(getLocale(context));
  const overview = await loadProposalOverview(getAuth(context).supabase, user, format);
  return data({ title: getInstance(context).getFixedT(null, "proposals")("overview.meta"), overview });
}

export const meta: Route.MetaFunction = pageMeta;

export default function ProposalIndexRoute({ loaderData }: Route.ComponentProps) {
  return <ProposalsOverview overview={loaderData.overview} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
