import { useMatches } from "react-router";

/**
 * Which pages ship the client runtime (docs/decisions/0015-public-pages-do-not-hydrate.md).
 *
 * A route opts out with `export const handle = { hydrate: false }`. A page ships no JavaScript
 * when every route it matches below the root opted out: the root renders no `<Scripts/>` (no
 * module preloads, no route modules, no hydration data) and no `<ScrollRestoration/>`. A route
 * that says nothing hydrates, so a page is static only where each of its routes says it may be:
 * the public layout opts out, and each page under it opts out too unless it needs client code.
 */
type HydrateHandle = { hydrate?: boolean };

function hydrateOf(handle: unknown): boolean | undefined {
  if (typeof handle !== "object" || handle === null || !("hydrate" in handle)) return undefined;
  return (handle as HydrateHandle).hydrate;
}

/** Whether a page with these matched routes (root first, as `useMatches` lists them) hydrates. */
export function pageHydrates(matches: readonly { id: string; handle?: unknown }[]): boolean {
  const routes = matches.filter((match) => match.id !== "root");
  if (routes.length === 0) return true;
  return !routes.every((match) => hydrateOf(match.handle) === false);
}

/**
 * Whether the page being rendered is static (ships no JavaScript): only ever true on the server,
 * for a page `pageHydrates` says no to. An inline island (ADR 0015, ADR 0023) is written only
 * then; in the browser the app is running and React's own handlers do the island's work.
 */
export function useStaticPage(): boolean {
  const matches = useMatches();
  return import.meta.env.SSR && !pageHydrates(matches);
}
