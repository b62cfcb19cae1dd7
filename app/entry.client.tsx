import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { loadOpenPanel } from "./lib/first-use";
import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, NAMESPACES, SUPPORTED_LANGUAGES } from "./lib/i18n/languages";
import { holdInputBeforeHydration } from "./lib/input-before-hydration";
import { sharedManifestFetch } from "./lib/navigation/manifest-fetch";

/** One for the page's life: React Router's route discovery re-runs when its fetch changes. */
const routerFetch = sharedManifestFetch();

async function hydrate() {
  // The server already chose the language; <html lang> carries it so hydration matches.
  const lng = document.documentElement.lang || FALLBACK_LANGUAGE;
  await Promise.all([
    i18next
      .use(initReactI18next)
      .use(HttpBackend)
      .init({
        lng,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: SUPPORTED_LANGUAGES,
        defaultNS: DEFAULT_NAMESPACE,
        ns: [...NAMESPACES, ...pageNamespaces()],
        interpolation: { escapeValue: false },
        backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
      }),
    // A panel the server rendered open hydrates only once its code is here (lib/first-use.ts).
    loadOpenPanel(window.location.search),
  ]);

  // What the person changed while the scripts loaded is given again once hydrated (the root's
  // effect): React then hydrates the page exactly as the server rendered it.
  holdInputBeforeHydration(document);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter unstable_fetch={routerFetch} />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

/** Namespaces the server used for this page, announced in a meta tag by the root. */
function pageNamespaces(): string[] {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="i18n-namespaces"]');
  return meta?.content.split(",").filter(Boolean) ?? [];
}

hydrate().catch((error: unknown) => console.error(error));
