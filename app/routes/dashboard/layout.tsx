import { data, Outlet } from "react-router";
import { DashboardLayoutError } from "~/components/layout/dashboard/shell-states";
import { getAuth, requireUser, requireUserMiddleware } from "~/features/auth/auth.server";
import { withLastSeen } from "~/features/contacts/last-seen";
import { DashboardLayout } from "~/features/dashboard/components/shell/dashboard-layout";
import { dashboardNavFor } from "~/features/dashboard/nav-config";
import { dashboardShellOf } from "~/features/dashboard/shell.server";
import { withTimes } from "~/features/notifications/notification-time";
import { workspaceOf } from "~/features/workspaces/workspaces";
import { cloudflareContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/layout";

export const handle = { i18n: ["auth", "dashboard", "errors", "header", "notifications"] };

/** Every /dashboard/** route needs a session; without one the person goes to sign-in with returnTo. */
export const middleware = [requireUserMiddleware];

/** The shell's data: who is signed in, their menu, the bell's notifications, contacts, workspace. */
export async function loader({ context }: Route.LoaderArgs) {
  const env = getEnv(context.get(cloudflareContext).env as unknown as Record<string, unknown>);
  const user = requireUser(context);
  const { supabase } = getAuth(context);
  const fetchedAt = new Date().toISOString();
  const language = getLocale(context);
  const shell = await dashboardShellOf(context, supabase);
  const [notifications, contacts] = await Promise.all([
    withTimes(shell.notifications, language),
    withLastSeen(shell.contacts, language),
  ]);
  return data({
    user,
    // Without a profile there is no access level, and so no menu (spec §4 shell states).
    nav: user.profileLoaded ? dashboardNavFor(user.accessLevel) : [],
    notifications: { ...notifications, fetchedAt },
    contacts,
    realtime: { url: env.SUPABASE_URL, apiKey: env.SUPABASE_ANON_KEY },
    workspace: workspaceOf(user, user.lawFirmName),
  });
}

export default function DashboardLayoutRoute({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardLayout {...loaderData}>
      <Outlet />
    </DashboardLayout>
  );
}

/** The shell itself could not load (its loader failed): the dashboard's error page under the slim header. */
export function ErrorBoundary() {
  return <DashboardLayoutError />;
}
