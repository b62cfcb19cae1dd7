import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { accessMatrix } from "~/features/permissions/access-matrix";
import { PermissionPage } from "~/features/permissions/components/permission-page";
import { changeAccess } from "~/features/permissions/mutations.server";
import { parsePermissionQuery, permissionSearch } from "~/features/permissions/permission-query";
import {
  lawFirms,
  permissionHistory,
  permissionPeople,
  personOf,
} from "~/features/permissions/queries.server";
import { accessChangeSchema } from "~/features/permissions/schemas";
import { levelsManagedBy, requireAbility } from "~/lib/access";
import { parseForm } from "~/lib/form.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { pageUrl } from "~/lib/page-url";
import { redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/permission";

export const handle = { i18n: ["permissions", "table"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  requireAbility(user, "seesPermissionPage");
  const { supabase } = getAuth(context);
  const query = parsePermissionQuery(new URL(request.url).searchParams);
  const language = getLocale(context);
  const [people, history, firms, changing, formatter] = await Promise.all([
    permissionPeople(supabase, query),
    permissionHistory(supabase, query.history),
    lawFirms(supabase),
    query.change ? personOf(supabase, query.change.userId) : null,
    getFormatter(language),
  ]);
  return data({
    title: getInstance(context).getFixedT(language, "permissions")("meta"),
    me: { id: user.id, accessLevel: user.accessLevel },
    query,
    people,
    history: {
      total: history.total,
      rows: history.rows.map((row) => ({ ...row, when: formatter.dateTime(row.changedAt) })),
    },
    firms,
    changing,
    managedLevels: levelsManagedBy(user.accessLevel),
    matrix: accessMatrix(),
  });
}

/** The confirmed change: the database judges it; the page shows the outcome as a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  requireAbility(user, "seesPermissionPage");
  const url = pageUrl(request);
  const back = `${url.pathname}${permissionSearch(parsePermissionQuery(url.searchParams))}`;
  const submission = await parseForm(request, accessChangeSchema);
  if (submission.status !== "success") return redirectWithToast(back, "common:invalid_request");
  const outcome = await changeAccess(getAuth(context).supabase, submission.value);
  return redirectWithToast(
    back,
    outcome.ok ? { kind: "success", message: "permissions:changed" } : outcome.code,
  );
}

export const meta: Route.MetaFunction = pageMeta;

export default function PermissionRoute({ loaderData }: Route.ComponentProps) {
  return <PermissionPage {...loaderData} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
