import { data } from "react-router";
import { idempotencyKeyOf, newIdempotencyKey } from "~/components/form/idempotency";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { isUuid } from "~/features/cases/cases";
import { WorkflowListPage } from "~/features/workflows/components/workflow-list-page";
import { startWorkflow } from "~/features/workflows/mutations.server";
import {
  listStartableCases,
  listTemplates,
  listWorkflows,
  todayIso,
} from "~/features/workflows/queries.server";
import { startWorkflowSchema } from "~/features/workflows/schemas";
import { startFormOpen, workflowPaths } from "~/features/workflows/workflows";
import { requireAbility } from "~/lib/access";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { formRefusal, redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/list";

export const handle = { i18n: ["workflows"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  requireAbility(user, "runsWorkflows");
  const supabase = getAuth(context).supabase;
  const format = await getFormatter(getLocale(context));
  const params = new URL(request.url).searchParams;
  const caseParam = params.get("case");
  const caseId = isUuid(caseParam) ? caseParam : null;
  const today = todayIso();
  const opened = startFormOpen(params, caseId);
  const [workflows, cases, templates] = await Promise.all([
    listWorkflows(supabase, format, { caseId: caseId ?? undefined, today }),
    opened ? listStartableCases(supabase) : [],
    opened ? listTemplates(supabase) : [],
  ]);
  return data({
    title: getInstance(context).getFixedT(null, "workflows")("list.meta"),
    workflows,
    start: {
      opened,
      cases: cases.map(({ id, reference, title }) => ({ id, reference, title })),
      templates: templates
        .filter((template) => !template.archived && template.stepCount > 0)
        .map(({ id, name }) => ({ id, name })),
      caseId,
      today,
      idempotencyKey: newIdempotencyKey(),
      // The form's HTML constraints; the browser loads the schema on the form's first use.
      constraint: formConstraint(startWorkflowSchema),
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  requireAbility(user, "runsWorkflows");
  const submission = await parseForm(request, startWorkflowSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const key = idempotencyKeyOf(submission.payload);
  if (!key) return formRefusal(submission, "common:stale_form");
  const outcome = await startWorkflow(getAuth(context).supabase, submission.value, key);
  if (!outcome.ok) return formRefusal(submission, outcome.code);
  throw redirectWithToast(workflowPaths.details(outcome.value), {
    kind: "success",
    message: "workflows:flash.started",
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function WorkflowListRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WorkflowListPage workflows={loaderData.workflows} start={loaderData.start} lastResult={actionData} />
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
