import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { TaskTablePage } from "~/features/tasks/components/task-table-page";
import { queryTasks, readTaskCases } from "~/features/tasks/queries.server";
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
  const [{ rows, total }, cases] = await Promise.all([
    queryTasks(supabase, user, query, await getFormatter(language), todayIso()),
    readTaskCases(supabase, user),
  ]);
  return data({
    title: getInstance(context).getFixedT(language, "tasks")("table.meta"),
    query,
    rows,
    total,
    cases,
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function TaskTableRoute({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, cases } = loaderData;
  return <TaskTablePage query={query} rows={rows} total={total} cases={cases} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
