import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { pageMeta } from "~/components/page-meta";
import { getInstance } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/not-found";

export function loader({ context }: Route.LoaderArgs) {
  return data({ title: getInstance(context).t("errors.404.title") }, { status: 404 });
}

/** Static: HTML and CSS only, no JavaScript (ADR 0015). */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = pageMeta;

export default function NotFoundRoute() {
  return <ErrorPage status={404} />;
}
