import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ShellLoading } from "~/components/layout/dashboard/shell-states";
import { Logo } from "~/components/logo";
import { useSettings } from "~/components/settings/use-settings";
import type { SignedInUser } from "~/features/auth/user";
import type { SeenContact } from "~/features/contacts/last-seen";
import {
  LiveNotificationsProvider,
  type RealtimeEndpoint,
} from "~/features/notifications/components/live-notifications";
import type { BellNotifications } from "~/features/notifications/notification-time";
import type { Workspace } from "~/features/workspaces/workspaces";
import { firstUseComponent, useFirstUse } from "~/lib/first-use";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import type { NavGroup } from "~/lib/navigation/nav";
import { DashboardHeader } from "./dashboard-header";
import classes from "./dashboard-layout.module.css";
import { HorizontalNav, MiniNav, VerticalNav } from "./dashboard-nav";
import { NavLayoutToggle } from "./nav-layout-toggle";
import { NoAccessLevel } from "./no-access-level";
import { UpgradeCard } from "./upgrade-card";

/** `?panel=nav` opens the phone's navigation drawer, on the server too. */
const PANEL = "nav";
const DashboardNavDrawer = firstUseComponent(() => import("./dashboard-nav-drawer"), "DashboardNavDrawer", {
  panel: PANEL,
});

interface DashboardLayoutProps {
  user: SignedInUser;
  /** The navigation the person sees (already filtered by access level and existing pages). */
  nav: NavGroup[];
  notifications: BellNotifications;
  contacts: SeenContact[];
  /** The person's firm (or personal space) and plan. */
  workspace: Workspace;
  realtime: RealtimeEndpoint;
  children: ReactNode;
}

/**
 * The frame of every signed-in page (spec §2 Dashboard chrome): navigation in the vertical, mini
 * or horizontal layout chosen in the settings, the header, and the page. On phones the
 * navigation is a drawer that closes on every location change.
 */
export function DashboardLayout(props: DashboardLayoutProps) {
  return (
    <LiveNotificationsProvider
      userId={props.user.id}
      realtime={props.realtime}
      since={props.notifications.fetchedAt}
    >
      <Shell {...props} />
    </LiveNotificationsProvider>
  );
}

function Shell({ user, nav, notifications, contacts, workspace, children }: DashboardLayoutProps) {
  const { t } = useTranslation("navbar");
  const { navLayout, navColor, compactLayout } = useSettings();
  const mobileNav = useUrlToggle(PANEL, { closeOnNavigate: true });
  const mobileNavUse = useFirstUse(mobileNav.opened);

  return (
    <div
      className={classes.shell}
      data-testid="dashboard-shell"
      data-layout={navLayout}
      data-nav-color={navColor}
      data-compact={compactLayout || undefined}
    >
      <a href="#main" className={classes.skip}>
        {t("shell.skipToContent")}
      </a>
      {navLayout !== "horizontal" && (
        <aside className={classes.sidebar} data-testid="dashboard-sidebar">
          <div className={classes.sidebarTop}>
            <Logo markOnly={navLayout === "mini"} />
          </div>
          <div className={classes.sidebarScroll}>
            <nav aria-label={t("menu")}>
              {navLayout === "mini" ? <MiniNav groups={nav} /> : <VerticalNav groups={nav} />}
            </nav>
            {navLayout === "vertical" && <UpgradeCard plan={workspace.plan} />}
          </div>
          <div className={classes.toggle}>
            <NavLayoutToggle layout={navLayout} />
          </div>
        </aside>
      )}

      <div className={classes.column}>
        <DashboardHeader
          user={user}
          nav={nav}
          notifications={notifications}
          contacts={contacts}
          workspace={workspace}
          mobileNav={mobileNav}
          mobileNavIntentProps={mobileNavUse.intentProps}
          logoClassName={classes.headerLogo}
          className={classes.header}
        />
        {navLayout === "horizontal" && (
          <nav className={classes.hbar} aria-label={t("menu")} data-testid="dashboard-hbar">
            <HorizontalNav groups={nav} />
          </nav>
        )}
        <main id="main" className={classes.main}>
          <ShellLoading />
          <div className={classes.content}>{user.profileLoaded ? children : <NoAccessLevel />}</div>
        </main>
      </div>

      {mobileNavUse.used && (
        <Suspense fallback={null}>
          <DashboardNavDrawer
            nav={nav}
            plan={workspace.plan}
            opened={mobileNav.opened}
            onClose={mobileNav.close}
          />
        </Suspense>
      )}
    </div>
  );
}
