import { data, redirect } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { caseStatusActionSchema } from "~/features/cases/case-actions";
import { loadCaseDetail } from "~/features/cases/case-detail.server";
import { changeCaseStatus } from "~/features/cases/case-status.server";
import { casePaths, isUuid } from "~/features/cases/cases";
import { CasePage } from "~/features/cases/components/case-page";
import { caseFormatter } from "~/features/cases/format";
import { flashCookie } from "~/lib/flash.server";
import { parseForm } from "~/lib/form.server";
import { getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/view";

// "proposals": the accept and decline forms come back here with that page's toast.
export const handle = { i18n: ["cases", "case-detail", "proposals"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  // A hand-typed id never reaches the database as a bad cast; hidden and missing cases look alike.
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const format = await caseFormatter(getLocale(context));
  const detail = await loadCaseDetail(getAuth(context).supabase, user, params.id, format);
  if (!detail) throw data(null, { status: 404 });
  return data({ title: `${detail.reference} · ${detail.title}`, detail });
}

/** The status form (`intent=status`): the database decides; its answer comes back as a toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireUser(context);
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const submission = await parseForm(request, caseStatusActionSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const flash = await changeCaseStatus(getAuth(context).supabase, params.id, submission.value.status);
  throw redirect(casePaths.view(params.id), { headers: { "Set-Cookie": flashCookie(flash) } });
}

export const meta: Route.MetaFunction = pageMeta;

export default function CaseViewRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <CasePage detail={loaderData.detail} statusResult={actionData} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
