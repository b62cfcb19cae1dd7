// Relative imports: the end-to-end tests read the attribute from here.
import { onFirstPaintSource } from "../lib/after-first-paint";

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
 * - a browser that has not loaded this file before shows the page in the system's fonts
 *   (`FONTS_LATER_ATTRIBUTE`) and fetches the file once the first paint is on the screen, into
 *   its cache; once it is there, the file is remembered (`FONT_LOADED_KEY`). The page does not
 *   change font under the reader: the next page does (`useWebFontFromTheNextPage`);
 * - a browser that has loaded it before preloads it from its cache and paints in it at once;
 * - without JavaScript nothing is set, and the page uses its web font from the start.
 *
 * ES5 and no globals; storage that throws (private modes) counts as a first visit.
 */
export function fontsAfterFirstPaintScript(fontFile: string): string {
  const file = JSON.stringify(fontFile);
  const key = JSON.stringify(FONT_LOADED_KEY);
  return `(function(){var d=document,file=${file},key=${key},done=false;try{if(localStorage.getItem(key)===file){var l=d.createElement("link");l.rel="preload";l.as="font";l.type="font/woff2";l.crossOrigin="anonymous";l.href=file;d.head.appendChild(l);return}}catch(e){}d.documentElement.setAttribute(${JSON.stringify(FONTS_LATER_ATTRIBUTE)},"");function fetchFont(){if(done||!window.fetch)return;done=true;fetch(file).then(function(response){if(response.ok)try{localStorage.setItem(key,file)}catch(e){}},function(){})}${onFirstPaintSource("fetchFont")}})()`;
}
