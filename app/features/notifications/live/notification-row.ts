import type { NotificationItem } from "../queries.server";

/** A notifications row as Realtime delivers it on INSERT (spec §3: the table's columns). */
export type NotificationRow = {
  id: string;
  user_id: string;
  title: string;
  type: string;
  category: string | null;
  is_unread: boolean;
  created_at: string;
  avatar_url: string | null;
};

/** A row that arrived live in the app's shape, its HTML title passed through `sanitizeTitle`. */
export function toNotificationItem(
  row: NotificationRow,
  sanitizeTitle: (html: string) => string,
): NotificationItem {
  return {
    id: row.id,
    title: sanitizeTitle(row.title),
    type: row.type,
    category: row.category,
    isUnread: row.is_unread,
    createdAt: row.created_at,
    avatarUrl: row.avatar_url,
  };
}
