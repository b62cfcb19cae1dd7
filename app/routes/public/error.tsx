import { data, redirect } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { pageMeta } from "~/components/page-meta";
import { getInstance } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/error";

const STATUSES = new Set(["403", "404", "500"]);

export function loader({ params, context }: Route.LoaderArgs) {
  if (!STATUSES.has(params.status)) throw redirect("/404");
  const t = getInstance(context).t;
  const status = Number(params.status);
  // The page answers with the status it shows: a crawler or a monitor sees the error too.
  return data({ status, title: t(`errors.${params.status}.title`) }, { status });
}

/** Static: HTML and CSS only, no JavaScript (ADR 0015). */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = pageMeta;

export default function ErrorRoute({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={loaderData.status} />;
}
