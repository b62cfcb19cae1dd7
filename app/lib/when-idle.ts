/** How long a task waits for an idle moment at most (a busy page still gets it). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the browser is idle after what it is doing now (the page's hydration, its
 * first paints), or after `IDLE_TIMEOUT_MS` at the latest; where there is no
 * `requestIdleCallback` (Safari), shortly after. Returns a function that cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}
