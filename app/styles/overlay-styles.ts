import overlayStylesHref from "./mantine-overlays.css?url";

/**
 * Mantine's styles for what shows only over the page (app/styles/mantine-overlays.css), kept out
 * of the render-blocking stylesheet (issue 20, ADR 0017): the browser loads them after the first
 * paint and hydrates once they are here, since nothing can open before hydration; the server links
 * them render-blocking on a page it renders with one showing.
 */
export const OVERLAY_STYLES_HREF = overlayStylesHref;

/**
 * Whether the server renders this page with an overlay showing: a drawer or popover opened by
 * `?panel=` (ADR 0001), or the toast of a flash message (components/flash-toast.tsx).
 */
export function showsOverlayOnServer(url: URL, flash: unknown): boolean {
  return url.searchParams.has("panel") || Boolean(flash);
}

/**
 * Browser, once, before hydrating: adds the overlay styles to the page and resolves once they are
 * loaded (or failed to: the page hydrates anyway). A `<link>` of its own even where the server
 * linked them: that one goes when its panel closes.
 */
export function loadOverlayStyles(document: Document): Promise<void> {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = OVERLAY_STYLES_HREF;
  const loaded = new Promise<void>((resolve) => {
    link.onload = link.onerror = () => resolve();
  });
  document.head.appendChild(link);
  return loaded;
}
