import type { unstable_RouterFetch as RouterFetch } from "react-router/dom";

/**
 * React Router's fetch for `HydratedRouter`, sharing a route-discovery request (`/__manifest`)
 * with the identical one still in flight. Discovery fetches the paths of the page's links at
 * mount and again on any DOM change 100 ms later; paths count as discovered only once the first
 * answer is in, so a page that changes in that moment asked for the same paths twice (ADR 0016).
 * Every other request goes to `fetch` as React Router's own would.
 */
export function sharedManifestFetch(
  fetchImplementation: (request: Request) => Promise<Response> = fetch,
): RouterFetch {
  const inFlight = new Map<string, Promise<Response>>();
  return (request, context) => {
    if (context?.type !== "manifest" || request.method !== "GET") return fetchImplementation(request);
    let pending = inFlight.get(request.url);
    if (!pending) {
      pending = fetchImplementation(request);
      inFlight.set(request.url, pending);
      const forget = () => inFlight.delete(request.url);
      pending.then(forget, forget);
    }
    return pending.then((response) => response.clone());
  };
}
