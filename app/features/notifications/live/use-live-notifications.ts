import { useEffect, useEffectEvent } from "react";
import { whenIdle } from "~/lib/when-idle";
import type { NotificationItem } from "../notifications";
import { type NotificationRow, toNotificationItem } from "./notification-row";

/** Where the browser gets the access token for the socket (app/routes/api/realtime-token.ts). */
export const REALTIME_TOKEN_PATH = "/api/realtime-token";

export type LiveNotificationsOptions = {
  /** The signed-in user; null subscribes to nothing. */
  userId: string | null;
  /** The Supabase project URL and public key the browser uses (the layout loader passes them). */
  url: string;
  apiKey: string;
  /** Called with each notification inserted for the user, its title already sanitised. */
  onInsert: (notification: NotificationItem) => void;
  /**
   * When the server read the page's notifications: each (re)join catches up from the last one
   * seen, the first from this. Read once, when subscribing.
   */
  since?: string;
};

/**
 * The caller's access token from the app's server, which reads and refreshes the HttpOnly session
 * cookies; null when signed out. Other failures throw, so the socket keeps the token it has. The
 * accessToken callback of every Realtime client on the dashboard.
 */
export async function fetchRealtimeToken(): Promise<string | null> {
  const response = await fetch(REALTIME_TOKEN_PATH, {
    headers: { Accept: "application/json" },
    cache: "no-store",
    credentials: "same-origin",
  });
  if (!response.ok) await response.body?.cancel();
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`${REALTIME_TOKEN_PATH} answered ${response.status}`);
  const body = (await response.json()) as { accessToken?: unknown };
  return typeof body.accessToken === "string" ? body.accessToken : null;
}

/** Whether a title holds markup, which only the sanitiser may let through (plain text never does). */
export function needsSanitizing(title: string): boolean {
  return /[<&]/.test(title);
}

/**
 * Live notifications (spec §4, §7): once the page has hydrated and the browser is idle, loads the
 * Realtime client (not in the first visit's bundle) and subscribes to the notifications inserted
 * for `userId`. The browser's sanitiser (DOMPurify) loads when the first title with markup
 * arrives; rows are handed over in the order they came. Unsubscribes on unmount and when the
 * user, URL or key change (ADR 0016).
 */
export function useLiveNotifications({
  userId,
  url,
  apiKey,
  onInsert,
  since,
}: LiveNotificationsOptions): void {
  const deliver = useEffectEvent(onInsert);
  const startingFrom = useEffectEvent(() => since);

  useEffect(() => {
    if (!userId) return;
    let unsubscribe: (() => void) | undefined;
    let unmounted = false;
    let delivered = Promise.resolve();
    const receive = (row: NotificationRow) => {
      delivered = delivered
        .then(async () => {
          const sanitize = needsSanitizing(row.title)
            ? (await import("../sanitize.client")).sanitizeNotificationHtml
            : (title: string) => title;
          if (!unmounted) deliver(toNotificationItem(row, sanitize));
        })
        .catch((error: unknown) => console.error("A live notification could not be shown", error));
    };
    const cancel = whenIdle(() => {
      import("./subscribe")
        .then(({ subscribeToNotifications }) => {
          if (unmounted) return;
          unsubscribe = subscribeToNotifications({
            url,
            apiKey,
            userId,
            getAccessToken: fetchRealtimeToken,
            since: startingFrom(),
            onInsert: receive,
          });
        })
        .catch((error: unknown) => console.error("Live notifications are unavailable", error));
    });
    return () => {
      unmounted = true;
      cancel();
      unsubscribe?.();
    };
  }, [userId, url, apiKey]);
}
