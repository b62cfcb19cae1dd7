import { ActionIcon, Box, Burger, Group } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconMenu2 } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "~/components/language/language-switcher";
import { Logo } from "~/components/logo";
import { SettingsDrawer } from "~/components/settings/settings-drawer";
import { AccountDrawer } from "~/features/auth/components/account-drawer";
import type { SignedInUser } from "~/features/auth/user";
import { ContactsPopover } from "~/features/contacts/components/contacts-popover";
import type { SeenContact } from "~/features/contacts/last-seen";
import { NotificationsBell } from "~/features/notifications/components/notifications-bell";
import type { BellNotifications } from "~/features/notifications/notification-time";
import { WorkspaceSwitcher } from "~/features/workspaces/components/workspace-switcher";
import type { Workspace } from "~/features/workspaces/workspaces";
import type { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import type { NavGroup } from "~/lib/navigation/nav";
import { NavSearch } from "./nav-search";

interface DashboardHeaderProps {
  user: SignedInUser;
  nav: NavGroup[];
  notifications: BellNotifications;
  contacts: SeenContact[];
  workspace: Workspace;
  mobileNav: ReturnType<typeof useUrlToggle>;
  /** Start loading the navigation drawer when the pointer reaches the menu button. */
  mobileNavIntentProps: { onPointerEnter: () => void };
  className?: string;
  logoClassName?: string;
}

/**
 * The dashboard header: the phone's menu button, the workspace switcher, then search, language,
 * notifications, contacts, settings and the account drawer.
 */
export function DashboardHeader({
  user,
  nav,
  notifications,
  contacts,
  workspace,
  mobileNav,
  mobileNavIntentProps,
  className,
  logoClassName,
}: DashboardHeaderProps) {
  const { t } = useTranslation("navbar");
  const mounted = useMounted();
  return (
    <Box component="header" className={className}>
      {mounted ? (
        <Burger
          opened={mobileNav.opened}
          onClick={mobileNav.opened ? mobileNav.close : mobileNav.open}
          {...mobileNavIntentProps}
          hiddenFrom="md"
          size="sm"
          aria-label={t("openMenu")}
        />
      ) : (
        <ActionIcon
          component="a"
          {...mobileNav.openLinkProps}
          {...mobileNavIntentProps}
          hiddenFrom="md"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t("openMenu")}
          rel="nofollow"
        >
          <IconMenu2 size={22} />
        </ActionIcon>
      )}
      <div className={logoClassName}>
        <Logo />
      </div>
      <WorkspaceSwitcher workspace={workspace} />
      <Group gap={4} wrap="nowrap" ms="auto">
        <NavSearch groups={nav} />
        <LanguageSwitcher />
        <NotificationsBell summary={notifications} />
        <ContactsPopover contacts={contacts} />
        <SettingsDrawer scope="dashboard" />
        <AccountDrawer user={user} />
      </Group>
    </Box>
  );
}
