import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { TaskOverview } from "~/features/tasks/components/task-overview";
import { loadTaskSummary } from "~/features/tasks/queries.server";
import { todayIso } from "~/features/tasks/tasks";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["tasks"] };

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const language = getLocale(context);
  const today = todayIso();
  const weekEnd = new Date(`${today}T00:00:00Z`);
  weekEnd.setUTCDate(weekEnd.getUTCDate() + 6);
  const summary = await loadTaskSummary(getAuth(context).supabase, user, await getFormatter(language), today);
  return data({
    title: getInstance(context).getFixedT(language, "tasks")("overview.meta"),
    summary,
    today,
    weekEnd: weekEnd.toISOString().slice(0, 10),
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function TaskOverviewRoute({ loaderData }: Route.ComponentProps) {
  return <TaskOverview summary={loaderData.summary} today={loaderData.today} weekEnd={loaderData.weekEnd} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
