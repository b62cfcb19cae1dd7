import { redirect } from "react-router";
import { isLanguage } from "~/lib/i18n/languages";
import type { Route } from "./+types/unknown";

/**
 * Any path the app doesn't know goes to /404 (spec §2), keeping a language chosen with `?lng=` so
 * the 404 page speaks it.
 */
function toNotFound(request: Request): never {
  const lng = new URL(request.url).searchParams.get("lng");
  throw redirect(isLanguage(lng) ? `/404?lng=${lng}` : "/404");
}

export function loader({ request }: Route.LoaderArgs) {
  return toNotFound(request);
}

export function action({ request }: Route.ActionArgs) {
  return toNotFound(request);
}
