import { Box, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBolt } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CompactLayout } from "~/components/layout/compact-layout";
import { SlimHeader } from "~/components/layout/slim-header";
import classes from "./auth-layouts.module.css";

/** The three auth layouts (spec §2): simple (448 px), split with the side panel, centred card (420 px). */
export type AuthLayoutVariant = "simple" | "split" | "centered";

export function AuthLayout({ variant, children }: { variant: AuthLayoutVariant; children: ReactNode }) {
  if (variant === "simple") {
    return (
      <CompactLayout>
        <Box ta="start">{children}</Box>
      </CompactLayout>
    );
  }
  if (variant === "centered") {
    return (
      <Box className={classes.root}>
        <SlimHeader />
        <Box component="main" id="main" className={classes.centeredMain}>
          <Card withBorder radius="lg" padding="xl" shadow="md" className={classes.content}>
            {children}
          </Card>
        </Box>
      </Box>
    );
  }
  return (
    <Box className={classes.root}>
      <SlimHeader />
      <Box className={classes.split}>
        <SidePanel />
        <Box component="main" id="main" className={classes.splitMain}>
          <Box className={classes.content}>{children}</Box>
        </Box>
      </Box>
    </Box>
  );
}

/** Title, subtitle, illustration and the single sign-in method: the hosted provider. */
function SidePanel() {
  const { t } = useTranslation("auth");
  return (
    <Box component="aside" className={classes.panel}>
      <Stack gap="xs" maw={360}>
        <Title order={2} size="h3">
          {t("panel.title")}
        </Title>
        <Text c="dimmed">{t("panel.subtitle")}</Text>
      </Stack>
      <Illustration />
      <Group gap="sm" justify="center">
        <Text size="sm" c="dimmed">
          {t("panel.method")}
        </Text>
        {/* Named for everyone; the page is static (ADR 0023), so the mouse's tooltip is the browser's own. */}
        <ThemeIcon
          variant="light"
          radius="md"
          size={36}
          aria-label={t("panel.provider")}
          title={t("panel.provider")}
          role="img"
        >
          <IconBolt size={20} aria-hidden />
        </ThemeIcon>
      </Group>
    </Box>
  );
}

/** A case file, a balance and a signature line, in the primary colour. */
function Illustration() {
  return (
    <svg className={classes.illustration} viewBox="0 0 360 240" aria-hidden="true" fill="none">
      <rect x="70" y="28" width="170" height="196" rx="14" fill="currentColor" opacity="0.12" />
      <rect
        x="92"
        y="52"
        width="170"
        height="172"
        rx="14"
        fill="var(--mantine-color-body)"
        stroke="currentColor"
        strokeWidth="3"
      />
      <rect x="114" y="82" width="96" height="10" rx="5" fill="currentColor" opacity="0.55" />
      <rect x="114" y="104" width="126" height="8" rx="4" fill="currentColor" opacity="0.25" />
      <rect x="114" y="122" width="110" height="8" rx="4" fill="currentColor" opacity="0.25" />
      <rect x="114" y="140" width="118" height="8" rx="4" fill="currentColor" opacity="0.25" />
      <path
        d="M114 190c12-14 22-14 30 0s18 14 30-4"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="276" cy="92" r="46" fill="currentColor" opacity="0.14" />
      <path
        d="M276 66v52M254 78h44M254 78l-10 24h20zM298 78l-10 24h20z"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <rect x="264" y="118" width="24" height="6" rx="3" fill="currentColor" />
    </svg>
  );
}
