import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { readCookie } from "../cookies";
import { detectLanguage } from "./detect";
import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, LANGUAGE_COOKIE, SUPPORTED_LANGUAGES } from "./languages";
import { resources } from "./resources";

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: SUPPORTED_LANGUAGES,
    fallbackLanguage: FALLBACK_LANGUAGE,
    order: ["custom"],
    async findLocale({ request }) {
      const url = new URL(request.url);
      return detectLanguage({
        query: url.searchParams.get("lng"),
        cookie: readCookie(request.headers.get("Cookie"), LANGUAGE_COOKIE),
        browser: request.headers.get("Accept-Language"),
      });
    },
  },
  i18next: {
    resources,
    fallbackLng: FALLBACK_LANGUAGE,
    defaultNS: DEFAULT_NAMESPACE,
    supportedLngs: SUPPORTED_LANGUAGES,
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});
