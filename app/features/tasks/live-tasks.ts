import { useEffect, useEffectEvent } from "react";
import {
  HEARTBEAT_INTERVAL_MS,
  REALTIME_TIMEOUT_MS,
  reconnectDelayMs,
} from "~/features/notifications/live/backoff";
import { REALTIME_TOKEN_PATH } from "~/features/notifications/live/use-live-notifications";
import { whenIdle } from "~/lib/when-idle";

/** How long changes are gathered before the page reads its data again (a move touches a few rows). */
const SETTLE_MS = 250;

async function fetchToken(): Promise<string | null> {
  const response = await fetch(REALTIME_TOKEN_PATH, {
    headers: { Accept: "application/json" },
    cache: "no-store",
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { accessToken?: unknown };
  return typeof body.accessToken === "string" ? body.accessToken : null;
}

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
            accessToken: fetchToken,
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
