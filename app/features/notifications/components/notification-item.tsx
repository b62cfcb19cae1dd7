import { Avatar, Box, Text, ThemeIcon, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TimedNotification } from "../notification-time";
import { ARCHIVED_CATEGORY, notificationTitleHtml } from "../notifications";
import itemClasses from "./notification-item.module.css";
import { NotificationTime } from "./notification-time";
import { NotificationTypeIcon } from "./notification-type-icon";

const TYPE_COLORS: Record<string, string> = {
  task_assignment: "blue",
  appointment: "grape",
  case_update: "teal",
  payment: "orange",
  account: "cyan",
};

/**
 * One notification: avatar or type icon, the title, type, time, and actions. The title is its
 * event's text in the reader's language with escaped parameters, or the stored HTML title that was
 * sanitised on the server (or, for one that arrived live, in the browser) before it got here —
 * never render an unsanitised title.
 */
export function NotificationItem({
  item,
  actions,
  onOpen,
  classes = itemClasses,
}: {
  item: TimedNotification;
  actions?: ReactNode;
  /** Clicking the notification's text (marks it read, spec §4, and follows its link). */
  onOpen?: () => void;
  /** This file's styles, handed over by a page that renders the item in code it loads later (the bell's drawer). */
  classes?: CSSModuleClasses;
}) {
  const { t } = useTranslation("notifications");
  return (
    <li className={classes.row} data-unread={item.isUnread || undefined}>
      {item.avatarUrl ? (
        <Avatar src={item.avatarUrl} alt="" size={40} radius="xl" />
      ) : (
        <ThemeIcon variant="light" color={TYPE_COLORS[item.type] ?? "gray"} size={40} radius="xl">
          <NotificationTypeIcon type={item.type} />
        </ThemeIcon>
      )}
      <Box className={classes.body}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the View button is the keyboard path; this only widens the pointer target. */}
        <div
          className={classes.title}
          style={{ fontWeight: item.isUnread ? 600 : 400, cursor: onOpen ? "pointer" : undefined }}
          onClick={onOpen}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own text with escaped parameters, or sanitised by sanitizeNotificationHtml.
          dangerouslySetInnerHTML={{ __html: notificationTitleHtml(item, t) }}
        />
        <Text component="div" size="xs" c="dimmed" className={classes.meta}>
          <span>{t(`types.${item.type}`, { defaultValue: item.type })}</span>
          <NotificationTime time={item.time} />
          {item.category === ARCHIVED_CATEGORY ? <span>{t("tabs.archived")}</span> : null}
        </Text>
        {actions ? <div className={classes.actions}>{actions}</div> : null}
      </Box>
      {item.isUnread ? (
        <span className={classes.unread}>
          <VisuallyHidden>{t("unread")}</VisuallyHidden>
        </span>
      ) : null}
    </li>
  );
}
