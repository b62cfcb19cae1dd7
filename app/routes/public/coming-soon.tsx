import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { ComingSoonPage } from "~/features/marketing/components/coming-soon-page";
import { getInstance } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/coming-soon";

export const handle = { i18n: "coming-soon" };

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(null, "coming-soon");
  // The countdown is rendered from the server's clock; the browser takes over after hydration.
  return data({ title: t("meta.title"), description: t("meta.description"), serverNow: Date.now() });
}

export const meta: Route.MetaFunction = pageMeta;

export default function ComingSoonRoute({ loaderData }: Route.ComponentProps) {
  return <ComingSoonPage serverNow={loaderData.serverNow} />;
}
