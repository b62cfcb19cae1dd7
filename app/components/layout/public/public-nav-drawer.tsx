import { ActionIcon, Button, Drawer, Group, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Logo } from "~/components/logo";
import { PanelDrawer } from "~/components/panel-drawer";
import type { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { DASHBOARD_PATH, SIGN_IN_PATH, SIGN_UP_PATH } from "./nav-config";
import { MobileNav } from "./public-nav";

interface PublicNavDrawerProps {
  /** A signed-in person gets "Dashboard" instead of "Sign in" and "Sign Up". */
  signedIn: boolean;
  opened: boolean;
  onClose: () => void;
  /** The close button's link (`?panel=` removed), followed when JavaScript is off. */
  closeLinkProps: ReturnType<typeof useUrlToggle>["closeLinkProps"];
}

/** The public site's phone menu, loaded the first time it opens. */
export function PublicNavDrawer({ signedIn, opened, onClose, closeLinkProps }: PublicNavDrawerProps) {
  const { t } = useTranslation();

  return (
    <PanelDrawer opened={opened} onClose={onClose} position="left" size={320} padding="md" hiddenFrom="md">
      {/* Names the dialog (aria-labelledby) for assistive technology; the logo is its visible head. */}
      <Drawer.Title className="visually-hidden">{t("navbar:menu")}</Drawer.Title>
      <Stack justify="space-between" mih="calc(100dvh - 32px)">
        <Stack gap="lg">
          <Group justify="space-between">
            <Logo />
            <ActionIcon
              component="a"
              {...closeLinkProps}
              variant="subtle"
              color="gray"
              aria-label={t("navbar:closeMenu")}
            >
              ✕
            </ActionIcon>
          </Group>
          <MobileNav />
        </Stack>
        {signedIn ? (
          <Button component={Link} to={DASHBOARD_PATH} fullWidth>
            {t("navbar:dashboard")}
          </Button>
        ) : (
          <Stack gap="sm">
            <Button component={Link} to={SIGN_IN_PATH} variant="outline" fullWidth>
              {t("navbar:signIn")}
            </Button>
            <Button component={Link} to={SIGN_UP_PATH} fullWidth>
              {t("navbar:signUp")}
            </Button>
          </Stack>
        )}
      </Stack>
    </PanelDrawer>
  );
}
