import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { ComingSoonPage } from "~/features/marketing/components/coming-soon-page";
import { getInstance } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/coming-soon";

/** Static (ADR 0015): the countdown ticks with an inline script of its own, not the app's. */
export const handle = { i18n: "coming-soon", hydrate: false };

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(null, "coming-soon");
  // The countdown is rendered from the server's clock; its inline script (or React, after a
  // client-side navigation) takes over in the browser.
  return data({ title: t("meta.title"), description: t("meta.description"), serverNow: Date.now() });
}

export const meta: Route.MetaFunction = pageMeta;

export default function ComingSoonRoute({ loaderData }: Route.ComponentProps) {
  return <ComingSoonPage serverNow={loaderData.serverNow} />;
}
