import { useEffect, useEffectEvent } from "react";
import {
  HEARTBEAT_INTERVAL_MS,
  REALTIME_TIMEOUT_MS,
  reconnectDelayMs,
} from "~/features/notifications/live/backoff";
import { fetchRealtimeToken } from "~/features/notifications/live/use-live-notifications";
import { whenIdle } from "~/lib/when-idle";

/** How long changes are gathered before the page reads its data again (a move touches a few rows). */
const SETTLE_MS = 250;

/**
 * Live tasks: once the page has hydrated and the browser is idle, loads the Realtime client and
 * listens to changes of `public.tasks` (Realtime sends each person only the rows row level
 * security lets them see); each burst of changes calls `onChange` once (the page reads its data
 * again). Unsubscribes on unmount.
 */
export function useLiveTasks(realtime: { url: string; apiKey: string } | null, onChange: () => void): void {
  const changed = useEffectEvent(onChange);
  const url = realtime?.url ?? null;
  const apiKey = realtime?.apiKey ?? "";
  useEffect(() => {
    if (!url) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = whenIdle(() => {
      import("@supabase/realtime-js")
        .then(({ RealtimeClient }) => {
          if (unmounted) return;
          const client = new RealtimeClient(`${url.replace(/\/+$/, "")}/realtime/v1`, {
            params: { apikey: apiKey },
            accessToken: fetchRealtimeToken,
            reconnectAfterMs: reconnectDelayMs,
            timeout: REALTIME_TIMEOUT_MS,
            heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS,
          });
          void client.setAuth().then(() => {
            if (unmounted) return;
            client
              .channel("tasks:board")
              .on("postgres_changes", { event: "*", schema: "public", table: "tasks" }, () => {
                clearTimeout(timer);
                timer = setTimeout(() => changed(), SETTLE_MS);
              })
              .subscribe();
          });
          stop = () => void client.removeAllChannels();
        })
        .catch((error: unknown) => console.error("Live tasks are unavailable", error));
    });
    return () => {
      unmounted = true;
      clearTimeout(timer);
      cancel();
      stop?.();
    };
  }, [url, apiKey]);
}
