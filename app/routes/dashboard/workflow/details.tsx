import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { isUuid } from "~/features/cases/cases";
import { type PendingMove, WorkflowDetailsPage } from "~/features/workflows/components/workflow-details-page";
import { isIsoDate, rescheduledDueDates } from "~/features/workflows/due-dates";
import { moveTrigger, type ReschedulableStep } from "~/features/workflows/mutations.server";
import { getWorkflow, type WorkflowDetail } from "~/features/workflows/queries.server";
import { moveTriggerSchema } from "~/features/workflows/schemas";
import { workflowPaths } from "~/features/workflows/workflows";
import { requireAbility } from "~/lib/access";
import { parseForm } from "~/lib/form.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { invariantResponse, redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/details";

export const handle = { i18n: ["workflows"] };

/** The workflow's steps that have a task, as the trigger-date move reads them. */
function reschedulable(workflow: WorkflowDetail): ReschedulableStep[] {
  return workflow.steps.flatMap((step) =>
    step.task
      ? [
          {
            taskId: step.task.id,
            title: step.title,
            offsetDays: step.offsetDays,
            dueDate: step.task.dueDate,
            done: step.task.status === "done",
          },
        ]
      : [],
  );
}

async function load(context: Route.LoaderArgs["context"], id: string | undefined) {
  const user = requireUser(context);
  requireAbility(user, "runsWorkflows");
  invariantResponse(isUuid(id), null, { status: 404 });
  const supabase = getAuth(context).supabase;
  const format = await getFormatter(getLocale(context));
  const workflow = await getWorkflow(supabase, id, format);
  invariantResponse(workflow, null, { status: 404 });
  return { supabase, format, workflow };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { format, workflow } = await load(context, params.id);
  const trigger = new URL(request.url).searchParams.get("trigger");
  let move: PendingMove | null = null;
  let moveError: string | null = null;
  if (trigger !== null) {
    if (isIsoDate(trigger)) {
      const changes = rescheduledDueDates(trigger, workflow.skipWeekends, reschedulable(workflow)).filter(
        (change) => change.from !== change.to,
      );
      const day = (value: string) => format.day(value) ?? { iso: value, text: value };
      move = {
        triggerDate: trigger,
        trigger: day(trigger),
        changes: changes.map((change) => ({
          taskId: change.taskId,
          title: change.title,
          from: change.from ? day(change.from) : null,
          to: day(change.to),
        })),
      };
    } else {
      moveError = "errors.dateInvalid";
    }
  }
  const t = getInstance(context).getFixedT(null, "workflows");
  return data({ title: t("details.meta", { name: workflow.name }), workflow, move, moveError });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { supabase, workflow } = await load(context, params.id);
  const submission = await parseForm(request, moveTriggerSchema);
  const back = workflowPaths.details(workflow.id);
  if (submission.status !== "success" || !submission.value.confirmFrom) {
    return redirectWithToast(back, "common:invalid_request");
  }
  const { triggerDate, confirmFrom } = submission.value;
  const outcome = await moveTrigger(
    supabase,
    { id: workflow.id, skipWeekends: workflow.skipWeekends, steps: reschedulable(workflow) },
    confirmFrom,
    triggerDate,
  );
  if (!outcome.ok) return redirectWithToast(back, outcome.code);
  return redirectWithToast(back, { kind: "success", message: "workflows:flash.triggerMoved" });
}

export const meta: Route.MetaFunction = pageMeta;

export default function WorkflowDetailsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <WorkflowDetailsPage
      workflow={loaderData.workflow}
      move={loaderData.move}
      moveError={loaderData.moveError}
    />
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
