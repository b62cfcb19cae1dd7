import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { loadCaseOverview } from "~/features/cases/case-overview.server";
import { CaseOverviewPage } from "~/features/cases/components/case-overview";
import { caseFormatter } from "~/features/cases/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["cases", "case-list"] };

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const format = await caseFormatter(getLocale(context));
  const overview = await loadCaseOverview(getAuth(context).supabase, user, format);
  return data({
    title: getInstance(context).getFixedT(null, "case-list")("overview.meta"),
    overview,
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function CaseIndexRoute({ loaderData }: Route.ComponentProps) {
  return <CaseOverviewPage overview={loaderData.overview} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
