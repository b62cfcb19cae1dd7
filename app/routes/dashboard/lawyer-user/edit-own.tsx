import { redirect } from "react-router";
import { requireUser } from "~/features/auth/auth.server";
import { peoplePaths } from "~/features/people/people";
import type { Route } from "./+types/edit-own";

/** `/dashboard/lawyer_user/edit` (the menu's "Edit Profile"): the signed-in person's own form. */
export async function loader({ context }: Route.LoaderArgs) {
  throw redirect(peoplePaths.edit(requireUser(context).id));
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
