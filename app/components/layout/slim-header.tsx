import { Anchor, Box, Container, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitcher } from "~/components/language/language-switcher";
import { Logo } from "~/components/logo";
import { SettingsDrawer } from "~/components/settings/settings-drawer";
import classes from "./compact-layout.module.css";

/** The slim header of the compact and auth layouts: logo, "Need help?", language and settings. */
export function SlimHeader() {
  const { t } = useTranslation();
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to="/faqs" size="sm" fw={600} c="var(--mantine-color-text)">
              {t("layout.needHelp")}
            </Anchor>
            <LanguageSwitcher />
            <SettingsDrawer scope="public" />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
