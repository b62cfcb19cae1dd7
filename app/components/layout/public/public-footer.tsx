import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Logo } from "~/components/logo";
import classes from "./public-footer.module.css";

const COMPANY_LINKS = [
  { key: "aboutUs", to: "/about-us" },
  { key: "contactUs", to: "/contact-us" },
  { key: "faqs", to: "/faqs" },
] as const;

const LEGAL_LINKS = [
  { key: "terms", to: "/privacy-policy#terms" },
  { key: "privacyPolicy", to: "/privacy-policy" },
] as const;

function Copyright() {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed">
      {t("footer.copyright", { year: new Date().getFullYear() })}
    </Text>
  );
}

/** The home page's full footer: brand, link columns and copyright (spec §1). */
export function HomeFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" className={classes.footer}>
      <Divider />
      <Container size="lg" py={56}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing={40}>
          <Stack gap="sm" maw={320}>
            <Logo />
            <Text size="sm" c="dimmed">
              {t("footer.description")}
            </Text>
          </Stack>
          <Stack gap="xs">
            <Text fw={700} size="xs" tt="uppercase">
              {t("footer.company")}
            </Text>
            {COMPANY_LINKS.map((link) => (
              <Anchor key={link.key} component={Link} to={link.to} size="sm" c="dimmed">
                {t(`footer.links.${link.key}`)}
              </Anchor>
            ))}
          </Stack>
          <Stack gap="xs">
            <Text fw={700} size="xs" tt="uppercase">
              {t("footer.legal")}
            </Text>
            {LEGAL_LINKS.map((link) => (
              <Anchor key={link.key} component={Link} to={link.to} size="sm" c="dimmed">
                {t(`footer.links.${link.key}`)}
              </Anchor>
            ))}
            <Text fw={700} size="xs" tt="uppercase" mt="md">
              {t("footer.contact")}
            </Text>
            <Anchor href="mailto:support@mylawyer.app" size="sm" c="dimmed">
              support@mylawyer.app
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Divider my="xl" />
        <Copyright />
      </Container>
    </Box>
  );
}

/** The slim footer of every other public page. */
export function SimpleFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" className={classes.simple}>
      <Container size="lg" py="lg">
        <Group justify="space-between" gap="sm">
          <Copyright />
          <Group gap="md" component="nav" aria-label={t("footer.legal")}>
            {[...COMPANY_LINKS, ...LEGAL_LINKS].map((link) => (
              <Anchor key={link.key} component={Link} to={link.to} size="xs" c="dimmed">
                {t(`footer.links.${link.key}`)}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
