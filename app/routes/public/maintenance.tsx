import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { MaintenancePage } from "~/features/marketing/components/maintenance-page";
import { getInstance } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/maintenance";

/** Static: HTML and CSS only, no JavaScript (ADR 0015), the same for every visitor without a session (ADR 0022). */
export const handle = { i18n: "maintenance", hydrate: false, sameForEveryone: true };

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(null, "maintenance");
  return data({ title: t("meta.title"), description: t("meta.description") });
}

export const meta: Route.MetaFunction = pageMeta;

export default function MaintenanceRoute() {
  return <MaintenancePage />;
}
