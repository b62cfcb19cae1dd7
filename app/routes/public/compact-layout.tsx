import { Outlet } from "react-router";
import { CompactLayout } from "~/components/layout/compact-layout";

/**
 * Static unless its page needs client code: see routes/public/layout.tsx and ADR 0015. Its own
 * output depends on nothing but the language and settings, so a page below it may be kept rendered
 * (ADR 0022).
 */
export const handle = { hydrate: false, sameForEveryone: true };

export default function CompactLayoutRoute() {
  return (
    <CompactLayout>
      <Outlet />
    </CompactLayout>
  );
}
