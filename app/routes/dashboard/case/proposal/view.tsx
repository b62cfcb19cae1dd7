import { data, redirect } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { isUuid } from "~/features/cases/cases";
import { ProposalView } from "~/features/proposals/components/proposal-view";
import {
  markProposalViewed,
  PROPOSAL_ERRORS,
  runProposalAction,
} from "~/features/proposals/mutations.server";
import { proposalPaths } from "~/features/proposals/proposals";
import { getProposal, toProposalDetail } from "~/features/proposals/queries.server";
import { proposalActionSchema } from "~/features/proposals/schemas";
import { flashCookie } from "~/lib/flash.server";
import { readForm } from "~/lib/form.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isOwnNavigation } from "~/lib/security.server";
import type { Route } from "./+types/view";

export const handle = { i18n: ["cases", "proposals"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  // A hand-typed id never reaches the database as a bad cast; hidden and missing look alike.
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const supabase = getAuth(context).supabase;
  let proposal = await getProposal(supabase, params.id);
  if (!proposal) throw data(null, { status: 404 });
  // Opening a submitted proposal as the case's client is the event "viewed" (the lawyer learns it
  // was read), so the loader records it; only a submitted row changes, so reloading is harmless.
  // Only a navigation the client made here counts: a link on another site must not write.
  if (proposal.status === "submitted" && proposal.case?.client_id === user.id && isOwnNavigation(request)) {
    if (await markProposalViewed(supabase, proposal.id))
      proposal = (await getProposal(supabase, params.id)) ?? proposal;
  }
  const format = await getFormatter(getLocale(context));
  const detail = await toProposalDetail(supabase, user, proposal, format);
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
  const form = await readForm(request);
  const parsed = proposalActionSchema.safeParse({ intent: form.get("intent") });
  const deleting = parsed.success && parsed.data.intent === "delete";
  const fallback = isUuid(params.id) && !deleting ? proposalPaths.view(params.id) : proposalPaths.list;
  const returnTo = safeRedirectPath(form.get("returnTo"), fallback);
  const error = !parsed.success
    ? PROPOSAL_ERRORS.invalid
    : !isUuid(params.id)
      ? PROPOSAL_ERRORS.notFound
      : await runProposalAction(getAuth(context).supabase, params.id, parsed.data.intent);
  const flash = error
    ? { kind: "error" as const, message: error }
    : { kind: "success" as const, message: parsed.success ? SUCCESS[parsed.data.intent] : "" };
  // A failed delete leaves the proposal where it was: back to it rather than to the list.
  const destination = error && deleting && isUuid(params.id) ? proposalPaths.view(params.id) : returnTo;
  throw redirect(destination, { headers: { "Set-Cookie": flashCookie(flash) } });
}

export const meta: Route.MetaFunction = pageMeta;

export default function ProposalViewRoute({ loaderData }: Route.ComponentProps) {
  return <ProposalView proposal={loaderData.detail} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
