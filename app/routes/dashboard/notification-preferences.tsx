import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { PreferencesPage } from "~/features/notifications/components/preferences-page";
import { savePreferences } from "~/features/notifications/mutations.server";
import { preferencesFromForm } from "~/features/notifications/preferences";
import { readPreferences } from "~/features/notifications/queries.server";
import { readForm } from "~/lib/form.server";
import { getInstance } from "~/lib/i18n/i18n.server";
import { pageUrl } from "~/lib/page-url";
import { redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/notification-preferences";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const grid = await readPreferences(getAuth(context).supabase, user.id);
  return data({
    title: getInstance(context).getFixedT(null, "notifications")("preferences.meta"),
    grid,
  });
}

/** Saves every toggle at once (spec §7), then shows the page again with the outcome. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const grid = preferencesFromForm(await readForm(request));
  const outcome = await savePreferences(getAuth(context).supabase, user.id, grid);
  throw redirectWithToast(
    pageUrl(request).pathname,
    outcome.ok ? { kind: "success", message: "notifications:preferences.saved" } : outcome.code,
  );
}

export const meta: Route.MetaFunction = pageMeta;

export default function NotificationPreferencesRoute({ loaderData }: Route.ComponentProps) {
  return <PreferencesPage grid={loaderData.grid} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
