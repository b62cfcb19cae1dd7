import { redirect } from "react-router";
import { requireUser } from "~/features/auth/auth.server";
import { peoplePaths } from "~/features/people/people";
import { can } from "~/lib/access";
import type { Route } from "./+types/index";

/**
 * `/dashboard/lawyer_user`: the section's entry for the person's level (ADR 0026) — the directory
 * for those whose menu has the list, their own profile for everyone else (a client).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  throw redirect(can(user.accessLevel, "seesLawyerProfiles") ? peoplePaths.list : peoplePaths.view(user.id));
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
