import { ActionIcon, Box, Burger, Button, Container, Drawer, Group, Stack } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconMenu2 } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitcher } from "~/components/language/language-switcher";
import { Logo } from "~/components/logo";
import { SettingsDrawer } from "~/components/settings/settings-drawer";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import classes from "./public-header.module.css";
import { DesktopNav, MobileNav } from "./public-nav";

export const SIGN_IN_PATH = "/auth/supabase/sign-in";
export const SIGN_UP_PATH = "/auth/supabase/sign-up";

/** The public header (spec §2): mobile menu, logo, navigation, language, settings, "Sign Up". */
export function PublicHeader() {
  const { t } = useTranslation();
  const mounted = useMounted();
  const mobileNav = useUrlToggle("nav", { closeOnNavigate: true });

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {mounted ? (
              <Burger
                opened={mobileNav.opened}
                onClick={mobileNav.opened ? mobileNav.close : mobileNav.open}
                hiddenFrom="md"
                size="sm"
                aria-label={t("navbar:openMenu")}
              />
            ) : (
              <ActionIcon
                component="a"
                {...mobileNav.openLinkProps}
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
            <Button component={Link} to={SIGN_UP_PATH} size="sm" radius="md" className={classes.signUp}>
              {t("navbar:signUp")}
            </Button>
          </Group>
        </Group>
      </Container>

      <Drawer
        opened={mobileNav.opened}
        onClose={mobileNav.close}
        position="left"
        size={320}
        withinPortal={mounted}
        withCloseButton={false}
        padding="md"
        hiddenFrom="md"
      >
        {/* Names the dialog (aria-labelledby) for assistive technology; the logo is its visible head. */}
        <Drawer.Title className="visually-hidden">{t("navbar:menu")}</Drawer.Title>
        <Stack justify="space-between" mih="calc(100dvh - 32px)">
          <Stack gap="lg">
            <Group justify="space-between">
              <Logo />
              <ActionIcon
                component="a"
                {...mobileNav.closeLinkProps}
                variant="subtle"
                color="gray"
                aria-label={t("navbar:closeMenu")}
              >
                ✕
              </ActionIcon>
            </Group>
            <MobileNav />
          </Stack>
          <Stack gap="sm">
            <Button component={Link} to={SIGN_IN_PATH} variant="outline" fullWidth>
              {t("navbar:signIn")}
            </Button>
            <Button component="a" href={SIGN_UP_PATH} target="_blank" rel="noopener" fullWidth>
              {t("navbar:purchase")}
            </Button>
          </Stack>
        </Stack>
      </Drawer>
    </Box>
  );
}
