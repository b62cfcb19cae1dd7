import type { SupabaseClient } from "@supabase/supabase-js";

/** One notification as the app shows it (spec §3 notifications). `title` is HTML. */
export type NotificationItem = {
  id: string;
  title: string;
  type: string;
  category: string | null;
  isUnread: boolean;
  createdAt: string;
  avatarUrl: string | null;
};

/** The newest notifications of a person with their unread and total counts. */
export type NotificationSummary = { items: NotificationItem[]; unread: number; total: number };

type NotificationRow = {
  id: string;
  title: string;
  type: string;
  category: string | null;
  is_unread: boolean;
  created_at: string;
  avatar_url: string | null;
};

const COLUMNS = "id, title, type, category, is_unread, created_at, avatar_url";

function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    category: row.category,
    isUnread: row.is_unread,
    createdAt: row.created_at,
    avatarUrl: row.avatar_url,
  };
}

/** The signed-in user's newest notifications (limit, default 6) with the unread and total counts. */
export async function recentNotifications(
  supabase: SupabaseClient,
  userId: string,
  limit = 6,
): Promise<NotificationSummary> {
  // Filter by user_id even though RLS already limits the rows: admins may read everyone's.
  const countMine = () =>
    supabase.from("notifications").select("id", { count: "exact", head: true }).eq("user_id", userId);
  const [latest, unread, total] = await Promise.all([
    supabase
      .from("notifications")
      .select(COLUMNS)
      .eq("user_id", userId)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(limit),
    countMine().eq("is_unread", true),
    countMine(),
  ]);
  const error = latest.error ?? unread.error ?? total.error;
  if (error) {
    // Spec §8: a failed notification fetch is logged only; the page still renders.
    console.error("Failed to fetch notifications", error.message);
    return { items: [], unread: 0, total: 0 };
  }
  return {
    items: ((latest.data ?? []) as NotificationRow[]).map(toItem),
    unread: unread.count ?? 0,
    total: total.count ?? 0,
  };
}
