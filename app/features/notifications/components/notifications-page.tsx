import { Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconBellOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { LinkPagination } from "~/components/link-pagination";
import { PageTitle } from "~/components/page-title";
import type { TimedNotification } from "../notification-time";
import {
  addToCounts,
  filterTab,
  mergeArrivals,
  NOTIFICATION_TYPES,
  type NotificationListParams,
  type TabCounts,
} from "../notifications";
import { useArrivals } from "./live-notifications";
import { MarkAllReadButton } from "./notification-actions";
import { NotificationRow } from "./notification-row";
import { NotificationTabs } from "./notification-tabs";
import classes from "./notifications-page.module.css";

type NotificationsPageProps = {
  params: NotificationListParams;
  items: TimedNotification[];
  counts: TabCounts;
  pageCount: number;
  fetchedAt: string;
};

/** A link to this page with some of its URL state changed (the page resets unless given). */
function useListHref() {
  const { pathname, search } = useLocation();
  return (change: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    next.delete("delete");
    if (!("page" in change)) next.delete("page");
    for (const [key, value] of Object.entries(change)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return `${pathname}${query ? `?${query}` : ""}`;
  };
}

/**
 * The notifications page (spec §2, §4): tabs All, Unread and Archived with counts, a filter by
 * type, pagination, mark read, mark all read and delete — every control a link or a form, so it
 * all works without JavaScript; with it, new notifications appear at the top as they arrive.
 */
export function NotificationsPage({ params, items, counts, pageCount, fetchedAt }: NotificationsPageProps) {
  const { t } = useTranslation("notifications");
  const href = useListHref();
  const arrived = useArrivals(fetchedAt).filter((item) => !params.type || item.type === params.type);
  const shown = params.page === 1 ? mergeArrivals(filterTab(arrived, params.tab), items) : items;
  const liveCounts = addToCounts(counts, arrived);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <PageTitle title={t("title")} description={t("page.description")} />
        <MarkAllReadButton disabled={liveCounts.unread === 0} />
      </Group>

      <Paper withBorder radius="md">
        <Box className={classes.toolbar}>
          <NotificationTabs
            active={params.tab}
            counts={liveCounts}
            hrefFor={(tab) => href({ tab: tab === "all" ? null : tab })}
            testIdPrefix="count"
          />
          <Group gap={6} className={classes.types} role="group" aria-label={t("page.filterByType")}>
            {[null, ...NOTIFICATION_TYPES].map((type) => (
              <Button
                key={type ?? "all"}
                size="compact-sm"
                radius="xl"
                variant={params.type === type ? "filled" : "default"}
                component={Link}
                to={href({ type })}
                aria-current={params.type === type ? "true" : undefined}
              >
                {type ? t(`types.${type}`) : t("page.allTypes")}
              </Button>
            ))}
          </Group>
        </Box>

        {shown.length === 0 ? (
          <Stack align="center" gap="xs" py={56}>
            <IconBellOff size={36} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text c="dimmed">{t("empty")}</Text>
          </Stack>
        ) : (
          <ul className={classes.list} data-testid="notifications-list">
            {shown.map((item) => (
              <NotificationRow key={item.id} item={item} deletable />
            ))}
          </ul>
        )}
      </Paper>

      <Group justify="center">
        <LinkPagination
          page={params.page}
          pageCount={pageCount}
          href={(page) => href({ page: page === 1 ? null : String(page) })}
        />
      </Group>
    </Stack>
  );
}
