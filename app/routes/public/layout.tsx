import { Outlet } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { PublicLayout } from "~/components/layout/public/public-layout";
import type { Route } from "./+types/layout";

export default function PublicLayoutRoute() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicLayout>
      <ErrorPage error={error} />
    </PublicLayout>
  );
}
