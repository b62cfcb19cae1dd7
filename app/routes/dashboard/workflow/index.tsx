import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { WorkflowOverview } from "~/features/workflows/components/workflow-overview";
import { dueDate } from "~/features/workflows/due-dates";
import { needsAttention } from "~/features/workflows/progress";
import { listTemplates, listWorkflows, todayIso } from "~/features/workflows/queries.server";
import { requireAbility } from "~/lib/access";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["workflows"] };

/** A workflow due within this many days needs attention too. */
const SOON_DAYS = 7;

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  requireAbility(user, "runsWorkflows");
  const supabase = getAuth(context).supabase;
  const format = await getFormatter(getLocale(context));
  const today = todayIso();
  const [workflows, templates] = await Promise.all([
    listWorkflows(supabase, format, { today }),
    listTemplates(supabase),
  ]);
  const soon = dueDate(today, SOON_DAYS);
  const attention = workflows
    .filter((workflow) => needsAttention(workflow, today, soon))
    .toSorted((a, b) => b.overdue - a.overdue || (a.nextDue ?? "").localeCompare(b.nextDue ?? ""));
  return data({
    title: getInstance(context).getFixedT(null, "workflows")("overview.meta"),
    counts: {
      active: workflows.filter((workflow) => !workflow.complete).length,
      complete: workflows.filter((workflow) => workflow.complete).length,
      overdueSteps: workflows.reduce((sum, workflow) => sum + workflow.overdue, 0),
      templates: templates.filter((template) => !template.archived).length,
    },
    attention,
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function WorkflowIndexRoute({ loaderData }: Route.ComponentProps) {
  return <WorkflowOverview counts={loaderData.counts} attention={loaderData.attention} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
