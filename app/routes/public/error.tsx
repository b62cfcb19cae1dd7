import { data, redirect } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { getInstance } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/error";

const STATUSES = new Set(["403", "404", "500"]);

export function loader({ params, context }: Route.LoaderArgs) {
  if (!STATUSES.has(params.status)) throw redirect("/404");
  const t = getInstance(context).t;
  return data({ status: Number(params.status), title: t(`errors.${params.status}.title`) });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export default function ErrorRoute({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={loaderData.status} />;
}
