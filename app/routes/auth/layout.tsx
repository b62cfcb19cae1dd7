import { Outlet, useLocation } from "react-router";
import { guestOnlyMiddleware } from "~/features/auth/auth.server";
import { AuthLayout, type AuthLayoutVariant } from "~/features/auth/components/auth-layouts";

/**
 * The auth pages are static (ADR 0023): their forms post and the server validates them, so they
 * ship no JavaScript (ADR 0015) and, the same for every visitor without a session, may be kept
 * rendered (ADR 0022). A page reached by a client-side navigation (signing out of the dashboard)
 * is rendered by the running app as before.
 */
export const handle = { i18n: "auth", hydrate: false, sameForEveryone: true };

export const middleware = [guestOnlyMiddleware];

/** `/auth/supabase/*` uses the simple layout; `/auth-demo/split/*` and `/auth-demo/centered/*` the others. */
function variantOf(pathname: string): AuthLayoutVariant {
  if (pathname.startsWith("/auth-demo/split")) return "split";
  if (pathname.startsWith("/auth-demo/centered")) return "centered";
  return "simple";
}

export default function AuthLayoutRoute() {
  const { pathname } = useLocation();
  return (
    <AuthLayout variant={variantOf(pathname)}>
      <Outlet />
    </AuthLayout>
  );
}
