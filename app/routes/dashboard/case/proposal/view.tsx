import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { isUuid } from "~/features/cases/cases";
import { ProposalView } from "~/features/proposals/components/proposal-view";
import { markProposalViewed, runProposalAction } from "~/features/proposals/mutations.server";
import { proposalPaths } from "~/features/proposals/proposals";
import { getProposal, toProposalDetail } from "~/features/proposals/queries.server";
import { proposalActionSchema } from "~/features/proposals/schemas";
import { refused } from "~/lib/errors";
import { parseForm } from "~/lib/form.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { invariantResponse, redirectWithToast } from "~/lib/responses.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isOwnNavigation } from "~/lib/security.server";
import type { Route } from "./+types/view";

export const handle = { i18n: ["cases", "proposals"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  // A hand-typed id never reaches the database as a bad cast; hidden and missing look alike.
  invariantResponse(isUuid(params.id), null, { status: 404 });
  const supabase = getAuth(context).supabase;
  let proposal = await getProposal(supabase, params.id);
  invariantResponse(proposal, null, { status: 404 });
  // Opening a submitted proposal as the case's client is the event "viewed" (the lawyer learns it
  // was read), so the loader records it; only a submitted row changes, so reloading is harmless.
  // Only a navigation the client made here counts: a link on another site must not write.
  if (proposal.status === "submitted" && proposal.case?.client_id === user.id && isOwnNavigation(request)) {
    if (await markProposalViewed(supabase, proposal.id))
      proposal = (await getProposal(supabase, params.id)) ?? proposal;
  }
  const format = await getFormatter(getLocale(context));
  const detail = toProposalDetail(user, proposal, format);
  const t = getInstance(context).getFixedT(null, "proposals");
  return data({ title: t("view.meta", { reference: proposal.case?.reference ?? "" }), detail });
}

const SUCCESS = {
  accept: "proposals:flash.accepted",
  decline: "proposals:flash.declined",
  withdraw: "proposals:flash.withdrawn",
  submit: "proposals:flash.submitted",
  delete: "proposals:flash.deleted",
} as const;

/**
 * Accept, decline, withdraw, submit and delete (one `intent` each), posted from this page and from
 * the case page. The database decides; the person goes back to `returnTo` (this page by default,
 * the list after a delete) with the outcome as a toast. Nothing a form can send ends in a 500.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireUser(context);
  const submission = await parseForm(request, proposalActionSchema);
  const intent = submission.status === "success" ? submission.value.intent : null;
  const deleting = intent === "delete";
  const fallback = isUuid(params.id) && !deleting ? proposalPaths.view(params.id) : proposalPaths.list;
  const returnTo = safeRedirectPath(submission.payload.returnTo, fallback);
  const outcome = !intent
    ? refused("common:invalid_request")
    : !isUuid(params.id)
      ? refused("proposal:not_found")
      : await runProposalAction(getAuth(context).supabase, params.id, intent);
  if (outcome.ok && intent) {
    throw redirectWithToast(returnTo, { kind: "success", message: SUCCESS[intent] });
  }
  // A failed delete leaves the proposal where it was: back to it rather than to the list.
  const destination = deleting && isUuid(params.id) ? proposalPaths.view(params.id) : returnTo;
  throw redirectWithToast(destination, outcome.ok ? "common:failed" : outcome.code);
}

export const meta: Route.MetaFunction = pageMeta;

export default function ProposalViewRoute({ loaderData }: Route.ComponentProps) {
  return <ProposalView proposal={loaderData.detail} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
