import { Outlet } from "react-router";
import { CompactLayout } from "~/components/layout/compact-layout";

/** Static unless its page needs client code: see routes/public/layout.tsx and ADR 0015. */
export const handle = { hydrate: false };

export default function CompactLayoutRoute() {
  return (
    <CompactLayout>
      <Outlet />
    </CompactLayout>
  );
}
