import { data } from "react-router";
import { idempotencyKeyOf, newIdempotencyKey } from "~/components/form/idempotency";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { isUuid } from "~/features/cases/cases";
import { type TemplateActionData, TemplatePage } from "~/features/workflows/components/template-page";
import {
  addStep,
  createTemplate,
  duplicateTemplate,
  moveStep,
  removeStep,
  setTemplateArchived,
  updateStep,
  updateTemplate,
} from "~/features/workflows/mutations.server";
import { getTemplate, listTemplates } from "~/features/workflows/queries.server";
import { stepSchema, templatePageSchema, templateSchema } from "~/features/workflows/schemas";
import { workflowPaths } from "~/features/workflows/workflows";
import { requireAbility, writesWorkflowTemplates } from "~/lib/access";
import { messageOf, type Outcome, statusOf } from "~/lib/errors";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getInstance } from "~/lib/i18n/i18n.server";
import { redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/template";

export const handle = { i18n: ["workflows", "cases"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  requireAbility(user, "runsWorkflows");
  const supabase = getAuth(context).supabase;
  const url = new URL(request.url);
  const templateId = url.searchParams.get("template");
  const stepId = url.searchParams.get("step");
  const [templates, selected] = await Promise.all([
    listTemplates(supabase),
    isUuid(templateId) ? getTemplate(supabase, templateId) : null,
  ]);
  const t = getInstance(context).getFixedT(null, "workflows");
  return data({
    title: selected ? t("template.metaOne", { name: selected.name }) : t("template.meta"),
    templates,
    selected,
    editingStepId: isUuid(stepId) ? stepId : null,
    canWrite: writesWorkflowTemplates(user),
    idempotencyKey: newIdempotencyKey(),
    // The forms' HTML constraints; the browser loads the schemas on a form's first use.
    constraints: { template: formConstraint(templateSchema), step: formConstraint(stepSchema) },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  requireAbility(user, "runsWorkflows");
  const supabase = getAuth(context).supabase;
  const submission = await parseForm(request, templatePageSchema);
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    const form =
      intent === "saveStep"
        ? isUuid(submission.payload.stepId)
          ? `step-${submission.payload.stepId}`
          : "step-new"
        : isUuid(submission.payload.templateId)
          ? `template-${submission.payload.templateId}`
          : "template-new";
    return data<TemplateActionData>({ form, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  const back = (id: string) => workflowPaths.template(id);
  /** A form's refusal next to what the person typed; a button's as a toast. */
  const answer = (outcome: Outcome<unknown>, form: string | null, to: string, message: string) => {
    if (outcome.ok) return redirectWithToast(to, { kind: "success", message });
    if (form) {
      return data<TemplateActionData>(
        { form, result: submission.reply({ formErrors: [messageOf(outcome.code)] }) },
        { status: statusOf(outcome.code) },
      );
    }
    return redirectWithToast(to, outcome.code);
  };
  switch (value.intent) {
    case "saveTemplate": {
      if (value.templateId) {
        const outcome = await updateTemplate(supabase, value.templateId, value);
        return answer(
          outcome,
          `template-${value.templateId}`,
          back(value.templateId),
          "workflows:flash.templateSaved",
        );
      }
      const key = idempotencyKeyOf(submission.payload);
      if (!key) return redirectWithToast(workflowPaths.templates, "common:stale_form");
      const outcome = await createTemplate(supabase, value, { userId: user.id, idempotencyKey: key });
      return answer(
        outcome,
        "template-new",
        outcome.ok ? back(outcome.value) : workflowPaths.templates,
        "workflows:flash.templateCreated",
      );
    }
    case "saveStep": {
      const outcome = value.stepId
        ? await updateStep(supabase, value.stepId, value)
        : await addStep(supabase, value);
      const form = value.stepId ? `step-${value.stepId}` : "step-new";
      return answer(outcome, form, `${back(value.templateId)}#step-form`, "workflows:flash.stepSaved");
    }
    case "archive":
    case "restore": {
      const outcome = await setTemplateArchived(supabase, value.templateId, value.intent === "archive");
      const message = value.intent === "archive" ? "workflows:flash.archived" : "workflows:flash.restored";
      return answer(outcome, null, back(value.templateId), message);
    }
    case "duplicate": {
      const original = await getTemplate(supabase, value.templateId);
      const name = getInstance(context).getFixedT(null, "workflows")("template.copyName", {
        name: original?.name ?? "",
      });
      const outcome = await duplicateTemplate(supabase, value.templateId, name.slice(0, 200));
      return answer(
        outcome,
        null,
        outcome.ok ? back(outcome.value) : back(value.templateId),
        "workflows:flash.duplicated",
      );
    }
    case "moveUp":
    case "moveDown": {
      const outcome = await moveStep(supabase, value.stepId, value.intent === "moveUp" ? -1 : 1);
      return answer(outcome, null, back(value.templateId), "workflows:flash.stepMoved");
    }
    case "removeStep": {
      const outcome = await removeStep(supabase, value.stepId);
      return answer(outcome, null, back(value.templateId), "workflows:flash.stepRemoved");
    }
  }
}

export const meta: Route.MetaFunction = pageMeta;

export default function WorkflowTemplateRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <TemplatePage {...loaderData} actionData={actionData} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
