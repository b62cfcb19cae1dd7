import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Drawer,
  Group,
  Indicator,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconBell, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { isDashboardPage } from "~/lib/navigation/dashboard-pages";
import { notificationText } from "../notification-text";
import type { TimedNotification, TimedNotificationSummary } from "../notification-time";
import { NotificationTime } from "./notification-time";
import { NotificationTypeIcon } from "./notification-type-icon";
import classes from "./notifications-bell.module.css";

export const NOTIFICATIONS_PAGE = "/dashboard/notification/NotificationsPage";

function NotificationRow({ item }: { item: TimedNotification }) {
  return (
    <Group
      className={classes.item}
      data-unread={item.isUnread || undefined}
      wrap="nowrap"
      align="flex-start"
      gap="sm"
    >
      {item.avatarUrl ? (
        <Avatar src={item.avatarUrl} alt="" radius="xl" size={40} />
      ) : (
        <ThemeIcon variant="light" radius="xl" size={40}>
          <NotificationTypeIcon type={item.type} size={20} />
        </ThemeIcon>
      )}
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={item.isUnread ? 600 : 400} lineClamp={2}>
          {notificationText(item.title)}
        </Text>
        <Text size="xs" c="dimmed" mt={2}>
          <NotificationTime time={item.time} />
        </Text>
      </Box>
      {item.isUnread && <span className={classes.unreadDot} aria-hidden />}
    </Group>
  );
}

/**
 * The header's bell (spec §2): the unread count, and a drawer (max 420 px) with the newest
 * notifications. Opens from a link, so it works without JavaScript too.
 */
export function NotificationsBell({ summary }: { summary: TimedNotificationSummary }) {
  const { t } = useTranslation("notifications");
  const mounted = useMounted();
  const drawer = useUrlToggle("notifications");
  const label = summary.unread > 0 ? t("bell.labelUnread", { count: summary.unread }) : t("bell.label");

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
        >
          <Indicator
            disabled={summary.unread === 0}
            label={summary.unread > 99 ? "99+" : summary.unread}
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
              {summary.unread > 0 ? t("bell.unreadSummary", { count: summary.unread }) : t("bell.allRead")}
            </Text>
          </Box>
          <ActionIcon
            component="a"
            {...drawer.closeLinkProps}
            variant="subtle"
            color="gray"
            aria-label={t("bell.close")}
          >
            <IconX size={20} />
          </ActionIcon>
        </Group>
        <ScrollArea.Autosize mah="calc(100dvh - 150px)">
          {summary.items.length === 0 ? (
            <Text c="dimmed" ta="center" py={48}>
              {t("empty")}
            </Text>
          ) : (
            <Stack gap={0} component="ul" className={classes.list}>
              {summary.items.map((item) => (
                <li key={item.id}>
                  <NotificationRow item={item} />
                </li>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        {isDashboardPage(NOTIFICATIONS_PAGE) && (
          <Box p="md" className={classes.footer}>
            <Button component={Link} to={NOTIFICATIONS_PAGE} variant="subtle" fullWidth>
              {t("bell.viewAll", { count: summary.total })}
            </Button>
          </Box>
        )}
      </Drawer>
    </>
  );
}
