import { ActionIcon, Box, Button, Drawer, Group, Indicator, ScrollArea, Text, Tooltip } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconBell, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { isDashboardPage } from "~/lib/navigation/dashboard-pages";
import type { BellNotifications } from "../notification-time";
import {
  addToCounts,
  filterTab,
  mergeArrivals,
  NOTIFICATION_TABS,
  type NotificationTab,
} from "../notifications";
import { useArrivals } from "./live-notifications";
import { MarkAllReadButton, NOTIFICATIONS_PAGE } from "./notification-actions";
import { NotificationRow } from "./notification-row";
import { NotificationTabs } from "./notification-tabs";
import classes from "./notifications-bell.module.css";

const TAB_PARAM = "notificationsTab";

/**
 * The header's bell (spec §2, §4): the unread count, and a drawer (max 420 px) with tabs All,
 * Unread and Archived, "mark all as read" and a View button per notification. New notifications
 * arrive live. It opens from a link and its tabs are links, so it works without JavaScript too.
 */
export function NotificationsBell({ summary }: { summary: BellNotifications }) {
  const { t } = useTranslation("notifications");
  const mounted = useMounted();
  const location = useLocation();
  const drawer = useUrlToggle("notifications");
  const requestedTab = new URLSearchParams(location.search).get(TAB_PARAM);
  const [tab, setTab] = useState<NotificationTab>(
    NOTIFICATION_TABS.find((value) => value === requestedTab) ?? "all",
  );
  const arrived = useArrivals(summary.fetchedAt);
  const counts = addToCounts(
    { all: summary.total, unread: summary.unread, archived: summary.archived },
    arrived,
  );
  const items = filterTab(mergeArrivals(arrived, summary.items), tab);
  const label = counts.unread > 0 ? t("bell.labelUnread", { count: counts.unread }) : t("bell.label");

  const tabHref = (value: NotificationTab) => {
    const search = new URLSearchParams(location.search);
    search.set("panel", "notifications");
    search.set(TAB_PARAM, value);
    return `${location.pathname}?${search}`;
  };

  return (
    <>
      <Tooltip label={t("title")} disabled={!mounted}>
        <ActionIcon
          component="a"
          {...drawer.openLinkProps}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          rel="nofollow"
          data-testid="notifications-bell"
        >
          <Indicator
            disabled={counts.unread === 0}
            label={counts.unread > 99 ? "99+" : counts.unread}
            size={18}
            color="red"
            offset={2}
          >
            <IconBell size={22} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Tooltip>

      <Drawer
        opened={drawer.opened}
        onClose={drawer.close}
        position="right"
        size="100%"
        styles={{ content: { maxWidth: 420 } }}
        withinPortal={mounted}
        withCloseButton={false}
        overlayProps={{ backgroundOpacity: 0.1 }}
        padding={0}
      >
        <Group className={classes.header} justify="space-between" wrap="nowrap">
          <Box>
            <Drawer.Title fw={700} fz="lg">
              {t("title")}
            </Drawer.Title>
            <Text size="sm" c="dimmed">
              {counts.unread > 0 ? t("bell.unreadSummary", { count: counts.unread }) : t("bell.allRead")}
            </Text>
          </Box>
          <Group gap={4} wrap="nowrap">
            <MarkAllReadButton disabled={counts.unread === 0} iconOnly />
            <ActionIcon
              component="a"
              {...drawer.closeLinkProps}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t("bell.close")}
            >
              <IconX size={20} />
            </ActionIcon>
          </Group>
        </Group>
        <div className={classes.tabs}>
          <NotificationTabs
            active={tab}
            counts={counts}
            hrefFor={tabHref}
            onSelect={setTab}
            testIdPrefix="bell-count"
          />
        </div>
        <ScrollArea.Autosize mah="calc(100dvh - 190px)">
          {items.length === 0 ? (
            <Text c="dimmed" ta="center" py={48}>
              {t("empty")}
            </Text>
          ) : (
            <ul className={classes.list} data-testid="bell-list">
              {items.map((item) => (
                <NotificationRow key={item.id} item={item} />
              ))}
            </ul>
          )}
        </ScrollArea.Autosize>
        {isDashboardPage(NOTIFICATIONS_PAGE) && (
          <Box p="md" className={classes.footer}>
            <Button component={Link} to={NOTIFICATIONS_PAGE} variant="subtle" fullWidth>
              {t("bell.viewAll", { count: counts.all })}
            </Button>
          </Box>
        )}
      </Drawer>
    </>
  );
}
