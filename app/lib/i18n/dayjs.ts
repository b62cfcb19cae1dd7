import type { Language } from "./languages";
import { getLanguageOption } from "./languages";

const loaders: Record<string, () => Promise<unknown>> = {
  fr: () => import("dayjs/locale/fr"),
  vi: () => import("dayjs/locale/vi"),
  "zh-cn": () => import("dayjs/locale/zh-cn"),
  "ar-sa": () => import("dayjs/locale/ar-sa"),
};

/** Loads the dayjs locale of a language (spec §3 date locales) and returns its name. */
export async function loadDayjsLocale(lng: Language | string): Promise<string> {
  const name = getLanguageOption(lng).dateLocale;
  await loaders[name]?.();
  return name;
}
