import { isolate } from "./bidi";

/** The five languages of the product (spec §3 Language option, §9). */
export const LANGUAGES = [
  {
    value: "en",
    label: "English",
    countryCode: "GB",
    dateLocale: "en",
    numberFormat: { code: "en-US", currency: "USD" },
    dir: "ltr",
  },
  {
    value: "fr",
    label: "Français",
    countryCode: "FR",
    dateLocale: "fr",
    numberFormat: { code: "fr-FR", currency: "EUR" },
    dir: "ltr",
  },
  {
    value: "vi",
    label: "Tiếng Việt",
    countryCode: "VN",
    dateLocale: "vi",
    numberFormat: { code: "vi-VN", currency: "VND" },
    dir: "ltr",
  },
  {
    value: "cn",
    label: "中文",
    countryCode: "CN",
    dateLocale: "zh-cn",
    numberFormat: { code: "zh-CN", currency: "CNY" },
    dir: "ltr",
  },
  {
    value: "ar",
    label: "العربية",
    countryCode: "SA",
    dateLocale: "ar-sa",
    numberFormat: { code: "ar", currency: "AED" },
    dir: "rtl",
  },
] as const;

export type Language = (typeof LANGUAGES)[number]["value"];
type LanguageOption = (typeof LANGUAGES)[number];

export const SUPPORTED_LANGUAGES: Language[] = LANGUAGES.map((l) => l.value);
export const FALLBACK_LANGUAGE: Language = "en";
export const DEFAULT_NAMESPACE = "common";
/** Namespaces every page needs; a route adds its own through `handle.i18n`. */
export const NAMESPACES = ["common", "navbar"] as const;
/** Cookie (and local-storage key) that keeps the chosen language. */
export const LANGUAGE_COOKIE = "i18next";
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

/** Languages whose week starts on Monday (spec §9). */
const MONDAY_FIRST: ReadonlySet<Language> = new Set(["fr", "cn"]);

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as string[]).includes(value);
}

export function getLanguageOption(lng: string): LanguageOption {
  return LANGUAGES.find((l) => l.value === lng) ?? LANGUAGES[0];
}

/** 0 = Sunday, 1 = Monday, as Mantine Dates and dayjs expect. */
export function firstDayOfWeek(lng: Language): 0 | 1 {
  return MONDAY_FIRST.has(lng) ? 1 : 0;
}

/** A number in the language's format, isolated in its direction (see `./bidi`). */
export function formatNumber(lng: Language, value: number): string {
  const { numberFormat, dir } = getLanguageOption(lng);
  return isolate(new Intl.NumberFormat(numberFormat.code).format(value), dir);
}

/** An amount in the language's format, isolated in its direction (see `./bidi`). */
export function formatCurrency(lng: Language, value: number, currency?: string): string {
  const { numberFormat, dir } = getLanguageOption(lng);
  const format = new Intl.NumberFormat(numberFormat.code, {
    style: "currency",
    currency: currency ?? numberFormat.currency,
  });
  return isolate(format.format(value), dir);
}
