import type { i18n } from "i18next";

/**
 * The locale whose plural rules a language follows. The app calls Chinese `cn` (spec §9), which is
 * no locale `Intl.PluralRules` knows: left as it is, the rules fall back to the runtime's default
 * locale — English in the Worker, whatever the browser's is — so i18next asked Chinese for
 * `_one` forms it does not have (Chinese has only `_other`) and showed English on the server and
 * the raw key in the browser for a count of 1.
 */
export function pluralLocaleOf(language: string): string {
  return language === "cn" ? "zh" : language;
}

/** Makes an i18next instance choose plural forms by `pluralLocaleOf` (call after `init`). */
export function withAppPluralRules(instance: i18n): i18n {
  const resolver = instance.services.pluralResolver as {
    getRule(code: string, options?: object): Intl.PluralRules | undefined;
  };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(pluralLocaleOf(code), options);
  return instance;
}
