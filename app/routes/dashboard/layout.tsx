import { data, Outlet } from "react-router";
import { DashboardLayout } from "~/components/layout/dashboard/dashboard-layout";
import { dashboardNavFor } from "~/components/layout/dashboard/nav-config";
import { DashboardLayoutError } from "~/components/layout/dashboard/shell-states";
import { getAuth, requireUser, requireUserMiddleware } from "~/features/auth/auth.server";
import { listContacts } from "~/features/contacts/contacts.server";
import { withTimes } from "~/features/notifications/notification-time";
import { recentNotifications } from "~/features/notifications/queries.server";
import { getWorkspaceId } from "~/features/workspaces/workspace.server";
import { getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/layout";

export const handle = { i18n: ["auth", "dashboard", "header", "notifications"] };

/** Every /dashboard/** route needs a session; without one the person goes to sign-in with returnTo. */
export const middleware = [requireUserMiddleware];

/** The shell's data: who is signed in, their menu, the bell's notifications, contacts, workspace. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { supabase } = getAuth(context);
  const [notifications, contacts] = await Promise.all([
    recentNotifications(supabase, user.id).then((summary) => withTimes(summary, getLocale(context))),
    listContacts(supabase),
  ]);
  return data({
    user,
    // Without a profile there is no access level, and so no menu (spec §4 shell states).
    nav: user.profileLoaded ? dashboardNavFor(user.accessLevel) : [],
    notifications,
    contacts,
    workspaceId: getWorkspaceId(request),
  });
}

export default function DashboardLayoutRoute({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardLayout {...loaderData}>
      <Outlet />
    </DashboardLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DashboardLayoutError error={error} />;
}
