import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { DirectoryPage } from "~/features/people/components/directory-page";
import { peoplePaths } from "~/features/people/people";
import { loadDirectoryPage } from "~/features/people/queries.server";
import { can, requireAbility } from "~/lib/access";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/list";

export const handle = { i18n: ["people", "cases", "table"] };

/** The directory as a table (spec §2 `lawyer_user/list`); RLS decides who is in it, the query only narrows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  requireAbility(user, "seesLawyerProfiles");
  const page = await loadDirectoryPage(
    getAuth(context).supabase,
    user,
    new URL(request.url),
    peoplePaths.list,
  );
  return data({
    title: getInstance(context).getFixedT(getLocale(context), "people")("directory.meta"),
    ...page,
    showCards: can(user.accessLevel, "managesProfiles"),
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function DirectoryListRoute({ loaderData }: Route.ComponentProps) {
  return <DirectoryPage view="list" {...loaderData} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
