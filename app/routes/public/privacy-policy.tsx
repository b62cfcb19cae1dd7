import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { PrivacyPage } from "~/features/marketing/components/privacy-page";
import { getInstance } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/privacy-policy";

/** Static: HTML and CSS only, no JavaScript (ADR 0015), the same for every visitor without a session (ADR 0022). */
export const handle = { i18n: "privacy", hydrate: false, sameForEveryone: true };

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(null, "privacy");
  return data({ title: t("meta.title"), description: t("meta.description") });
}

export const meta: Route.MetaFunction = pageMeta;

export default function PrivacyPolicyRoute() {
  return <PrivacyPage />;
}
