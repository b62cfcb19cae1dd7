import { Outlet } from "react-router";
import { requireUserMiddleware } from "~/features/auth/auth.server";

export const handle = { i18n: ["auth", "dashboard"] };

/** Every /dashboard/** route needs a session; without one the person goes to sign-in with returnTo. */
export const middleware = [requireUserMiddleware];

export default function DashboardLayoutRoute() {
  return <Outlet />;
}
