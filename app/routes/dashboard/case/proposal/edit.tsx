import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { PageTitle } from "~/components/page-title";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { isUuid } from "~/features/cases/cases";
import { CaseSummary } from "~/features/proposals/components/case-summary";
import { ProposalForm } from "~/features/proposals/components/proposal-form";
import { ProposalRefusal } from "~/features/proposals/components/proposal-refusal";
import { updateProposal } from "~/features/proposals/mutations.server";
import { proposalPermissions } from "~/features/proposals/proposal-rules";
import { proposalPaths } from "~/features/proposals/proposals";
import { getProposal, toCaseSummary } from "~/features/proposals/queries.server";
import { proposalFormDefaults, proposalFormSchema } from "~/features/proposals/schemas";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { formRefusal, invariantResponse, redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/edit";

export const handle = { i18n: ["cases", "proposals"] };

/** The proposal and whether this person may edit it now (its lawyer or their firm's admin, undecided). */
async function editable(context: Route.LoaderArgs["context"], id: string | undefined) {
  const user = requireUser(context);
  invariantResponse(isUuid(id), null, { status: 404 });
  const supabase = getAuth(context).supabase;
  const proposal = await getProposal(supabase, id);
  invariantResponse(proposal, null, { status: 404 });
  return { supabase, proposal, canEdit: proposalPermissions(user, proposal, proposal.case).edit };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { proposal, canEdit } = await editable(context, params.id);
  const format = await getFormatter(getLocale(context));
  const t = getInstance(context).getFixedT(null, "proposals");
  return data({
    title: t("edit.meta", { reference: proposal.case?.reference ?? "" }),
    id: proposal.id,
    isDraft: proposal.status === "draft",
    canEdit,
    summary: proposal.case ? toCaseSummary(proposal.case, format) : null,
    defaultValue: proposalFormDefaults(proposal),
    // The fields' HTML constraints; the browser loads the schema on the form's first use.
    constraint: formConstraint(proposalFormSchema),
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = await parseForm(request, proposalFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { supabase, proposal, canEdit } = await editable(context, params.id);
  if (!canEdit) return formRefusal(submission, "proposal:not_allowed");
  // RLS and the triggers decide again: another lawyer's proposal changes 0 rows and is refused.
  const result = await updateProposal(supabase, proposal.id, proposal.status, submission.value);
  if (!result.ok) return formRefusal(submission, result.code);
  const submitted = proposal.status === "draft" && submission.value.intent === "submit";
  const message = submitted
    ? "proposals:flash.submitted"
    : proposal.status === "draft"
      ? "proposals:flash.draftSaved"
      : "proposals:flash.saved";
  throw redirectWithToast(proposalPaths.view(proposal.id), { kind: "success", message });
}

export const meta: Route.MetaFunction = pageMeta;

export default function EditProposalRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("proposals");
  const { id, isDraft, canEdit, summary, defaultValue, constraint } = loaderData;
  return (
    <Stack gap="lg">
      <PageTitle title={t("edit.title")} description={t("edit.description")} />
      {summary ? <CaseSummary summary={summary} /> : null}
      {canEdit ? (
        <ProposalForm
          lastResult={actionData}
          defaultValue={defaultValue}
          constraint={constraint}
          isDraft={isDraft}
          cancelHref={proposalPaths.view(id)}
        />
      ) : (
        <ProposalRefusal
          reason="notEditable"
          links={[{ to: proposalPaths.view(id), label: t("refusal.openProposal") }]}
        />
      )}
    </Stack>
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
