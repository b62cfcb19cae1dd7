import { Outlet, useLocation } from "react-router";
import { guestOnlyMiddleware } from "~/features/auth/auth.server";
import { AuthLayout, type AuthLayoutVariant } from "~/features/auth/components/auth-layouts";

export const handle = { i18n: "auth" };

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
