import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { requireUser } from "~/features/auth/auth.server";
import { BlankPage } from "~/features/dashboard/components/blank-page";
import { requireAbility } from "~/lib/access";
import { getInstance } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/blank";

export function loader({ context }: Route.LoaderArgs) {
  requireAbility(requireUser(context), "seesTemplatePages");
  return data({ title: getInstance(context).getFixedT(null, "dashboard")("meta.blank") });
}

export const meta: Route.MetaFunction = pageMeta;

export default function DashboardBlankRoute() {
  return <BlankPage />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
