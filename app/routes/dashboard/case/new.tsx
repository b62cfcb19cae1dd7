import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { IDEMPOTENCY_ERROR, idempotencyKeyOf, newIdempotencyKey } from "~/components/form/idempotency";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { casePaths } from "~/features/cases/cases";
import { CaseFormPage } from "~/features/cases/components/case-form";
import { CASE_FORM_ERRORS, createCase } from "~/features/cases/mutations.server";
import { caseFormIntents, caseFormSchema, statusAfter } from "~/features/cases/schemas";
import { flashCookie } from "~/lib/flash.server";
import { readForm } from "~/lib/form.server";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { getLanguageOption } from "~/lib/i18n/languages";
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
  });
}

/** Creates the case as a draft or published (status open), then shows it. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: caseFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent } = submission.value;
  if (!caseFormIntents(null).includes(intent)) {
    return data(submission.reply({ formErrors: [CASE_FORM_ERRORS.intentUnavailable] }), { status: 400 });
  }
  const idempotencyKey = idempotencyKeyOf(formData);
  if (!idempotencyKey) {
    return data(submission.reply({ formErrors: [IDEMPOTENCY_ERROR] }), { status: 400 });
  }
  const saved = await createCase(getAuth(context).supabase, submission.value, statusAfter(intent, null), {
    userId: user.id,
    idempotencyKey,
  });
  if (!saved.ok) return data(submission.reply({ formErrors: [saved.error] }), { status: 409 });
  const message = intent === "publish" ? "case-form:flash.published" : "case-form:flash.draftSaved";
  throw redirect(casePaths.view(saved.id), {
    headers: { "Set-Cookie": flashCookie({ kind: "success", message }) },
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function NewCaseRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CaseFormPage
      editing={null}
      backTo={casePaths.list}
      defaultValue={loaderData.defaultValue}
      idempotencyKey={loaderData.idempotencyKey}
      lastResult={actionData}
    />
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
