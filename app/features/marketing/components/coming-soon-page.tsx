import { Box, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCspNonce } from "~/lib/csp-nonce";
import { isolate } from "~/lib/i18n/bidi";
import { getLanguageOption } from "~/lib/i18n/languages";
import classes from "./coming-soon-page.module.css";
import { COUNTDOWN_UNITS, countdownScript, timeLeft } from "./countdown";

/** When the new MyLawyer opens to the public. */
const LAUNCH_DATE = "2027-03-01T08:00:00Z";

/**
 * The current time, ticking every second in the browser once React renders the page (reached by a
 * client-side navigation). It starts from the server's clock so that the first render matches the
 * HTML; loaded as a document, the page is static and `countdownScript` ticks it (ADR 0015).
 */
function useNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The coming-soon page: what is coming, a countdown to the launch, and ways to get in touch. */
export function ComingSoonPage({ serverNow }: { serverNow: number }) {
  const { t, i18n } = useTranslation("coming-soon");
  const { numberFormat, dir } = getLanguageOption(i18n.language);
  const locale = numberFormat.code;
  const launch = Date.parse(LAUNCH_DATE);
  const remaining = timeLeft(launch, useNow(serverNow));
  const twoDigits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 });
  const launchDay = isolate(
    new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(launch),
    dir,
  );

  return (
    <Stack align="center" gap="lg">
      <ComingSoonIllustration />
      <Title order={1} size="h2">
        {t("title")}
      </Title>
      <Text c="dimmed">{t("text")}</Text>
      <Box>
        <Text size="sm" fw={600} mb="sm">
          <Trans
            t={t}
            i18nKey="launch"
            values={{ date: launchDay }}
            components={{ time: <time dateTime={LAUNCH_DATE} /> }}
          />
        </Text>
        <SimpleGrid
          cols={4}
          spacing="xs"
          role="timer"
          aria-label={t("countdownLabel")}
          data-target={LAUNCH_DATE}
          data-locale={locale}
        >
          {COUNTDOWN_UNITS.map((unit) => (
            <Box key={unit} className={classes.unit}>
              <Text className={classes.value} data-unit={unit}>
                {twoDigits.format(remaining[unit])}
              </Text>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t(`units.${unit}`)}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <CountdownIsland />
      </Box>
      <Text size="sm" c="dimmed">
        {t("contactText")}
      </Text>
      <Group justify="center">
        <Button component={Link} to="/contact-us">
          {t("contact")}
        </Button>
        <Button component={Link} to="/" variant="default">
          {t("home")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The inline script that ticks the timer just before it; inserted by React later, it does not run (nor need to). */
function CountdownIsland() {
  const nonce = useCspNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, no user input.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: countdownScript() }} />;
}

function ComingSoonIllustration() {
  return (
    <svg viewBox="0 0 240 160" className={classes.illustration} aria-hidden focusable="false">
      <ellipse cx="120" cy="146" rx="92" ry="8" className={classes.shadow} />
      <rect x="44" y="28" width="152" height="112" rx="12" className={classes.paper} />
      <rect x="44" y="28" width="152" height="28" rx="12" className={classes.primary} />
      <rect x="44" y="44" width="152" height="12" className={classes.primary} />
      <circle cx="76" cy="28" r="6" className={classes.ring} />
      <circle cx="164" cy="28" r="6" className={classes.ring} />
      <g className={classes.grid}>
        <rect x="60" y="68" width="20" height="14" rx="3" />
        <rect x="88" y="68" width="20" height="14" rx="3" />
        <rect x="116" y="68" width="20" height="14" rx="3" />
        <rect x="144" y="68" width="20" height="14" rx="3" />
        <rect x="60" y="90" width="20" height="14" rx="3" />
        <rect x="88" y="90" width="20" height="14" rx="3" />
        <rect x="144" y="90" width="20" height="14" rx="3" />
        <rect x="60" y="112" width="20" height="14" rx="3" />
        <rect x="88" y="112" width="20" height="14" rx="3" />
        <rect x="116" y="112" width="20" height="14" rx="3" />
      </g>
      <rect x="116" y="90" width="20" height="14" rx="3" className={classes.primary} />
      <circle cx="184" cy="116" r="30" className={classes.paper} />
      <circle cx="184" cy="116" r="30" className={classes.outline} />
      <path d="M184 98v18l12 8" className={classes.hands} />
    </svg>
  );
}
