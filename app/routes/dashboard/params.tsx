import { data, redirect } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { requireUser } from "~/features/auth/auth.server";
import { ParamsPage } from "~/features/dashboard/components/params-page";
import { listQueryParameters, withNewParameter } from "~/features/dashboard/query-parameters";
import { requireAbility } from "~/lib/access";
import { getInstance } from "~/lib/i18n/i18n.server";
import { pageUrl } from "~/lib/page-url";
import type { Route } from "./+types/params";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAbility(requireUser(context), "seesTemplatePages");
  // The page's own URL, also when React Router fetches the data (`params.data?_routes=…`).
  const url = pageUrl(request);
  // The "add a parameter" form (GET) lands here; show the result at its own URL.
  const next = withNewParameter(url.searchParams);
  if (next) throw redirect(next.size > 0 ? `${url.pathname}?${next}` : url.pathname);
  return data({
    title: getInstance(context).getFixedT(null, "dashboard")("meta.params"),
    path: url.pathname,
    parameters: listQueryParameters(url.searchParams),
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function DashboardParamsRoute({ loaderData }: Route.ComponentProps) {
  return <ParamsPage path={loaderData.path} parameters={loaderData.parameters} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
