import type { TimedNotification } from "../notification-time";
import { DeleteNotificationButton, MarkReadButton, useMarkRead } from "./notification-actions";
import { NotificationItem } from "./notification-item";

/**
 * A notification with its actions: View (marks it read; so does a click on it) while unread, and
 * Delete where the list allows it.
 */
export function NotificationRow({
  item,
  deletable = false,
}: {
  item: TimedNotification;
  deletable?: boolean;
}) {
  const markRead = useMarkRead(item.id);
  const actions = (
    <>
      {item.isUnread && <MarkReadButton id={item.id} compact />}
      {deletable && <DeleteNotificationButton id={item.id} />}
    </>
  );
  return (
    <NotificationItem
      item={item}
      onOpen={item.isUnread ? markRead : undefined}
      actions={item.isUnread || deletable ? actions : undefined}
    />
  );
}
