import { redirect } from "react-router";
import { requireUser } from "~/features/auth/auth.server";
import { peoplePaths } from "~/features/people/people";
import type { Route } from "./+types/index";

/**
 * `/dashboard/lawyer_user`, the menu's "Profile" (spec §6, every level): the person's own profile
 * (ADR 0026). The directory is the menu's "List" for the levels that have it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  throw redirect(peoplePaths.view(requireUser(context).id));
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
