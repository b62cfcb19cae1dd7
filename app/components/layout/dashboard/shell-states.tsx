import { Box, Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconFileUnknown, IconLock, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Link,
  useLocation,
  useNavigation,
  useRevalidator,
  useRouteError,
} from "react-router";
import { SlimHeader } from "~/components/layout/slim-header";
import classes from "./shell-states.module.css";

/**
 * "Loading..." while the next dashboard page loads (spec §4). It fades in only when loading
 * lasts, so quick navigations do not flash it.
 */
export function ShellLoading() {
  const { t } = useTranslation("navbar");
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname !== pathname;
  if (!loading) return null;
  return (
    <Group className={classes.loading} gap="xs" role="status" aria-live="polite">
      <Loader size="xs" />
      <Text size="sm" fw={600}>
        {t("shell.states.loading")}
      </Text>
    </Group>
  );
}

/** The message of an error a loader threw, in words a person can read. */
function errorMessage(error: unknown, fallback: string): string {
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    if (typeof data === "string" && data.trim()) return data;
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string")
      return data.message;
    return error.statusText || String(error.status);
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * The ErrorBoundary of every dashboard page (and, under the slim header, of the shell itself):
 * a missing or hidden record (404) and a refusal (403) get their own message with a way back;
 * anything else is "Error: {message}" (spec §4) with a retry, which loads the page again.
 *
 * The error is read with useRouteError(): the routes re-export this component as their
 * ErrorBoundary (`export { DashboardErrorState as ErrorBoundary } from …`), and React Router's
 * build passes props only to an ErrorBoundary declared in the route module itself, so a re-export
 * got no `error` and showed every 404 as "Error: Something went wrong".
 */
export function DashboardErrorState() {
  const { t } = useTranslation("navbar");
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  if (status === 404 || status === 403) {
    const kind = status === 404 ? "notFound" : "forbidden";
    return (
      <Center py={80} data-testid="dashboard-error" data-status={status}>
        <Stack align="center" gap="md" maw={520} ta="center">
          <ThemeIcon size={64} radius="xl" color="orange" variant="light">
            {status === 404 ? <IconFileUnknown size={34} aria-hidden /> : <IconLock size={34} aria-hidden />}
          </ThemeIcon>
          <Title order={1} size="h3">
            {t(`shell.states.${kind}.title`)}
          </Title>
          <Text c="dimmed">{t(`shell.states.${kind}.text`)}</Text>
          <Button component={Link} to="/dashboard" variant="light">
            {t("shell.states.backToDashboard")}
          </Button>
        </Stack>
      </Center>
    );
  }
  return (
    <Center py={80} data-testid="dashboard-error" data-status={status ?? 500}>
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={34} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h3" role="alert">
          {t("shell.states.error", { message: errorMessage(error, t("shell.states.unknownError")) })}
        </Title>
        <Group>
          <RetryButton />
          <Button component={Link} to="/dashboard" variant="light">
            {t("shell.states.backToDashboard")}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

/**
 * Loads the page again: with JavaScript its loaders run again in place (the boundary clears when
 * they succeed); without, it is a link to the same address.
 */
function RetryButton() {
  const { t } = useTranslation("navbar");
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  return (
    <Button
      component="a"
      href={`${pathname}${search}`}
      leftSection={<IconRefresh size={18} aria-hidden />}
      loading={revalidator.state === "loading"}
      onClick={(event) => {
        event.preventDefault();
        void revalidator.revalidate();
      }}
    >
      {t("shell.states.retry")}
    </Button>
  );
}

/** When the shell itself could not load: the error page under the slim header. */
export function DashboardLayoutError() {
  return (
    <Box mih="100dvh">
      <SlimHeader />
      <Box component="main" id="main">
        <DashboardErrorState />
      </Box>
    </Box>
  );
}
