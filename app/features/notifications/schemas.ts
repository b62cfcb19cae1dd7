import { z } from "~/lib/zod-jitless";

/** The notifications page's forms (mark read, mark all read, delete), told apart by `intent`. */
export const notificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("markRead"), id: z.uuid() }),
  z.object({ intent: z.literal("markAllRead") }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);
export type NotificationAction = z.infer<typeof notificationActionSchema>;
