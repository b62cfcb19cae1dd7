import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { CspNonceContext } from "./lib/csp-nonce";
import { loadFirstUseComponents } from "./lib/first-use";
import { I18nextProvider } from "./lib/i18n/client-react";
import { getLocale, getRenderInstance } from "./lib/i18n/i18n.server";
import { RenderCache, renderCacheKey } from "./lib/render-cache.server";
import { cspNonceContext } from "./lib/security.server";

export const streamTimeout = 5_000;

/** Static pages already rendered in this isolate (ADR 0022). */
const renderCache = new RenderCache();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Every inline script carries the nonce of the response's Content-Security-Policy (workers/app.ts).
  const nonce = loadContext.get(cspNonceContext) ?? undefined;
  const cacheKey = renderCacheKey(
    request,
    routerContext.staticHandlerContext.matches.map(({ route }) => ({ id: route.id, handle: route.handle })),
    getLocale(loadContext),
    responseStatusCode,
  );
  const cached = cacheKey === null ? undefined : renderCache.get(cacheKey, nonce);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (cached !== undefined) {
    // Says so, for whoever measures (the browser's devtools show it; tests/e2e/static-pages.spec.ts).
    responseHeaders.append("Server-Timing", "render;desc=kept");
    return new Response(cached, { headers: responseHeaders, status: responseStatusCode });
  }

  // Components the browser loads on first use (a panel opened by ?panel=) render here at once.
  await loadFirstUseComponents();
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");

  const body = await renderToReadableStream(
    <CspNonceContext value={nonce}>
      <I18nextProvider i18n={getRenderInstance(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </CspNonceContext>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      // A rendered Suspense boundary stays in place in the HTML: React would otherwise move one (a
      // drawer opened by ?panel=) after the page, and only JavaScript puts it back.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers and no-JavaScript visitors get the whole document at once.
  if (userAgent && isbot(userAgent)) await body.allReady;

  if (cacheKey !== null) {
    await body.allReady;
    const html = await new Response(body).text();
    // A render that failed part way (onError) is not kept.
    if (responseStatusCode === 200) renderCache.set(cacheKey, html, nonce);
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
