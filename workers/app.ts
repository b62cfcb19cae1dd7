import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "../app/lib/context";
import { crossSiteRefusal, isCrossSiteWrite } from "../app/lib/security.server";

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

export default {
  async fetch(request, env, ctx) {
    if (isCrossSiteWrite(request)) return crossSiteRefusal();
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    return (await requestHandler())(request, context);
  },
} satisfies ExportedHandler<Env>;
