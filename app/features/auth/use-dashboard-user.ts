import { useRouteLoaderData } from "react-router";
import type { SignedInUser } from "~/features/auth/user";
import { can } from "~/lib/access";

/** The id of the dashboard layout route (its file, as `routes.ts` registers it). */
const DASHBOARD_LAYOUT_ID = "routes/dashboard/layout";

/** The signed-in person of the dashboard shell, for pages that tailor their actions to them. */
function useDashboardUser(): SignedInUser | null {
  const data = useRouteLoaderData(DASHBOARD_LAYOUT_ID) as { user?: SignedInUser } | undefined;
  return data?.user ?? null;
}

/** Whether the signed-in person gets "New case" (clients only: the `opensCases` ability). */
export function useOpensCases(): boolean {
  const user = useDashboardUser();
  return user?.profileLoaded === true && can(user.accessLevel, "opensCases");
}
