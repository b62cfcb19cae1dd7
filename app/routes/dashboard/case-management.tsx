import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { CasePipelinePage } from "~/features/cases/components/case-pipeline";
import { loadCasePipeline } from "~/features/cases/queries.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/case-management";

export const handle = { i18n: ["cases", "case-list"] };

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const format = await getFormatter(getLocale(context));
  const pipeline = await loadCasePipeline(getAuth(context).supabase, user, format);
  return data({ title: getInstance(context).getFixedT(null, "case-list")("pipeline.meta"), pipeline });
}

export const meta: Route.MetaFunction = pageMeta;

export default function CaseManagementRoute({ loaderData }: Route.ComponentProps) {
  return <CasePipelinePage pipeline={loaderData.pipeline} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
