import { Drawer } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Logo } from "~/components/logo";
import { useOpenedAfterLoad } from "~/lib/first-use";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { NavGroup } from "~/lib/navigation/nav";
import { HEADER_DRAWER_Z_INDEX } from "~/lib/theme/theme";
import classes from "./dashboard-layout.module.css";
import { VerticalNav } from "./dashboard-nav";
import { UpgradeCard } from "./upgrade-card";

export interface DashboardNavDrawerProps {
  nav: NavGroup[];
  opened: boolean;
  onClose: () => void;
}

/** The phone's navigation drawer, loaded the first time it opens. */
export function DashboardNavDrawer({ nav, opened, onClose }: DashboardNavDrawerProps) {
  const { t } = useTranslation("navbar");
  const hydrated = useHydrated();
  const shown = useOpenedAfterLoad(opened);

  return (
    <Drawer
      zIndex={HEADER_DRAWER_Z_INDEX}
      opened={shown}
      onClose={onClose}
      position="left"
      size={320}
      withinPortal={hydrated}
      withCloseButton={false}
      padding={0}
      hiddenFrom="md"
      classNames={{ content: classes.drawerContent }}
    >
      <Drawer.Title className="visually-hidden">{t("menu")}</Drawer.Title>
      <div className={classes.drawerBody}>
        <div style={{ paddingInline: 28 }}>
          <Logo />
        </div>
        <nav aria-label={t("menu")}>
          <VerticalNav groups={nav} />
        </nav>
        <UpgradeCard />
      </div>
    </Drawer>
  );
}
