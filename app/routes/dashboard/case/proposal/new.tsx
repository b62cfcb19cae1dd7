import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { idempotencyKeyOf, newIdempotencyKey } from "~/components/form/idempotency";
import { pageMeta } from "~/components/page-meta";
import { PageTitle } from "~/components/page-title";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { casePaths, isUuid } from "~/features/cases/cases";
import { CaseSummary } from "~/features/proposals/components/case-summary";
import { ProposalForm } from "~/features/proposals/components/proposal-form";
import { ProposalRefusal } from "~/features/proposals/components/proposal-refusal";
import { FIND_CASES_HREF } from "~/features/proposals/components/proposals-overview";
import { createProposal, proposalCreatedWith } from "~/features/proposals/mutations.server";
import { INTAKE_REFUSAL_CODES, intakeRefusal } from "~/features/proposals/proposal-rules";
import { proposalPaths } from "~/features/proposals/proposals";
import { findLiveProposalId, getProposalCase, toCaseSummary } from "~/features/proposals/queries.server";
import { newProposalDefaults, proposalFormSchema } from "~/features/proposals/schemas";
import { can } from "~/lib/access";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { formRefusal, invariantResponse, redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/new";

export const handle = { i18n: ["cases", "proposals"] };

/** The case (`{id}` is the CASE's id) and whether this person may propose on it now. */
async function intake(context: Route.LoaderArgs["context"], caseId: string | undefined) {
  const user = requireUser(context);
  invariantResponse(isUuid(caseId), null, { status: 404 });
  const supabase = getAuth(context).supabase;
  const caseRow = await getProposalCase(supabase, caseId);
  invariantResponse(caseRow, null, { status: 404 });
  const liveProposalId = can(user.accessLevel, "proposes")
    ? await findLiveProposalId(supabase, caseId, user.id)
    : null;
  return { user, supabase, caseRow, liveProposalId, refusal: intakeRefusal(user, caseRow, liveProposalId) };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { caseRow, liveProposalId, refusal } = await intake(context, params.id);
  const format = await getFormatter(getLocale(context));
  const t = getInstance(context).getFixedT(null, "proposals");
  return data({
    title: t("new.meta", { reference: caseRow.reference }),
    summary: toCaseSummary(caseRow, format),
    refusal,
    liveProposalId,
    defaultValue: newProposalDefaults(caseRow.currency),
    // A new key each time the form is rendered: posting this form twice creates one proposal.
    idempotencyKey: newIdempotencyKey(),
    // The fields' HTML constraints; the browser loads the schema on the form's first use.
    constraint: formConstraint(proposalFormSchema),
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = await parseForm(request, proposalFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { user, supabase, refusal } = await intake(context, params.id);
  const idempotencyKey = idempotencyKeyOf(submission.payload);
  const sent = (id: string) => {
    const message =
      submission.value.intent === "submit" ? "proposals:flash.submitted" : "proposals:flash.draftSaved";
    return redirectWithToast(proposalPaths.view(id), { kind: "success", message });
  };
  if (refusal) {
    // This form posted a second time (a double click, a reposted page): its proposal exists.
    const earlier = idempotencyKey && (await proposalCreatedWith(supabase, user.id, idempotencyKey));
    if (earlier) throw sent(earlier);
    return formRefusal(submission, INTAKE_REFUSAL_CODES[refusal]);
  }
  if (!idempotencyKey) {
    return formRefusal(submission, "common:stale_form");
  }
  // The database is the judge (a race with the case closing, or a second tab, ends here too).
  const result = await createProposal(supabase, params.id as string, submission.value, {
    lawyerId: user.id,
    idempotencyKey,
  });
  if (!result.ok) return formRefusal(submission, result.code);
  throw sent(result.value);
}

export const meta: Route.MetaFunction = pageMeta;

export default function NewProposalRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["proposals", "cases"]);
  const { summary, refusal, liveProposalId, defaultValue, idempotencyKey, constraint } = loaderData;
  const links =
    refusal === "alreadyProposed" && liveProposalId
      ? [{ to: proposalPaths.view(liveProposalId), label: t("refusal.openYours") }]
      : refusal === "caseNotOpen"
        ? [{ to: FIND_CASES_HREF, label: t("overview.findCases") }]
        : [{ to: casePaths.view(summary.id), label: t("refusal.backToCase") }];
  return (
    <Stack gap="lg">
      <PageTitle title={t("new.title")} description={t("new.description")} />
      <CaseSummary summary={summary} />
      {refusal ? (
        <ProposalRefusal reason={refusal} links={links} />
      ) : (
        <ProposalForm
          lastResult={actionData}
          defaultValue={defaultValue}
          constraint={constraint}
          idempotencyKey={idempotencyKey}
          isDraft
          cancelHref={casePaths.view(summary.id)}
        />
      )}
    </Stack>
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
