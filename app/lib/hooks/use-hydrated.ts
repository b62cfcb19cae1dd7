import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False while the server renders and the browser hydrates the page, true from then on. Unlike
 * `useMounted`, a component the browser mounts later (code loaded on first use) sees true in its
 * first render already, so it does not render its before-JavaScript form for a moment.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
