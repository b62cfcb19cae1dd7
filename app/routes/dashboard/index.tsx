import { data } from "react-router";
import { requireUser } from "~/features/auth/auth.server";
import { DashboardHome } from "~/features/dashboard/components/dashboard-home";
import { getInstance } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  return data({ title: getInstance(context).getFixedT(null, "dashboard")("meta.title"), user });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export default function DashboardIndexRoute({ loaderData }: Route.ComponentProps) {
  return <DashboardHome user={loaderData.user} />;
}
