import type { TimedNotification } from "../notification-time";
import { DeleteNotificationButton, MarkReadButton, useMarkRead } from "./notification-actions";
import { NotificationItem } from "./notification-item";

/**
 * A notification with its actions: View (marks it read and goes to what it is about; so does a
 * click on it) while unread or when it leads somewhere, and Delete where the list allows it.
 */
export function NotificationRow({
  item,
  deletable = false,
  classes,
}: {
  item: TimedNotification;
  deletable?: boolean;
  /** notification-item.module.css, when the caller brings it (the bell's drawer). */
  classes?: CSSModuleClasses;
}) {
  const markRead = useMarkRead(item.id, item.link);
  const viewable = item.isUnread || item.link !== null;
  const actions = (
    <>
      {viewable && <MarkReadButton id={item.id} link={item.link} compact />}
      {deletable && <DeleteNotificationButton id={item.id} />}
    </>
  );
  return (
    <NotificationItem
      item={item}
      classes={classes}
      onOpen={viewable ? markRead : undefined}
      actions={viewable || deletable ? actions : undefined}
    />
  );
}
