import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import classes from "./error-page.module.css";

const KNOWN = new Set([403, 404, 500]);

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

/**
 * A translated error page with a way back. Used by /error/403, /error/404, /error/500, /404 and
 * by error boundaries (which pass the error; anything unknown is shown as a 500, with a way to load
 * the page again: a plain link, so the whole document reloads even when the app itself failed).
 */
export function ErrorPage({ status, error }: { status?: number; error?: unknown }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
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
      <Group justify="center">
        {error !== undefined && key === "500" ? (
          <Button
            component="a"
            href={`${pathname}${search}`}
            size="md"
            variant="light"
            leftSection={<IconRefresh size={18} aria-hidden />}
          >
            {t("errors.retry")}
          </Button>
        ) : null}
        <Button
          component={Link}
          to="/"
          size="md"
          leftSection={<IconArrowLeft size={18} className={classes.back} />}
        >
          {t("errors.goHome")}
        </Button>
      </Group>
    </Stack>
  );
}
