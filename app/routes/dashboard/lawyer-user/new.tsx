import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { InviteFormPage } from "~/features/people/components/invite-form";
import { inviteLawyer } from "~/features/people/invitations.server";
import { peoplePaths } from "~/features/people/people";
import { inviteFormSchema } from "~/features/people/schemas";
import { can, requireAbility } from "~/lib/access";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { pageUrl } from "~/lib/page-url";
import { formRefusal, redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/new";

export const handle = { i18n: ["people"] };

/** `/dashboard/lawyer_user/new` (the menu's "Create Profile"): firm admins and admins invite a lawyer. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  requireAbility(user, "managesProfiles");
  const admin = can(user.accessLevel, "isAdmin");
  let firms: { id: string; name: string }[] | null = null;
  if (admin) {
    const { data: rows } = await getAuth(context).supabase.from("law_firms").select("id, name").order("name");
    firms = rows ?? [];
  }
  return data({
    title: getInstance(context).getFixedT(getLocale(context), "people")("new.meta"),
    firms,
    firmName: admin ? null : user.lawFirmName,
    constraint: formConstraint(inviteFormSchema),
  });
}

/**
 * Sends the invitation through the `invite-lawyer` Edge Function, which decides with the caller's
 * own JWT (a firm admin invites into their firm only); its refusals come back on the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  requireAbility(user, "managesProfiles");
  const submission = await parseForm(request, inviteFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const admin = can(user.accessLevel, "isAdmin");
  if (admin && !submission.value.firm_id) {
    return data(submission.reply({ fieldErrors: { firm_id: ["errors.firmRequired"] } }), { status: 400 });
  }
  const value = admin ? submission.value : { ...submission.value, firm_id: undefined };
  const outcome = await inviteLawyer(
    getAuth(context).supabase,
    value,
    `${pageUrl(request).origin}/auth/confirm`,
  );
  if (!outcome.ok) return formRefusal(submission, outcome.code);
  throw redirectWithToast(peoplePaths.view(outcome.value.userId), {
    kind: "success",
    message: `people:new.done.${outcome.value.status}`,
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function NewLawyerRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <InviteFormPage {...loaderData} lastResult={actionData} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
