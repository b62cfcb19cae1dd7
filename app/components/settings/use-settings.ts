import { useFetchers, useRouteLoaderData } from "react-router";
import { applySettingsForm, DEFAULT_SETTINGS, type Settings } from "~/lib/settings/settings";
import type { loader as rootLoader } from "~/root";

/** Fetcher key of every settings change made from the drawer. */
export const SETTINGS_FETCHER_KEY = "settings";
export const SETTINGS_ACTION = "/api/settings";

/**
 * The settings in force: the cookie's (from the root loader), with any change still on its way
 * to the server already applied, so the page reacts at once.
 */
export function useSettings(): Settings {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const fetchers = useFetchers();
  let settings: Settings = rootData?.settings ?? { ...DEFAULT_SETTINGS };
  for (const fetcher of fetchers) {
    if (fetcher.key !== SETTINGS_FETCHER_KEY || !fetcher.formData) continue;
    settings =
      fetcher.formData.get("intent") === "reset"
        ? { ...DEFAULT_SETTINGS }
        : applySettingsForm(settings, fetcher.formData);
  }
  return settings;
}
