import type { Supabase } from "~/lib/database";
import { done, type ErrorCode, type Outcome, refused } from "~/lib/errors";
import { NOTIFICATION_MEDIA, NOTIFICATION_TYPES } from "./notifications";
import type { PreferenceGrid } from "./preferences";
import type { NotificationAction } from "./schemas";

/** The code of a notification action that failed (the error catalogue's message, spec §8). */
export function notificationFailure(intent: unknown): ErrorCode {
  return intent === "delete" ? "notification:delete_failed" : "notification:mark_read_failed";
}

/**
 * Carries out a notifications form for the signed-in person. Every statement is scoped to their
 * own rows (RLS enforces it too), so an id of someone else's notification changes nothing and
 * fails.
 */
export async function runNotificationAction(
  supabase: Supabase,
  userId: string,
  action: NotificationAction,
): Promise<Outcome> {
  if (action.intent === "markAllRead") {
    const { error } = await supabase
      .from("notifications")
      .update({ is_unread: false })
      .eq("user_id", userId)
      .eq("is_unread", true);
    if (error) console.error("Failed to mark all notifications as read", error.message);
    return error ? refused(notificationFailure(action.intent)) : done();
  }
  const table = supabase.from("notifications");
  const query = action.intent === "markRead" ? table.update({ is_unread: false }) : table.delete();
  const { data, error } = await query.eq("id", action.id).eq("user_id", userId).select("id");
  if (error) console.error(`Failed to ${action.intent} notification`, error.message);
  const changed = !error && (data?.length ?? 0) === 1;
  return changed ? done() : refused(notificationFailure(action.intent));
}

/**
 * Saves every toggle (spec §7): each type × medium is looked up by user, type and medium; a row
 * found gets `enabled` and `updated_at`, a missing one (PGRST116, not an error) is inserted.
 */
export async function savePreferences(
  supabase: Supabase,
  userId: string,
  grid: PreferenceGrid,
): Promise<Outcome> {
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
    return refused("notification:preferences_failed");
  }
  return done();
}
