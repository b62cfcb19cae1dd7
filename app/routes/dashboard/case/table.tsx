import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { casePageCount, parseCaseQuery } from "~/features/cases/case-query";
import { caseTableSearch, parseCaseTableView } from "~/features/cases/case-table-view";
import { casePaths } from "~/features/cases/cases";
import { caseTableScopes } from "~/features/cases/components/case-table-filters";
import { CaseTablePage } from "~/features/cases/components/case-table-page";
import { caseTablePage } from "~/features/cases/queries.server";
import { can } from "~/lib/access";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { redirectToLastPage } from "~/lib/paging";
import type { Route } from "./+types/table";

export const handle = { i18n: ["cases", "table", "case-table"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const url = new URL(request.url);
  const params = url.searchParams;
  const query = parseCaseQuery(params);
  const view = parseCaseTableView(params);
  const language = getLocale(context);
  const { rows, total } = await caseTablePage(
    getAuth(context).supabase,
    user,
    query,
    await getFormatter(language),
  );
  // A page past the end (fewer cases since the link was made): the last page instead.
  const pageCount = casePageCount(total, query.size);
  if (rows.length === 0 && query.page > pageCount) {
    throw redirectToLastPage(url, `${casePaths.table}${caseTableSearch(query, view, { page: pageCount })}`);
  }
  return data({
    title: getInstance(context).getFixedT(language, "case-table")("meta"),
    query,
    view,
    rows,
    total,
    scopes: caseTableScopes(can(user.accessLevel, "proposes")),
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function CaseTableRoute({ loaderData }: Route.ComponentProps) {
  return <CaseTablePage {...loaderData} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
