import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { casePaths, isUuid } from "~/features/cases/cases";
import { CasePage } from "~/features/cases/components/case-page";
import { changeCaseStatus } from "~/features/cases/mutations.server";
import { loadCaseDetail } from "~/features/cases/queries.server";
import { caseStatusActionSchema } from "~/features/cases/schemas";
import { CaseProposalsSection } from "~/features/proposals/components/case-proposals";
import { readCaseProposals, toCaseProposals } from "~/features/proposals/queries.server";
import { CaseWorkflowsLink } from "~/features/workflows/components/case-workflows-link";
import { offersWorkflowStart } from "~/features/workflows/workflows";
import { parseForm } from "~/lib/form.server";
import { getFormatter } from "~/lib/i18n/format";
import { getLocale } from "~/lib/i18n/i18n.server";
import { invariantResponse, redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/view";

// "proposals": the accept and decline forms come back here with that page's toast.
export const handle = { i18n: ["cases", "case-detail", "proposals", "workflows"] };

/** The case (features/cases) and its proposals (features/proposals), read in one parallel round. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  // A hand-typed id never reaches the database as a bad cast; hidden and missing cases look alike.
  invariantResponse(isUuid(params.id), null, { status: 404 });
  const format = await getFormatter(getLocale(context));
  const { supabase } = getAuth(context);
  const [loaded, proposalRows] = await Promise.all([
    loadCaseDetail(supabase, user, params.id, format),
    readCaseProposals(supabase, params.id),
  ]);
  invariantResponse(loaded, null, { status: 404 });
  const { detail, viewer } = loaded;
  const proposals = toCaseProposals(proposalRows, detail.status, user, viewer, format);
  const startsWorkflow = offersWorkflowStart(user, detail);
  return data({ title: `${detail.reference} · ${detail.title}`, detail, proposals, startsWorkflow });
}

/** The status form (`intent=status`): the database decides; its answer comes back as a toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireUser(context);
  invariantResponse(isUuid(params.id), null, { status: 404 });
  const submission = await parseForm(request, caseStatusActionSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { status } = submission.value;
  const outcome = await changeCaseStatus(getAuth(context).supabase, params.id, status);
  throw redirectWithToast(
    casePaths.view(params.id),
    outcome.ok ? { kind: "success", message: `case-detail:statusDone.${status}` } : outcome.code,
  );
}

export const meta: Route.MetaFunction = pageMeta;

export default function CaseViewRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, proposals, startsWorkflow } = loaderData;
  return (
    <CasePage
      detail={detail}
      statusResult={actionData}
      proposals={
        <>
          {startsWorkflow ? <CaseWorkflowsLink caseId={detail.id} /> : null}
          <CaseProposalsSection proposals={proposals} caseId={detail.id} />
        </>
      }
    />
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
