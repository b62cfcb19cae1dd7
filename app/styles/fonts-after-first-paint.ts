// Relative imports: the end-to-end tests read the attribute from here.
import { onFirstPaintSource } from "../lib/after-first-paint";
import type { Settings } from "../lib/settings/settings";

/**
 * Set on `<html>` while the page shows the system's fonts: app/styles/global.css then gives
 * Mantine's font variables the system stack alone, so no text asks for a web font.
 */
export const FONTS_LATER_ATTRIBUTE = "data-fonts-later";

/** The localStorage entry that remembers the font file this browser has loaded. */
export const FONT_LOADED_KEY = "mylawyer:font";

/**
 * The inline script at the top of `<head>` that keeps the web font (`fontFile`, from `firstFontFile`
 * in app/styles/fonts.ts) off a first visit's critical path (issue 20, ADR 0033). On a slow
 * connection a preloaded font shares the line with the HTML and the stylesheet that the first
 * paint waits for, and the page's text can be read without it. So:
 *
 * - a browser that has not loaded this file before paints in the system's fonts
 *   (`FONTS_LATER_ATTRIBUTE`), and the web font takes over once the first paint is on the screen
 *   (`font-display: swap`); once it has loaded, the file is remembered (`FONT_LOADED_KEY`);
 * - a browser that has loaded it before (from its cache) preloads it and paints in it at once,
 *   as before this change;
 * - without JavaScript nothing is set, and the page uses its web font from the start.
 *
 * ES5 and no globals; storage that throws (private modes) counts as a first visit.
 */
export function fontsAfterFirstPaintScript(
  fontFile: string,
  fontFamily: Settings["fontFamily"],
  arabic: boolean,
): string {
  const file = JSON.stringify(fontFile);
  // The face `file` holds: the family, and a character of its subset.
  const face = JSON.stringify(arabic ? '1em "Noto Sans Arabic Variable"' : `1em "${fontFamily}"`);
  const sample = JSON.stringify(arabic ? "\u0628" : "a");
  return `(function(){var d=document,r=d.documentElement,file=${file},key=${JSON.stringify(FONT_LOADED_KEY)},done=false;try{if(localStorage.getItem(key)===file){var l=d.createElement("link");l.rel="preload";l.as="font";l.type="font/woff2";l.crossOrigin="anonymous";l.href=file;d.head.appendChild(l);return}}catch(e){}r.setAttribute(${JSON.stringify(FONTS_LATER_ATTRIBUTE)},"");function swap(){if(done)return;done=true;r.removeAttribute(${JSON.stringify(FONTS_LATER_ATTRIBUTE)});if(d.fonts&&d.fonts.load)d.fonts.load(${face},${sample}).then(function(faces){if(faces.length)try{localStorage.setItem(key,file)}catch(e){}})}${onFirstPaintSource("swap")}})()`;
}
