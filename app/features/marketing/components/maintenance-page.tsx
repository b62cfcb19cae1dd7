import { Button, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SUPPORT_EMAIL } from "~/features/contact/support";
import classes from "./maintenance-page.module.css";

/** The maintenance page: the site is being worked on, with a way back home. */
export function MaintenancePage() {
  const { t } = useTranslation("maintenance");
  return (
    <Stack align="center" gap="lg">
      <MaintenanceIllustration />
      <Title order={1} size="h2">
        {t("title")}
      </Title>
      <Text c="dimmed">{t("text")}</Text>
      <Text size="sm" c="dimmed">
        {t("urgent", { email: SUPPORT_EMAIL })}
      </Text>
      <Button
        component={Link}
        to="/"
        size="md"
        leftSection={<IconArrowLeft size={18} className={classes.back} />}
      >
        {t("home")}
      </Button>
    </Stack>
  );
}

function MaintenanceIllustration() {
  return (
    <svg viewBox="0 0 240 160" className={classes.illustration} aria-hidden focusable="false">
      <ellipse cx="120" cy="146" rx="92" ry="8" className={classes.shadow} />
      <rect x="36" y="24" width="140" height="104" rx="10" className={classes.paper} />
      <rect x="36" y="24" width="140" height="18" rx="9" className={classes.bar} />
      <circle cx="50" cy="33" r="3" className={classes.dot} />
      <circle cx="60" cy="33" r="3" className={classes.dot} />
      <circle cx="70" cy="33" r="3" className={classes.dot} />
      <rect x="52" y="56" width="72" height="8" rx="4" className={classes.line} />
      <rect x="52" y="72" width="100" height="8" rx="4" className={classes.line} />
      <rect x="52" y="88" width="56" height="8" rx="4" className={classes.line} />
      <g className={classes.gear} transform="translate(178 104)">
        <path d="M-6 -34h12l2 9 7 3 8-5 8 8-5 8 3 7 9 2v12l-9 2-3 7 5 8-8 8-8-5-7 3-2 9h-12l-2-9-7-3-8 5-8-8 5-8-3-7-9-2v-12l9-2 3-7-5-8 8-8 8 5 7-3z" />
        <circle r="11" className={classes.hole} />
      </g>
      <path d="M98 118l26-26" className={classes.handle} />
      <circle cx="128" cy="88" r="9" className={classes.wrench} />
      <circle cx="131" cy="85" r="4" className={classes.hole} />
    </svg>
  );
}
