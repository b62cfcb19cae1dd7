import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { TaskTablePage } from "~/features/tasks/components/task-table-page";
import { loadTaskTable } from "~/features/tasks/queries.server";
import { parseTaskQuery } from "~/features/tasks/task-query";
import { todayIso } from "~/features/tasks/tasks";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/table";

export const handle = { i18n: ["tasks", "table", "case-table"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const query = parseTaskQuery(new URL(request.url).searchParams);
  const language = getLocale(context);
  const { supabase } = getAuth(context);
  const { rows, total, cases, assignees } = await loadTaskTable(
    supabase,
    user,
    query,
    await getFormatter(language),
    todayIso(),
    language,
  );
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
