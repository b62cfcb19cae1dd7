import { Drawer, type DrawerProps } from "@mantine/core";
import { useOpenedAfterLoad } from "~/lib/first-use";
import { useHydrated } from "~/lib/hooks/use-hydrated";

/**
 * Layer of the header's drawers: above the header's own badges (Mantine's Indicator is at 200),
 * which matters when a drawer is rendered in place, inside the header, before hydration.
 */
const PANEL_DRAWER_Z_INDEX = 300;

/**
 * A drawer opened from the header (settings, account, notifications, the phone menu). Before
 * hydration it renders in place, so a `?panel=` link shows it open without JavaScript; its code
 * loads on first use, and a drawer mounted already open still slides in (ADR 5).
 */
export function PanelDrawer({ opened, ...props }: DrawerProps) {
  const hydrated = useHydrated();
  const shown = useOpenedAfterLoad(opened);
  return (
    <Drawer
      zIndex={PANEL_DRAWER_Z_INDEX}
      withinPortal={hydrated}
      withCloseButton={false}
      {...props}
      opened={shown}
    />
  );
}
