import { Button, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link } from "react-router";
import classes from "./error-page.module.css";

const KNOWN = new Set([403, 404, 500]);

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

/**
 * A translated error page with a way back. Used by /error/403, /error/404, /error/500, /404 and
 * by error boundaries (which pass the error; anything unknown is shown as a 500).
 */
export function ErrorPage({ status, error }: { status?: number; error?: unknown }) {
  const { t } = useTranslation();
  const code = status ?? statusOf(error);
  const key = KNOWN.has(code) ? String(code) : code >= 500 ? "500" : "404";
  if (error && !isRouteErrorResponse(error)) console.error(error);

  return (
    <Stack align="center" gap="lg" py="xl">
      <Text className={classes.code} aria-hidden>
        {code}
      </Text>
      <Title order={1} size="h2">
        {t(`errors.${key}.title`)}
      </Title>
      <Text c="dimmed">{t(`errors.${key}.description`)}</Text>
      <Button
        component={Link}
        to="/"
        size="md"
        leftSection={<IconArrowLeft size={18} className={classes.back} />}
      >
        {t("errors.goHome")}
      </Button>
    </Stack>
  );
}
