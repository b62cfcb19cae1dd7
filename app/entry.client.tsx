import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { loadOpenPanel } from "./lib/first-use";
import { takeDocumentBundles } from "./lib/i18n/inline";
import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from "./lib/i18n/languages";
import { holdInputBeforeHydration } from "./lib/input-before-hydration";
import { sharedManifestFetch } from "./lib/navigation/manifest-fetch";
import { loadOverlayStyles } from "./styles/overlay-styles";

/** One for the page's life: React Router's route discovery re-runs when its fetch changes. */
const routerFetch = sharedManifestFetch();

async function hydrate() {
  // The server already chose the language; <html lang> carries it so hydration matches. The
  // page's translations came in its HTML (lib/i18n/inline.ts): i18next starts from them at once,
  // and a later page loads what it lacks before it shows (lib/i18n/load.ts, the root's Layout).
  const lng = document.documentElement.lang || FALLBACK_LANGUAGE;
  const bundles = takeDocumentBundles(document);
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    defaultNS: DEFAULT_NAMESPACE,
    ns: Object.keys(bundles),
    resources: { [lng]: bundles },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  // A panel the server rendered open hydrates only once its code is here (lib/first-use.ts), and
  // nothing opens over the page before the styles of what does have loaded (ADR 0017).
  await Promise.all([loadOpenPanel(window.location.search), loadOverlayStyles(document)]);

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

hydrate().catch((error: unknown) => console.error(error));
