import type { Supabase } from "~/lib/database";
import { NOTIFICATION_ERRORS, NOTIFICATION_MEDIA, NOTIFICATION_TYPES } from "./notifications";
import type { PreferenceGrid } from "./preferences";
import type { NotificationAction } from "./schemas";

export { NOTIFICATION_ERRORS };

/**
 * Carries out a notifications form for the signed-in person. Every statement is scoped to their
 * own rows (RLS enforces it too), so an id of someone else's notification changes nothing and
 * fails. Returns the error message key, or null on success.
 */
export async function runNotificationAction(
  supabase: Supabase,
  userId: string,
  action: NotificationAction,
): Promise<string | null> {
  if (action.intent === "markAllRead") {
    const { error } = await supabase
      .from("notifications")
      .update({ is_unread: false })
      .eq("user_id", userId)
      .eq("is_unread", true);
    if (error) console.error("Failed to mark all notifications as read", error.message);
    return error ? NOTIFICATION_ERRORS.markRead : null;
  }
  const table = supabase.from("notifications");
  const query = action.intent === "markRead" ? table.update({ is_unread: false }) : table.delete();
  const { data, error } = await query.eq("id", action.id).eq("user_id", userId).select("id");
  if (error) console.error(`Failed to ${action.intent} notification`, error.message);
  const done = !error && (data?.length ?? 0) === 1;
  if (done) return null;
  return action.intent === "markRead" ? NOTIFICATION_ERRORS.markRead : NOTIFICATION_ERRORS.delete;
}

/**
 * Saves every toggle (spec §7): each type × medium is looked up by user, type and medium; a row
 * found gets `enabled` and `updated_at`, a missing one (PGRST116, not an error) is inserted.
 */
export async function savePreferences(
  supabase: Supabase,
  userId: string,
  grid: PreferenceGrid,
): Promise<string | null> {
  const saves = NOTIFICATION_TYPES.flatMap((type) =>
    NOTIFICATION_MEDIA.map(async (medium) => {
      const enabled = grid[type][medium];
      const table = () => supabase.from("user_notification_preferences");
      const found = await table()
        .select("id")
        .eq("user_id", userId)
        .eq("notification_type", type)
        .eq("medium", medium)
        .single();
      if (found.error && found.error.code !== "PGRST116") return found.error;
      const { error } = found.data
        ? await table().update({ enabled, updated_at: new Date().toISOString() }).eq("id", found.data.id)
        : await table().insert({ user_id: userId, notification_type: type, medium, enabled });
      return error;
    }),
  );
  const errors = (await Promise.all(saves)).filter((error) => error !== null);
  if (errors.length > 0) {
    console.error("Failed to save notification preferences", errors[0]?.message);
    return NOTIFICATION_ERRORS.preferences;
  }
  return null;
}
