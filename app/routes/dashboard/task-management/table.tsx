import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { casePageCount } from "~/features/cases/case-query";
import { TaskTablePage } from "~/features/tasks/components/task-table-page";
import { loadTaskTable } from "~/features/tasks/queries.server";
import { parseTaskQuery, pickersShown, taskQueryString } from "~/features/tasks/task-query";
import { taskPaths, todayIso } from "~/features/tasks/tasks";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { redirectToLastPage } from "~/lib/paging";
import type { Route } from "./+types/table";

export const handle = { i18n: ["tasks", "table", "case-table"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const url = new URL(request.url);
  const query = parseTaskQuery(url.searchParams);
  const language = getLocale(context);
  const { supabase } = getAuth(context);
  const { rows, total, cases, assignees } = await loadTaskTable(
    supabase,
    user,
    query,
    await getFormatter(language),
    todayIso(),
    language,
    pickersShown(url.searchParams, query),
  );
  // A page past the end (fewer tasks since the link was made): the last page instead, as the case
  // table does.
  const pageCount = casePageCount(total, query.size);
  if (rows.length === 0 && query.page > pageCount) {
    throw redirectToLastPage(url, `${taskPaths.table}${taskQueryString(query, { page: pageCount })}`);
  }
  return data({
    title: getInstance(context).getFixedT(language, "tasks")("table.meta"),
    query,
    rows,
    total,
    cases,
    assignees,
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function TaskTableRoute({ loaderData }: Route.ComponentProps) {
  const { title: _title, ...props } = loaderData;
  return <TaskTablePage {...props} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
