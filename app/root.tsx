// Mantine's styles for the components in use, then the fonts, then the app's own (which win).
import "./styles/mantine.css";
import "./styles/fonts.css";
import "./styles/global.css";

import {
  ColorSchemeScript,
  DirectionProvider,
  MantineProvider,
  mantineHtmlProps,
  useDirection,
} from "@mantine/core";
import { type ReactNode, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import faviconSvg from "./assets/favicon.svg?inline";
import { ErrorPage } from "./components/error-page";
import { FlashToast } from "./components/flash-toast";
import { NavigationProgress } from "./components/navigation-progress";
import { ERROR_TITLE_STATUSES, pageMeta } from "./components/page-meta";
import { useSettings } from "./components/settings/use-settings";
import { Toasts } from "./components/toasts/toasts";
import { getAuth, sessionMiddleware } from "./features/auth/auth.server";
import { useSessionKeepAlive } from "./features/auth/use-session-keep-alive";
import { dashboardProfileReader } from "./features/dashboard/shell.server";
import { preferenceCookie } from "./lib/cookies";
import { useCspNonce } from "./lib/csp-nonce";
import { takeFlash } from "./lib/flash.server";
import { pageHydrates } from "./lib/hydration";
import { getInstance, getLocale, i18nextMiddleware } from "./lib/i18n/i18n.server";
import { pickBundles, TRANSLATIONS_ELEMENT_ID, translationsText } from "./lib/i18n/inline";
import {
  getLanguageOption,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  NAMESPACES,
} from "./lib/i18n/languages";
import { loadTranslations, usePageTranslations } from "./lib/i18n/load";
import { replayInputBeforeHydration } from "./lib/input-before-hydration";
import { SETTINGS_STORAGE_KEY, serializeSettings, THEME_MODE_STORAGE_KEY } from "./lib/settings/settings";
import { getSettings } from "./lib/settings/settings.server";
import { createAppTheme } from "./lib/theme/theme";
import { ThemeCssVariables } from "./lib/theme/theme-css-variables";
import { firstFontFile } from "./styles/fonts";
import { fontsAfterFirstPaintScript } from "./styles/fonts-after-first-paint";
import { OVERLAY_STYLES_HREF, showsOverlayOnServer } from "./styles/overlay-styles";
import { useWebFontFromTheNextPage } from "./styles/use-web-font-from-the-next-page";

export const middleware = [i18nextMiddleware, sessionMiddleware(dashboardProfileReader)];

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const settings = getSettings(request);
  const headers = new Headers();
  // `?lng=` chooses the language for the pages that follow too.
  const queried = new URL(request.url).searchParams.get("lng");
  if (isLanguage(queried)) headers.append("Set-Cookie", preferenceCookie(LANGUAGE_COOKIE, queried));
  const { flash, clear } = takeFlash(request);
  if (clear) headers.append("Set-Cookie", clear);
  const { user, expiresAt } = getAuth(context);
  const i18n = getInstance(context);
  return data(
    {
      locale,
      settings,
      title: i18n.t("common:meta.title"),
      // The titles of a page whose loader failed (see pageMeta), in the person's language.
      errorTitles: Object.fromEntries(
        ERROR_TITLE_STATUSES.map((status) => [status, i18n.t(`common:errors.${status}.title`)]),
      ),
      signedIn: user !== null,
      expiresAt,
      // Written here, where every namespace is at hand: the page the toast shows on may not load
      // the namespace of the action that set it (e.g. a proposal's outcome on the case page).
      flash: flash && { kind: flash.kind, message: i18n.t(flash.message) },
      // Render-blocking where the server renders an overlay showing (ADR 0017).
      overlayStyles: showsOverlayOnServer(new URL(request.url), flash),
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = pageMeta;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  // In the page itself: a request for it finished before the first paint counts as on its path.
  { rel: "icon", href: faviconSvg, type: "image/svg+xml" },
];

/** Namespaces the routes of this page declared in `handle.i18n`, after the shared ones. */
function usePageNamespaces(): string[] {
  const matches = useMatches();
  const extra = matches.flatMap((match) => {
    const handle = match.handle as { i18n?: string | string[] } | undefined;
    return handle?.i18n ?? [];
  });
  // The same array while the page's namespaces stay the same (effects depend on it).
  const key = [...new Set([...NAMESPACES, ...extra])].join(",");
  return useMemo(() => key.split(","), [key]);
}

/**
 * Whether the page ships its scripts: a page whose routes all opted out (`handle.hydrate: false`,
 * ADR 0015) is HTML and CSS only. In the browser the app is already running (a client-side
 * navigation from a hydrated page), so the router's elements stay.
 */
function useShipsScripts(): boolean {
  const matches = useMatches();
  return !import.meta.env.SSR || pageHydrates(matches);
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const settings = useSettings();
  const locale = i18n.language || rootData?.locale || "en";
  const language = getLanguageOption(locale);
  const dir = language.dir === "rtl" ? "rtl" : settings.direction;
  const arabic = language.value === "ar";
  const theme = useMemo(() => createAppTheme(settings, arabic), [settings, arabic]);
  const namespaces = usePageNamespaces();
  // A page reached in the browser shows once its translations are here (lib/i18n/load.ts).
  usePageTranslations(i18n, locale, namespaces);
  const nonce = useCspNonce();
  const shipsScripts = useShipsScripts();
  // Once React owns the page, what the person did before it did is done again (ADR 0013).
  useEffect(replayInputBeforeHydration, []);
  useWebFontFromTheNextPage();

  return (
    <html
      lang={language.value}
      dir={dir}
      {...mantineHtmlProps}
      data-contrast={settings.contrast}
      data-mantine-color-scheme={settings.colorScheme}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ColorSchemeScript forceColorScheme={settings.colorScheme} nonce={nonce} />
        {/* Before the stylesheet, so that it runs at once: a first visit's web font is fetched after the first paint. */}
        <script
          data-fonts-script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own constant script, no user input.
          dangerouslySetInnerHTML={{
            __html: fontsAfterFirstPaintScript(firstFontFile(settings.fontFamily, arabic)),
          }}
        />
        <Meta />
        <Links />
        {rootData?.overlayStyles && <link rel="stylesheet" href={OVERLAY_STYLES_HREF} />}
      </head>
      <body>
        <DirectionProvider initialDirection={dir} detectDirection={false}>
          <DirectionSync dir={dir} />
          <MantineProvider theme={theme} forceColorScheme={settings.colorScheme} withCssVariables={false}>
            <ThemeCssVariables theme={theme} contrast={settings.contrast} />
            <NavigationProgress />
            <Toasts />
            {children}
          </MantineProvider>
        </DirectionProvider>
        {shipsScripts && (
          <>
            <PageTranslations locale={locale} namespaces={namespaces} />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The page's translations in its language, inline so hydration waits for no fetch (read by
 * entry.client; lib/i18n/inline.ts). A data block, never run: no nonce. The browser renders the
 * text it was sent, so hydration matches and no later render rewrites it.
 */
function PageTranslations({ locale, namespaces }: { locale: string; namespaces: string[] }) {
  const { i18n } = useTranslation();
  const text = translationsText(() =>
    pickBundles((lng, ns) => i18n.getResourceBundle(lng, ns), locale, namespaces),
  );
  return (
    <script
      type="application/json"
      id={TRANSLATIONS_ELEMENT_ID}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped so it cannot close the element (serializeBundles)
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}

/** Keeps Mantine's direction in step with the document when the language or setting changes. */
function DirectionSync({ dir }: { dir: "ltr" | "rtl" }) {
  const { dir: current, setDirection } = useDirection();
  useEffect(() => {
    if (current !== dir) setDirection(dir);
  }, [current, dir, setDirection]);
  return null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  const { locale, signedIn, expiresAt, flash } = loaderData;
  const settings = useSettings();
  const namespaces = usePageNamespaces();
  useSessionKeepAlive(signedIn, expiresAt);

  useEffect(() => {
    // The page's translations in the new language first, then the switch: nothing shows keys.
    if (i18n.language !== locale) {
      void Promise.resolve(loadTranslations(i18n, locale, namespaces)).then(() =>
        i18n.changeLanguage(locale),
      );
    }
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
    } catch {
      // Storage may be disabled (private mode); the cookie still carries the choice.
    }
  }, [locale, i18n, namespaces]);

  useEffect(() => {
    try {
      localStorage.setItem(SETTINGS_STORAGE_KEY, serializeSettings(settings));
      localStorage.setItem(THEME_MODE_STORAGE_KEY, settings.colorScheme);
    } catch {
      // Storage may be disabled; the cookie is the source of truth.
    }
  }, [settings]);

  return (
    <>
      <FlashToast flash={flash} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
