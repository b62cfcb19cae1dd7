import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { ProposalListPage } from "~/features/proposals/components/proposal-list-page";
import { FIND_CASES_HREF } from "~/features/proposals/components/proposals-overview";
import { parseProposalListParams } from "~/features/proposals/list-params";
import { listProposals } from "~/features/proposals/queries.server";
import { can } from "~/lib/access";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/list";

export const handle = { i18n: ["cases", "table", "proposals"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const params = parseProposalListParams(new URL(request.url).searchParams);
  const format = await getFormatter(getLocale(context));
  const page = await listProposals(getAuth(context).supabase, user, params, format);
  return data({
    title: getInstance(context).getFixedT(null, "proposals")("list.meta"),
    params,
    ...page,
    findCasesHref: can(user.accessLevel, "proposes") ? FIND_CASES_HREF : null,
  });
}

export const meta: Route.MetaFunction = pageMeta;

export default function ProposalListRoute({ loaderData }: Route.ComponentProps) {
  const { params, items, total, pageCount, findCasesHref } = loaderData;
  return (
    <ProposalListPage
      params={params}
      items={items}
      total={total}
      pageCount={pageCount}
      findCasesHref={findCasesHref}
    />
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
