import { data, redirect } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { NOTIFICATIONS_PAGE } from "~/features/notifications/components/notification-actions";
import { NotificationsPage } from "~/features/notifications/components/notifications-page";
import { NOTIFICATION_ERRORS, runNotificationAction } from "~/features/notifications/mutations.server";
import { withTimes } from "~/features/notifications/notification-time";
import { parseListParams } from "~/features/notifications/notifications";
import { listNotifications } from "~/features/notifications/queries.server";
import { notificationActionSchema } from "~/features/notifications/schemas";
import { flashCookie } from "~/lib/flash.server";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/notifications";

export const handle = { i18n: ["table"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const params = parseListParams(new URL(request.url).searchParams);
  const fetchedAt = new Date().toISOString();
  const list = await listNotifications(getAuth(context).supabase, user.id, params);
  return data({
    title: getInstance(context).getFixedT(null, "notifications")("page.meta"),
    params,
    fetchedAt,
    ...(await withTimes(list, getLocale(context))),
  });
}

/**
 * Mark read, mark all read and delete (one `intent` each). The person goes back to the page the
 * form was on; a failure comes with the error catalogue's message (spec §8) and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await request.formData();
  const returnTo = safeRedirectPath(form.get("returnTo"), NOTIFICATIONS_PAGE);
  const parsed = notificationActionSchema.safeParse(Object.fromEntries(form));
  const error = parsed.success
    ? await runNotificationAction(getAuth(context).supabase, user.id, parsed.data)
    : form.get("intent") === "delete"
      ? NOTIFICATION_ERRORS.delete
      : NOTIFICATION_ERRORS.markRead;
  throw redirect(
    returnTo,
    error ? { headers: { "Set-Cookie": flashCookie({ kind: "error", message: error }) } } : undefined,
  );
}

export const meta: Route.MetaFunction = pageMeta;

export default function NotificationsRoute({ loaderData }: Route.ComponentProps) {
  const { params, items, counts, pageCount, fetchedAt } = loaderData;
  return (
    <NotificationsPage
      params={params}
      items={items}
      counts={counts}
      pageCount={pageCount}
      fetchedAt={fetchedAt}
    />
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
