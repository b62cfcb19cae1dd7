import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { SearchPage } from "~/features/dashboard/components/search-page";
import { cleanSearchText, SEARCH_PARAM } from "~/features/dashboard/search";
import { searchDashboard } from "~/features/dashboard/search.server";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/search";

export const handle = { i18n: ["cases"] };

/** The search's results: a GET, so the page works without JavaScript and Cmd+K fetches the same. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const i18n = getInstance(context);
  const q = cleanSearchText(new URL(request.url).searchParams.get(SEARCH_PARAM));
  const search = await searchDashboard(getAuth(context).supabase, user, q, [
    i18n.getFixedT(getLocale(context), "navbar"),
    i18n.getFixedT("en", "navbar"),
  ]);
  return data({ title: i18n.getFixedT(null, "navbar")("shell.search.meta"), ...search });
}

export const meta: Route.MetaFunction = pageMeta;

export default function DashboardSearchRoute({ loaderData }: Route.ComponentProps) {
  const { q, pages, cases } = loaderData;
  return <SearchPage q={q} pages={pages} cases={cases} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
