import { ActionIcon, Box, Burger, Button, Container, Group } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconMenu2 } from "@tabler/icons-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitcher } from "~/components/language/language-switcher";
import { Logo } from "~/components/logo";
import { SettingsDrawer } from "~/components/settings/settings-drawer";
import { firstUseComponent, useFirstUse } from "~/lib/first-use";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { DASHBOARD_PATH, SIGN_IN_PATH, SIGN_UP_PATH } from "./nav-config";
import classes from "./public-header.module.css";
import { DesktopNav } from "./public-nav";

/** `?panel=nav` opens the phone's menu, on the server too. */
const PANEL = "nav";
const PublicNavDrawer = firstUseComponent(() => import("./public-nav-drawer"), "PublicNavDrawer", {
  panel: PANEL,
});

/**
 * The public header (spec §2): mobile menu, logo, navigation, language, settings, and the way in:
 * "Sign in" and "Sign Up" for a visitor, "Dashboard" for a signed-in person.
 */
export function PublicHeader({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const mounted = useMounted();
  const mobileNav = useUrlToggle(PANEL, { closeOnNavigate: true });
  const mobileNavUse = useFirstUse(mobileNav.opened);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {mounted ? (
              <Burger
                opened={mobileNav.opened}
                onClick={mobileNav.opened ? mobileNav.close : mobileNav.open}
                {...mobileNavUse.intentProps}
                hiddenFrom="md"
                size="sm"
                aria-label={t("navbar:openMenu")}
              />
            ) : (
              <ActionIcon
                component="a"
                {...mobileNav.openLinkProps}
                {...mobileNavUse.intentProps}
                hiddenFrom="md"
                variant="subtle"
                color="gray"
                aria-label={t("navbar:openMenu")}
                rel="nofollow"
              >
                <IconMenu2 size={22} />
              </ActionIcon>
            )}
            <Logo />
          </Group>

          <DesktopNav />

          <Group gap={6} wrap="nowrap">
            <LanguageSwitcher />
            <SettingsDrawer scope="public" />
            {signedIn ? (
              <Button component={Link} to={DASHBOARD_PATH} size="sm" radius="md" className={classes.signUp}>
                {t("navbar:dashboard")}
              </Button>
            ) : (
              <>
                <Button
                  component={Link}
                  to={SIGN_IN_PATH}
                  size="sm"
                  radius="md"
                  variant="default"
                  visibleFrom="sm"
                >
                  {t("navbar:signIn")}
                </Button>
                <Button component={Link} to={SIGN_UP_PATH} size="sm" radius="md" className={classes.signUp}>
                  {t("navbar:signUp")}
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Container>

      {mobileNavUse.used && (
        <Suspense fallback={null}>
          <PublicNavDrawer
            signedIn={signedIn}
            opened={mobileNav.opened}
            onClose={mobileNav.close}
            closeLinkProps={mobileNav.closeLinkProps}
          />
        </Suspense>
      )}
    </Box>
  );
}
