import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "../app/lib/context";
import { getEnv } from "../app/lib/env.server";
import {
  createCspNonce,
  crossSiteRefusal,
  cspNonceContext,
  isCrossSiteWrite,
  malformedAddressRefusal,
  withSecurityHeaders,
} from "../app/lib/security.server";

const loadBuild = () => import("virtual:react-router/server-build");

/**
 * Given a function, React Router re-derives its routes and handlers from the build on every
 * request (about a tenth of a page's CPU), which only the dev server needs: its build changes as
 * files are edited. A production Worker's build never changes, so it is loaded once per isolate.
 */
type RequestHandler = ReturnType<typeof createRequestHandler>;
let handler: Promise<RequestHandler> | undefined;
function requestHandler(): Promise<RequestHandler> {
  handler ??= import.meta.env.DEV
    ? Promise.resolve(createRequestHandler(loadBuild, import.meta.env.MODE))
    : loadBuild().then((build) => createRequestHandler(build, import.meta.env.MODE));
  return handler;
}

async function respond(request: Request, env: Env, ctx: ExecutionContext, nonce: string | null) {
  if (isCrossSiteWrite(request)) return crossSiteRefusal();
  const malformed = malformedAddressRefusal(request);
  if (malformed) return malformed;
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx });
  context.set(cspNonceContext, nonce);
  return (await requestHandler())(request, context);
}

export default {
  async fetch(request, env, ctx) {
    // The Vite dev server injects inline scripts of its own: its pages go without a CSP.
    const nonce = import.meta.env.DEV ? null : createCspNonce();
    const response = await respond(request, env, ctx, nonce);
    const { SUPABASE_URL } = getEnv(env as unknown as Record<string, unknown>);
    return withSecurityHeaders(response, { request, nonce, supabaseUrl: SUPABASE_URL });
  },
} satisfies ExportedHandler<Env>;
