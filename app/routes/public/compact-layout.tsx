import { Outlet } from "react-router";
import { CompactLayout } from "~/components/layout/compact-layout";

export default function CompactLayoutRoute() {
  return (
    <CompactLayout>
      <Outlet />
    </CompactLayout>
  );
}
