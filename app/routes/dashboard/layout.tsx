import { Outlet } from "react-router";
import { LoadingScreen } from "~/components/loading-screen";
import { requireUserMiddleware } from "~/features/auth/auth.server";

export const handle = { i18n: ["auth", "dashboard"] };

/** Every /dashboard/** route needs a session; without one the person goes to sign-in with returnTo. */
export const middleware = [requireUserMiddleware];

export function HydrateFallback() {
  return <LoadingScreen />;
}

export default function DashboardLayoutRoute() {
  return <Outlet />;
}
