import type { Resource, ResourceLanguage } from "i18next";
import { SUPPORTED_LANGUAGES } from "./languages";

const files = import.meta.glob<ResourceLanguage[string]>("../../../locales/*/*.json", {
  eager: true,
  import: "default",
});

/** All translations, bundled for server rendering (the browser fetches them from /locales). */
export const resources: Resource = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((lng) => [lng, {} as ResourceLanguage]),
);
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lng = "", ns = ""] = match;
  const language = resources[lng];
  if (language) language[ns] = content;
}
