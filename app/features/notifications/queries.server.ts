import type { Supabase } from "~/lib/database";
import { type NotificationRow, toNotificationItem } from "./live/notification-row";
import {
  ARCHIVED_CATEGORY,
  NOTIFICATION_MEDIA,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationItem,
  type NotificationListParams,
  type NotificationTab,
  type TabCounts,
} from "./notifications";
import { defaultPreferenceGrid, type PreferenceGrid } from "./preferences";
import { sanitizeNotificationHtml } from "./sanitize.server";

/** The newest notifications of a person with their unread and total counts. */
export type NotificationSummary = {
  items: NotificationItem[];
  unread: number;
  total: number;
  archived: number;
};

const COLUMNS = "id, user_id, title, type, category, is_unread, created_at, avatar_url, event, params, link";

/** A row in the app's shape, its HTML title sanitised (spec §3: the title is rendered as HTML). */
function toItem(row: NotificationRow): NotificationItem {
  return toNotificationItem(row, sanitizeNotificationHtml);
}

/**
 * The caller's counts per tab in one request (`public.notification_counts`, under RLS), of one
 * type when given; null (logged) when they cannot be read.
 */
async function readCounts(supabase: Supabase, type: string | null = null): Promise<TabCounts | null> {
  const { data, error } = await supabase.rpc("notification_counts", { p_type: type ?? undefined }).single();
  if (error) {
    console.error("Failed to fetch notification counts", error.message);
    return null;
  }
  return tabCountsOf(data);
}

/** A row of `public.notification_counts` (its counts are bigint, which may arrive as strings). */
type CountsRow = { total: number | string; unread: number | string; archived: number | string };

/** The tabs' counts of a `notification_counts` row. */
export function tabCountsOf(row: CountsRow): TabCounts {
  return { all: Number(row.total), unread: Number(row.unread), archived: Number(row.archived) };
}

/** What the bell shows when the notifications cannot be read. */
export const EMPTY_SUMMARY: NotificationSummary = { items: [], unread: 0, total: 0, archived: 0 };

/** The summary of the newest notification rows and the counts of the tabs. */
export function notificationSummary(rows: NotificationRow[], counts: TabCounts): NotificationSummary {
  return { items: rows.map(toItem), unread: counts.unread, total: counts.all, archived: counts.archived };
}

/** One page of the notifications page, with the badge counts of the three tabs. */
type NotificationPage = {
  items: NotificationItem[];
  counts: TabCounts;
  /** Rows in the current tab (and type filter), for the pagination. */
  matching: number;
  pageCount: number;
};

/**
 * The notifications page's list: the person's own notifications newest first, in a tab and
 * (optionally) of one type, one page of NOTIFICATIONS_PAGE_SIZE. The counts honour the type
 * filter so the badges match the list. A failed fetch is logged only (spec §8): the page shows an
 * empty list.
 */
export async function listNotifications(
  supabase: Supabase,
  userId: string,
  { tab, type, page }: NotificationListParams,
): Promise<NotificationPage> {
  /** The person's own rows, of the type filter, in a tab. */
  const where = (which: NotificationTab) => ({
    user_id: userId,
    ...(type ? { type } : {}),
    ...(which === "unread"
      ? { is_unread: true }
      : which === "archived"
        ? { category: ARCHIVED_CATEGORY }
        : {}),
  });
  const from = (page - 1) * NOTIFICATIONS_PAGE_SIZE;
  const [rows, counts] = await Promise.all([
    supabase
      .from("notifications")
      .select(COLUMNS)
      .match(where(tab))
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .range(from, from + NOTIFICATIONS_PAGE_SIZE - 1),
    readCounts(supabase, type),
  ]);
  // A page past the end answers 416 (PGRST103): the list is empty, the counts still stand.
  const error = rows.error?.code === "PGRST103" ? null : rows.error;
  if (error || !counts) {
    if (error) console.error("Failed to fetch notifications", error.message);
    return { items: [], counts: { all: 0, unread: 0, archived: 0 }, matching: 0, pageCount: 1 };
  }
  const matching = counts[tab];
  return {
    items: (rows.data ?? []).map(toItem),
    counts,
    matching,
    pageCount: Math.max(1, Math.ceil(matching / NOTIFICATIONS_PAGE_SIZE)),
  };
}

/** Every type × medium of the person, with the default where they never chose (spec §7). */
export async function readPreferences(supabase: Supabase, userId: string): Promise<PreferenceGrid | null> {
  const { data, error } = await supabase
    .from("user_notification_preferences")
    .select("notification_type, medium, enabled")
    .eq("user_id", userId);
  if (error) {
    console.error("Failed to fetch notification preferences", error.message);
    return null;
  }
  const grid = defaultPreferenceGrid();
  for (const row of data ?? []) {
    const type = NOTIFICATION_TYPES.find((value) => value === row.notification_type);
    const medium = NOTIFICATION_MEDIA.find((value) => value === row.medium);
    if (type && medium) grid[type][medium] = row.enabled;
  }
  return grid;
}
