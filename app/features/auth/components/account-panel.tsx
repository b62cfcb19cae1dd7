import { ActionIcon, Avatar, Badge, Drawer, NavLink, Stack, Text } from "@mantine/core";
import { type Icon, IconHome, IconSettings, IconUser, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PanelDrawer } from "~/components/panel-drawer";
import type { SignedInUser } from "~/features/auth/user";
import type { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { isDashboardPage } from "~/lib/navigation/dashboard-pages";
import classes from "./account-drawer.module.css";
import { SignOutButton } from "./sign-out-button";

/** The drawer's profile links (spec §2: account drawer with profile links); a link shows once its page exists. */
const ACCOUNT_LINKS: readonly { key: "home" | "profile" | "settings"; path: string; icon: Icon }[] = [
  { key: "home", path: "/dashboard", icon: IconHome },
  { key: "profile", path: "/dashboard/lawyer_user", icon: IconUser },
  { key: "settings", path: "/dashboard/lawyer_user/account", icon: IconSettings },
];

interface AccountPanelProps {
  user: SignedInUser;
  opened: boolean;
  onClose: () => void;
  /** The close button's link (`?panel=` removed), followed when JavaScript is off. */
  closeLinkProps: ReturnType<typeof useUrlToggle>["closeLinkProps"];
}

/**
 * The account drawer (spec §2), loaded the first time it opens: who is signed in, their access
 * level, profile links and Logout, a form post either way.
 */
export function AccountPanel({ user, opened, onClose, closeLinkProps }: AccountPanelProps) {
  const { t } = useTranslation(["header", "auth"]);
  const { pathname } = useLocation();
  const links = ACCOUNT_LINKS.filter((link) => isDashboardPage(link.path));
  const avatar = { src: user.photoURL, name: user.displayName, color: "initials" } as const;

  return (
    <PanelDrawer
      opened={opened}
      onClose={onClose}
      // "right" is the end side: Mantine mirrors it in right-to-left, next to the avatar.
      position="right"
      size={360}
      overlayProps={{ backgroundOpacity: 0.1 }}
      padding={0}
    >
      <Drawer.Title className="visually-hidden">{t("account.title")}</Drawer.Title>
      <div className={classes.panel}>
        <ActionIcon
          component="a"
          {...closeLinkProps}
          variant="subtle"
          color="gray"
          className={classes.close}
          aria-label={t("account.close")}
        >
          <IconX size={20} />
        </ActionIcon>

        <Stack align="center" gap={4} className={classes.identity}>
          <div className={classes.ring}>
            <Avatar {...avatar} alt="" radius="50%" size={88} />
          </div>
          <Text fw={700} size="lg" ta="center" className={classes.wrap}>
            {user.displayName}
          </Text>
          {user.email && (
            <Text size="sm" c="dimmed" ta="center" className={classes.wrap}>
              {user.email}
            </Text>
          )}
          <Badge variant="light" radius="sm" mt={8}>
            <span className="visually-hidden">{t("account.accessLevel")} </span>
            {t(`auth:demo.levels.${user.accessLevel}`)}
          </Badge>
        </Stack>

        <nav aria-label={t("account.links")} className={classes.links}>
          {links.map(({ key, path, icon: LinkIcon }) => (
            <NavLink
              key={key}
              component={Link}
              to={path}
              label={t(`account.${key}`)}
              leftSection={<LinkIcon size={20} stroke={1.7} aria-hidden />}
              active={pathname === path}
              aria-current={pathname === path ? "page" : undefined}
              // Following a link to the page already shown changes no location: close here too.
              onClick={onClose}
              className={classes.link}
            />
          ))}
        </nav>

        <div className={classes.footer}>
          <SignOutButton fullWidth size="md" />
        </div>
      </div>
    </PanelDrawer>
  );
}
