import { createInstance, type i18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { readCookie } from "../cookies";
import { ClientI18n } from "./client-i18n";
import { detectLanguage } from "./detect";
import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  type Language,
  SUPPORTED_LANGUAGES,
} from "./languages";
import { withAppPluralRules } from "./plural";
import { resources } from "./resources";

const localeContext = createContext<Language>();
const renderContext = createContext<ClientI18n>();
const instanceContext = createContext<i18n>();

/**
 * One i18next instance per language for the isolate's life, created on the first request in that
 * language (ADR 0022). On the server nothing changes an instance once it is initialised: every
 * resource is bundled, and a request only reads (`t`, `getFixedT`). Creating and initialising an
 * instance for every request, as remix-i18next's middleware does, cost each page a few
 * milliseconds, with fresh plural rules and formatters each time.
 */
const instances = new Map<Language, Promise<i18n>>();

function instanceFor(language: Language): Promise<i18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance({
      resources,
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      defaultNS: DEFAULT_NAMESPACE,
      supportedLngs: SUPPORTED_LANGUAGES,
      interpolation: { escapeValue: false },
    });
    instance = created.init().then(() => withAppPluralRules(created));
    // A failed start is not kept: the next request tries again.
    instance.catch(() => instances.delete(language));
    instances.set(language, instance);
  }
  return instance;
}

/**
 * What the components render with, per language for the isolate's life: the runtime the browser
 * hydrates with (ADR 0021; `react-i18next` resolves to it in both builds), over the same bundled
 * resources as the i18next instance (the language and the fallback).
 */
const renderers = new Map<Language, ClientI18n>();

function rendererFor(language: Language): ClientI18n {
  let renderer = renderers.get(language);
  if (!renderer) {
    renderer = new ClientI18n({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: SUPPORTED_LANGUAGES,
      defaultNS: DEFAULT_NAMESPACE,
      resources: {
        [language]: resources[language] ?? {},
        [FALLBACK_LANGUAGE]: resources[FALLBACK_LANGUAGE] ?? {},
      },
    });
    renderers.set(language, renderer);
  }
  return renderer;
}

/** The request's language (spec §9: `?lng`, then the cookie, then `Accept-Language`). */
function requestLanguage(request: Request): Language {
  return detectLanguage({
    query: new URL(request.url).searchParams.get("lng"),
    cookie: readCookie(request.headers.get("Cookie"), LANGUAGE_COOKIE),
    browser: request.headers.get("Accept-Language"),
  });
}

/** Puts the request's language and its i18next instance in the router context. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const language = requestLanguage(request);
  context.set(localeContext, language);
  context.set(instanceContext, await instanceFor(language));
  context.set(renderContext, rendererFor(language));
  return next();
};

/** The request's language, as `i18nextMiddleware` detected it. */
export function getLocale(context: Readonly<RouterContextProvider>): Language {
  return context.get(localeContext);
}

/** The i18next instance of the request's language (read only: never change its language). */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return context.get(instanceContext);
}

/** What the components of the request's page render with (`entry.server.tsx`'s provider). */
export function getRenderInstance(context: Readonly<RouterContextProvider>): ClientI18n {
  return context.get(renderContext);
}
