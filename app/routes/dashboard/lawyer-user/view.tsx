import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { ProfilePage } from "~/features/people/components/profile-page";
import { mayEditProfile, personName } from "~/features/people/people";
import { loadProfile } from "~/features/people/queries.server";
import { invariantResponse } from "~/lib/responses.server";
import type { Route } from "./+types/view";

export const handle = { i18n: ["people", "cases"] };

/** A person's profile as the reader may see it; hidden and unknown people are both 404 (RLS decides). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const profile = await loadProfile(getAuth(context).supabase, params.userId);
  invariantResponse(profile, null, { status: 404 });
  return data({
    title: personName(profile) || profile.uuid,
    profile,
    canEdit: profile.visibility === "full" && mayEditProfile(user, profile),
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  return <ProfilePage {...loaderData} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
