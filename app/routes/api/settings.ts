import { data, redirect } from "react-router";
import { preferenceCookie } from "~/lib/cookies";
import { readForm } from "~/lib/form.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import {
  applySettingsForm,
  DEFAULT_SETTINGS,
  SETTINGS_COOKIE,
  serializeSettings,
} from "~/lib/settings/settings";
import { getSettings } from "~/lib/settings/settings.server";
import type { Route } from "./+types/settings";

/**
 * Saves the settings drawer. Unknown fields and invalid values change nothing. A plain form post
 * (no JavaScript) carries `returnTo` and is sent back there; the drawer's fetcher gets JSON.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const next =
    form.get("intent") === "reset" ? { ...DEFAULT_SETTINGS } : applySettingsForm(getSettings(request), form);
  const headers = { "Set-Cookie": preferenceCookie(SETTINGS_COOKIE, serializeSettings(next)) };
  const returnTo = form.get("returnTo");
  if (typeof returnTo === "string") throw redirect(safeRedirectPath(returnTo), { headers });
  return data({ settings: next }, { headers });
}

export function loader() {
  throw redirect("/");
}
