import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { parseCaseQuery } from "~/features/cases/case-query";
import { CaseListPage } from "~/features/cases/components/case-list";
import { loadCaseList } from "~/features/cases/queries.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/list";

export const handle = { i18n: ["cases", "table", "case-list"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const query = parseCaseQuery(new URL(request.url).searchParams);
  const format = await getFormatter(getLocale(context));
  const list = await loadCaseList(getAuth(context).supabase, user, query, format);
  return data({ title: getInstance(context).getFixedT(null, "case-list")("list.meta"), ...list });
}

export const meta: Route.MetaFunction = pageMeta;

export default function CaseListRoute({ loaderData }: Route.ComponentProps) {
  const { query, cards, total, pageCount, scopes } = loaderData;
  return <CaseListPage query={query} cards={cards} total={total} pageCount={pageCount} scopes={scopes} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
