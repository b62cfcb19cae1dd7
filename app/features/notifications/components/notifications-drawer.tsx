import { ActionIcon, Box, Button, Drawer, Group, ScrollArea, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PanelDrawer } from "~/components/panel-drawer";
import type { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { isDashboardPage } from "~/lib/navigation/dashboard-pages";
import type { BellNotifications, TimedNotification } from "../notification-time";
import {
  filterTab,
  mergeArrivals,
  NOTIFICATION_TABS,
  type NotificationTab,
  type TabCounts,
} from "../notifications";
import { MarkAllReadButton, NOTIFICATIONS_PAGE } from "./notification-actions";
import { NotificationRow } from "./notification-row";
import { NotificationTabs } from "./notification-tabs";

const TAB_PARAM = "notificationsTab";

interface NotificationsDrawerProps {
  /** notifications-bell.module.css, imported by the bell. */
  classes: CSSModuleClasses;
  /** notification-tabs.module.css and notification-item.module.css, imported by the bell too. */
  styles: { tabs: CSSModuleClasses; item: CSSModuleClasses };
  summary: BellNotifications;
  /** The notifications that arrived live since the server read `summary`. */
  arrived: TimedNotification[];
  /** All, unread and archived, the live arrivals counted. */
  counts: TabCounts;
  opened: boolean;
  onClose: () => void;
  /** The close button's link (`?panel=` removed), followed when JavaScript is off. */
  closeLinkProps: ReturnType<typeof useUrlToggle>["closeLinkProps"];
}

/**
 * The bell's drawer (spec §2, §4; max 420 px), loaded the first time it opens: tabs All, Unread
 * and Archived, "mark all as read" and a View button per notification. Its tabs are links, so it
 * works without JavaScript too.
 */
export function NotificationsDrawer({
  classes,
  styles,
  summary,
  arrived,
  counts,
  opened,
  onClose,
  closeLinkProps,
}: NotificationsDrawerProps) {
  const { t } = useTranslation("notifications");
  const location = useLocation();
  const requestedTab = new URLSearchParams(location.search).get(TAB_PARAM);
  const [tab, setTab] = useState<NotificationTab>(
    NOTIFICATION_TABS.find((value) => value === requestedTab) ?? "all",
  );
  const items = filterTab(mergeArrivals(arrived, summary.items), tab);

  const tabHref = (value: NotificationTab) => {
    const search = new URLSearchParams(location.search);
    search.set("panel", "notifications");
    search.set(TAB_PARAM, value);
    return `${location.pathname}?${search}`;
  };

  return (
    <PanelDrawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="100%"
      styles={{ content: { maxWidth: 420 } }}
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
            {...closeLinkProps}
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
          classes={styles.tabs}
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
              <NotificationRow key={item.id} item={item} classes={styles.item} />
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
    </PanelDrawer>
  );
}
