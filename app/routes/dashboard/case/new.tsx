import { data } from "react-router";
import { idempotencyKeyOf, newIdempotencyKey } from "~/components/form/idempotency";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { caseFormIntents, statusAfter } from "~/features/cases/case-form-rules";
import { casePaths } from "~/features/cases/cases";
import { CaseFormPage } from "~/features/cases/components/case-form";
import { createCase } from "~/features/cases/mutations.server";
import { caseFormSchema } from "~/features/cases/schemas";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { getLanguageOption } from "~/lib/i18n/languages";
import { formRefusal, redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/new";

export const handle = { i18n: ["cases", "case-form"] };

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return data({
    title: getInstance(context).getFixedT(null, "case-form")("new.meta"),
    // The person's own currency first; they pick another in the form.
    defaultValue: {
      priority: "normal",
      currency: getLanguageOption(getLocale(context)).numberFormat.currency,
    },
    // A new key each time the form is rendered: posting this form twice creates one case.
    idempotencyKey: newIdempotencyKey(),
    // The fields' HTML constraints; the browser loads the schema on the form's first use.
    constraint: formConstraint(caseFormSchema),
  });
}

/** Creates the case as a draft or published (status open), then shows it. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const submission = await parseForm(request, caseFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent } = submission.value;
  if (!caseFormIntents(null).includes(intent)) {
    return formRefusal(submission, "case:intent_unavailable");
  }
  const idempotencyKey = idempotencyKeyOf(submission.payload);
  if (!idempotencyKey) {
    return formRefusal(submission, "common:stale_form");
  }
  const saved = await createCase(getAuth(context).supabase, submission.value, statusAfter(intent, null), {
    userId: user.id,
    idempotencyKey,
  });
  if (!saved.ok) return formRefusal(submission, saved.code);
  const message = intent === "publish" ? "case-form:flash.published" : "case-form:flash.draftSaved";
  throw redirectWithToast(casePaths.view(saved.value), { kind: "success", message });
}

export const meta: Route.MetaFunction = pageMeta;

export default function NewCaseRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CaseFormPage
      editing={null}
      backTo={casePaths.list}
      defaultValue={loaderData.defaultValue}
      idempotencyKey={loaderData.idempotencyKey}
      constraint={loaderData.constraint}
      lastResult={actionData}
    />
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
