import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadOpenPanel } from "./lib/first-use";
import { ClientI18n } from "./lib/i18n/client-i18n";
import { I18nextProvider } from "./lib/i18n/client-react";
import { takeDocumentBundles } from "./lib/i18n/inline";
import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from "./lib/i18n/languages";
import { holdInputBeforeHydration } from "./lib/input-before-hydration";
import { sharedManifestFetch } from "./lib/navigation/manifest-fetch";
import { loadOverlayStyles } from "./styles/overlay-styles";

/** One for the page's life: React Router's route discovery re-runs when its fetch changes. */
const routerFetch = sharedManifestFetch();

/**
 * Resolves once the browser has painted the next frame (a task queued from the frame's callback),
 * or after 100 ms where no frame comes (a tab opened in the background paints nothing).
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

async function hydrate() {
  // The server already chose the language; <html lang> carries it so hydration matches. The
  // page's translations came in its HTML (lib/i18n/inline.ts): the browser's translation runtime
  // (ADR 0021) starts from them at once, and a later page loads what it lacks before it shows
  // (lib/i18n/load.ts, the root's Layout).
  const lng = document.documentElement.lang || FALLBACK_LANGUAGE;
  const i18n = new ClientI18n({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    defaultNS: DEFAULT_NAMESPACE,
    resources: { [lng]: takeDocumentBundles(document) },
  });
  // A panel the server rendered open hydrates only once its code is here (lib/first-use.ts), and
  // nothing opens over the page before the styles of what does have loaded (ADR 0017).
  await Promise.all([loadOpenPanel(window.location.search), loadOverlayStyles(document)]);
  // The server's HTML is the page: let the browser paint it before hydration takes the main thread.
  await afterNextPaint();

  // What the person changed while the scripts loaded is given again once hydrated (the root's
  // effect): React then hydrates the page exactly as the server rendered it.
  holdInputBeforeHydration(document);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <HydratedRouter unstable_fetch={routerFetch} />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate().catch((error: unknown) => console.error(error));
