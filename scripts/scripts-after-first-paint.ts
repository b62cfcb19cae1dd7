/**
 * A hydrating page starts downloading its scripts once its HTML has painted (issue 20, ADR 0024's
 * amendment of 2026-11-27).
 *
 * React Router's `<Scripts/>` writes a `<link rel="modulepreload">` for every module the page needs
 * and an inline `<script type="module">` that imports them and starts the client entry. The browser
 * fetches all of them while it parses the HTML, before it paints: on a slow connection they share
 * the line with the stylesheet and the font, and Lighthouse's model of the slow profile counts
 * every request that finished before the observed paint as needed for it (its LCP estimate of a
 * dashboard page was 2.6 s, twice its first contentful paint). Nothing on the page needs them to
 * paint: the server's HTML is the page, and hydration already waits for the first frame
 * (`afterNextPaint` in `app/entry.client.tsx`).
 *
 * So the page's HTML names the same modules in an inert form, `<link rel="x-modulepreload">` and
 * `<script type="text/x-module">`, and a small inline script after them turns them into the real
 * ones once the browser reports the page's first contentful paint (`START_AFTER_PAINT`). An inline
 * script also waits for the stylesheets before it runs, so the paint it waits for is the styled
 * page. The modules then load as before, all in parallel.
 * Without JavaScript nothing changes: the page is its HTML.
 *
 * The transform patches `<Scripts/>` in both builds (the server writes the markup, the browser
 * hydrates the same elements) and fails the build when React Router's code no longer has the
 * three preloads and the module script it expects, rather than silently serving the old order.
 * The bench and the CI byte check read the inert forms as the page's JavaScript
 * (`scripts/bench/assets.ts`).
 */
import type { Plugin } from "vite";
import { onFirstPaintSource } from "../app/lib/after-first-paint.ts";

/** The `rel` of a module preload the page starts after its first paint. */
export const PRELOAD_AFTER_PAINT_REL = "x-modulepreload";
/** The `type` of React Router's module script, run after the first paint. */
export const MODULE_AFTER_PAINT_TYPE = "text/x-module";

/**
 * Turns the inert preloads and module script into real ones once the browser reports the page's
 * first contentful paint (`onFirstPaintSource`). ES5 and no globals: it runs before any of the
 * app's code.
 */
const START_AFTER_PAINT = `(function(){var d=document,started=false;function start(){if(started)return;started=true;d.querySelectorAll('link[rel="${PRELOAD_AFTER_PAINT_REL}"]').forEach(function(l){var p=d.createElement("link");p.rel="modulepreload";p.href=l.href;if(l.crossOrigin)p.crossOrigin=l.crossOrigin;if(l.integrity)p.integrity=l.integrity;d.head.appendChild(p)});var m=d.querySelector('script[type="${MODULE_AFTER_PAINT_TYPE}"]');if(m){var s=d.createElement("script");s.type="module";s.nonce=m.nonce;s.textContent=m.textContent;d.head.appendChild(s)}}${onFirstPaintSource("start")}})()`;

const SCRIPTS_MODULE = /react-router\/dist\/(development|production)\/lib\/dom\/ssr\/components\.js$/;
const PRELOAD = /rel: "modulepreload",(\s*)href: (manifest\.url|manifest\.entry\.module|path),/g;
const MODULE_SCRIPT =
  /([\w$]+)\.createElement\("script", \{(\s*)\.\.\.scriptProps,\s*suppressHydrationWarning: true,\s*dangerouslySetInnerHTML: \{ __html: routeModulesScript \},\s*type: "module",\s*async: true\s*\}\)/g;

export function scriptsAfterFirstPaint(): Plugin {
  return {
    name: "mylawyer:scripts-after-first-paint",
    transform(code, id) {
      if (!SCRIPTS_MODULE.test(id)) return null;
      const preloads = code.match(PRELOAD)?.length ?? 0;
      const scripts = code.match(MODULE_SCRIPT)?.length ?? 0;
      if (preloads !== 3 || scripts !== 1)
        throw new Error(
          `${id}: expected 3 module preloads and 1 module script in <Scripts/>, found ${preloads} and ${scripts}`,
        );
      const patched = code
        .replace(PRELOAD, `rel: "${PRELOAD_AFTER_PAINT_REL}",$1href: $2,`)
        .replace(
          MODULE_SCRIPT,
          (_, react: string, space: string) =>
            `${react}.createElement("script", {${space}...scriptProps,${space}suppressHydrationWarning: true,${space}dangerouslySetInnerHTML: { __html: routeModulesScript },${space}type: "${MODULE_AFTER_PAINT_TYPE}",${space}async: true${space}}), ${react}.createElement("script", {${space}...scriptProps,${space}suppressHydrationWarning: true,${space}dangerouslySetInnerHTML: { __html: ${JSON.stringify(START_AFTER_PAINT)} },${space}type: void 0${space}})`,
        );
      return { code: patched, map: null };
    },
  };
}
