import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { caseFormIntents, statusAfter } from "~/features/cases/case-form-rules";
import { casePaths, isUuid } from "~/features/cases/cases";
import { CaseEditUnavailable, CaseFormPage } from "~/features/cases/components/case-form";
import { deleteDraft, updateCase } from "~/features/cases/mutations.server";
import { caseEditAccess, caseFormDefaults, loadCaseForEditing } from "~/features/cases/queries.server";
import { caseFormSchema } from "~/features/cases/schemas";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getInstance } from "~/lib/i18n/i18n.server";
import { formRefusal, invariantResponse, redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/edit";

export const handle = { i18n: ["cases", "case-form"] };

/** The case as this person may see it; 404 for an id that is malformed or hidden by RLS. */
async function visibleCase(context: Route.LoaderArgs["context"], id: string) {
  invariantResponse(isUuid(id), null, { status: 404 });
  const row = await loadCaseForEditing(getAuth(context).supabase, id);
  invariantResponse(row, null, { status: 404 });
  return row;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const row = await visibleCase(context, params.id);
  const access = caseEditAccess(user, row);
  return data({
    title: getInstance(context).getFixedT(null, "case-form")("edit.meta", { reference: row.reference }),
    editing: { id: row.id, reference: row.reference, status: row.status, canDelete: row.status === "draft" },
    access,
    defaultValue: access === "allowed" ? caseFormDefaults(row) : {},
    // The fields' HTML constraints; the browser loads the schema on the form's first use.
    constraint: formConstraint(caseFormSchema),
  });
}

/** Saves the form (draft, publish, save) or deletes the draft; refusals change nothing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const row = await visibleCase(context, params.id);
  const supabase = getAuth(context).supabase;
  if (caseEditAccess(user, row) !== "allowed") {
    throw redirectWithToast(casePaths.view(row.id), "case:not_editable");
  }
  const submission = await parseForm(request, caseFormSchema);

  // "Delete draft" is its own small form (only its intent): the case form's schema does not apply.
  if (submission.payload.intent === "delete") {
    const deleted = await deleteDraft(supabase, row.id);
    throw deleted.ok
      ? redirectWithToast(casePaths.list, { kind: "success", message: "case-form:flash.deleted" })
      : redirectWithToast(casePaths.edit(row.id), deleted.code);
  }

  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent } = submission.value;
  if (!caseFormIntents(row.status).includes(intent)) {
    return formRefusal(submission, "case:intent_unavailable");
  }
  const saved = await updateCase(supabase, row, submission.value, statusAfter(intent, row.status));
  if (!saved.ok) return formRefusal(submission, saved.code);
  const message =
    intent === "publish"
      ? "case-form:flash.published"
      : intent === "draft"
        ? "case-form:flash.draftSaved"
        : "case-form:flash.saved";
  throw redirectWithToast(casePaths.view(row.id), { kind: "success", message });
}

export const meta: Route.MetaFunction = pageMeta;

export default function EditCaseRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { editing, access, defaultValue, constraint } = loaderData;
  const backTo = casePaths.view(editing.id);
  if (access !== "allowed") {
    return <CaseEditUnavailable reference={editing.reference} backTo={backTo} reason={access} />;
  }
  return (
    <CaseFormPage
      editing={editing}
      backTo={backTo}
      defaultValue={defaultValue}
      constraint={constraint}
      lastResult={actionData}
    />
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
