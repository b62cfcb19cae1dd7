import { safeRedirectPath } from "~/lib/safe-redirect";
import type { NotificationItem } from "../notifications";

/** The parameters as strings (anything else is dropped). */
function textParams(params: Record<string, unknown> | null | undefined): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value === "string" || typeof value === "number") text[name] = String(value);
  }
  return text;
}

/** A link on this site, or null (the database allows only paths; this holds whatever it gets). */
function safeLink(link: string | null | undefined): string | null {
  return link ? safeRedirectPath(link, "") || null : null;
}

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
  /** What happened (a key of `events` in locales/<lng>/notifications.json); null for a finished title. */
  event?: string | null;
  /** The event's parameters, plain text. */
  params?: Record<string, unknown> | null;
  /** The path on the site the notification is about. */
  link?: string | null;
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
    event: row.event ?? null,
    params: textParams(row.params),
    link: safeLink(row.link),
  };
}
