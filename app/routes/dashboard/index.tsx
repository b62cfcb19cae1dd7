import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { OverviewPage } from "~/features/dashboard/components/overview-page";
import { loadOverview } from "~/features/dashboard/overview.server";
import { dashboardShellOf } from "~/features/dashboard/shell.server";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/index";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const overview = await loadOverview(
    dashboardShellOf(context, getAuth(context).supabase),
    user,
    getLocale(context),
  );
  return data({ title: getInstance(context).getFixedT(null, "dashboard")("meta.title"), user, ...overview });
}

export const meta: Route.MetaFunction = pageMeta;

export default function DashboardIndexRoute({ loaderData }: Route.ComponentProps) {
  const { user, notifications, quickLinks, newAccount } = loaderData;
  return (
    <OverviewPage user={user} notifications={notifications} quickLinks={quickLinks} newAccount={newAccount} />
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
