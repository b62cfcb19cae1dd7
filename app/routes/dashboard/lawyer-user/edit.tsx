import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { ProfileFormPage } from "~/features/people/components/profile-form";
import { updateProfile } from "~/features/people/mutations.server";
import { isLawyerLevel, mayEditProfile, peoplePaths, personName } from "~/features/people/people";
import { profileFormDefaults } from "~/features/people/profile-defaults";
import { loadProfile } from "~/features/people/queries.server";
import { profileFormSchema } from "~/features/people/schemas";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { formRefusal, invariantResponse, redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/edit";

export const handle = { i18n: ["people", "cases"] };

/**
 * The profile the editor may edit: 404 when they may not see it (RLS), 403 when they see it but
 * may not edit it (the update policies would refuse; the database still judges the write).
 */
async function editableProfile(context: Route.LoaderArgs["context"], id: string) {
  const user = requireUser(context);
  const profile = await loadProfile(getAuth(context).supabase, id);
  invariantResponse(profile, null, { status: 404 });
  invariantResponse(profile.visibility === "full" && mayEditProfile(user, profile), null, { status: 403 });
  return profile;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const profile = await editableProfile(context, params.userId);
  return data({
    title: getInstance(context).getFixedT(getLocale(context), "people")("edit.meta", {
      name: personName(profile),
    }),
    person: {
      uuid: profile.uuid,
      first_name: profile.first_name,
      last_name: profile.last_name,
      avatar_url: profile.avatar_url,
      access_level: profile.access_level,
    },
    lawyer: isLawyerLevel(profile.access_level),
    defaultValue: profileFormDefaults(profile),
    constraint: formConstraint(profileFormSchema),
  });
}

/**
 * Saves the form. A post for a profile the editor may not edit (a forged form) is refused with a
 * message on the profile and writes nothing; a refusal of the database comes back on the form.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const supabase = getAuth(context).supabase;
  const profile = await loadProfile(supabase, params.userId);
  invariantResponse(profile, null, { status: 404 });
  if (profile.visibility !== "full" || !mayEditProfile(user, profile)) {
    // Read the body so the connection stays usable, then refuse without touching anything.
    await request.arrayBuffer().catch(() => undefined);
    throw redirectWithToast(peoplePaths.view(profile.uuid), "people:not_allowed");
  }
  const submission = await parseForm(request, profileFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await updateProfile(supabase, profile, submission.value);
  if (!saved.ok) return formRefusal(submission, saved.code);
  throw redirectWithToast(peoplePaths.view(profile.uuid), { kind: "success", message: "people:edit.saved" });
}

export const meta: Route.MetaFunction = pageMeta;

export default function EditProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileFormPage {...loaderData} lastResult={actionData} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
