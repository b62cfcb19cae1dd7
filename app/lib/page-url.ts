/**
 * The URL of the page a request is for. With JavaScript, React Router fetches a route's data at
 * `<path>.data` (and `/_root.data` for "/") with a `_routes` parameter; redirects and `returnTo`
 * must name the page itself.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname === "/_root.data") url.pathname = "/";
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  return url;
}
