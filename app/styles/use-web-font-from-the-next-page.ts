import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { FONTS_LATER_ATTRIBUTE } from "./fonts-after-first-paint";

/**
 * A first visit's first page keeps the system's fonts (app/styles/fonts-after-first-paint.ts, ADR
 * 0033); the first client-side navigation gives the app its web font, which the browser has fetched
 * meanwhile. The text changes font along with the page's content, never under the reader.
 */
export function useWebFontFromTheNextPage(): void {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) document.documentElement.removeAttribute(FONTS_LATER_ATTRIBUTE);
  }, [key]);
}
