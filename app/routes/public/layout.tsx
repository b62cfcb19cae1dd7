import { Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { PublicLayout } from "~/components/layout/public/public-layout";
import { getAuth } from "~/features/auth/auth.server";
import type { Route } from "./+types/layout";

/**
 * The marketing pages ship no JavaScript (ADR 0015): a page under this layout is static when it
 * says `hydrate: false` too; one that needs client code (a form that validates as one types)
 * leaves it out and hydrates. Without a session the layout is the same for everyone, so a page that
 * says `sameForEveryone: true` too may be kept rendered (ADR 0022; a visitor with a session cookie
 * is always rendered for).
 */
export const handle = { hydrate: false, sameForEveryone: true };

/** Whether the visitor is signed in, from the session the root's middleware already read. */
export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: getAuth(context).user !== null };
}

export default function PublicLayoutRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PublicLayout signedIn={loaderData.signedIn}>
      <Outlet />
    </PublicLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/public/layout");
  return (
    <PublicLayout signedIn={data?.signedIn ?? false}>
      <ErrorPage error={error} />
    </PublicLayout>
  );
}
