import { data, redirect } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { IN_PLACE_FIELD, NOTIFICATIONS_PAGE } from "~/features/notifications/components/notification-actions";
import { NotificationsPage } from "~/features/notifications/components/notifications-page";
import { notificationFailure, runNotificationAction } from "~/features/notifications/mutations.server";
import { withTimes } from "~/features/notifications/notification-time";
import { parseListParams } from "~/features/notifications/notifications";
import { listNotifications } from "~/features/notifications/queries.server";
import { notificationActionSchema } from "~/features/notifications/schemas";
import { messageOf, refused } from "~/lib/errors";
import { parseForm } from "~/lib/form.server";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { redirectWithToast } from "~/lib/responses.server";
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
 * Mark read, mark all read and delete (one `intent` each). The person goes on to `returnTo` (the
 * page the form was on, or what the notification is about); a failure changes nothing and comes
 * with the error catalogue's message (spec §8): in place for a script, as a flash message on the
 * page the form was on for a plain form post.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const submission = await parseForm(request, notificationActionSchema);
  const posted = submission.payload;
  const returnTo = safeRedirectPath(posted.returnTo, NOTIFICATIONS_PAGE);
  const parsed = submission.status === "success";
  const outcome = parsed
    ? await runNotificationAction(getAuth(context).supabase, user.id, submission.value)
    : refused(notificationFailure(posted.intent));
  if (outcome.ok) throw redirect(returnTo);
  if (posted[IN_PLACE_FIELD] === "1") {
    return data({ error: messageOf(outcome.code) }, { status: parsed ? 500 : 400 });
  }
  // The flash goes to the page the form was on, not to the notification's link.
  throw redirectWithToast(safeRedirectPath(posted.from, returnTo), outcome.code);
}

/**
 * With JavaScript, a failure the server could not answer (a 500, a lost connection) is the
 * same message in place, not the error page: the page stays as it was.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction();
  } catch (error) {
    // A redirect (the success's way on) is not a failure.
    if (error instanceof Response) throw error;
    console.error("Notification action failed", error);
    return {
      error: messageOf(intent === "delete" ? "notification:delete_failed" : "notification:mark_read_failed"),
    };
  }
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
