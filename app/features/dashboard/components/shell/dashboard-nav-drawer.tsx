import { Drawer } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Logo } from "~/components/logo";
import { PanelDrawer } from "~/components/panel-drawer";
import type { PlanId } from "~/features/payment/plans";
import type { NavGroup } from "~/lib/navigation/nav";
import classes from "./dashboard-layout.module.css";
import { VerticalNav } from "./dashboard-nav";
import { UpgradeCard } from "./upgrade-card";

interface DashboardNavDrawerProps {
  nav: NavGroup[];
  /** The person's plan: the upgrade card offers the next one (none on the top plan). */
  plan: PlanId | null;
  opened: boolean;
  onClose: () => void;
}

/** The phone's navigation drawer, loaded the first time it opens. */
export function DashboardNavDrawer({ nav, plan, opened, onClose }: DashboardNavDrawerProps) {
  const { t } = useTranslation("navbar");

  return (
    <PanelDrawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={320}
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
        <UpgradeCard plan={plan} />
      </div>
    </PanelDrawer>
  );
}
