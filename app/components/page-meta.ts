import { isRouteErrorResponse, type MetaDescriptor } from "react-router";

/** The error pages with a title of their own: 403 and 404 as themselves, anything else as 500. */
export const ERROR_TITLE_STATUSES = ["403", "404", "500"] as const;
type ErrorTitleStatus = (typeof ERROR_TITLE_STATUSES)[number];

/** What the root loader gives every page's meta: the app's title and the error pages' titles. */
type RootMeta = { title?: string; errorTitles?: Partial<Record<ErrorTitleStatus, string>> };

/** The error page a failure is shown as. */
function errorTitleStatus(error: unknown): ErrorTitleStatus {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return status === 403 ? "403" : status === 404 ? "404" : "500";
}

type MetaArgsLike = {
  loaderData?: unknown;
  error?: unknown;
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

/**
 * The document title of a page: its loader's `title`. When a loader failed (React Router then
 * passes the error to the meta of every route down to the boundary that shows it) there is no
 * loader data: the title is the error's (403, 404 or 500, written by the root loader in the
 * person's language), at worst the app's name; never `undefined`. With the loader's
 * `description`, the page's description too. The meta of every route.
 */
export function pageMeta({ loaderData, error, matches }: MetaArgsLike): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootMeta | undefined;
  const fallback = root?.title || "MyLawyer";
  if (error) return [{ title: root?.errorTitles?.[errorTitleStatus(error)] ?? fallback }];
  const own = loaderData as { title?: unknown; description?: unknown } | null | undefined;
  const title = typeof own?.title === "string" && own.title ? own.title : fallback;
  return typeof own?.description === "string" && own.description
    ? [{ title }, { name: "description", content: own.description }]
    : [{ title }];
}
