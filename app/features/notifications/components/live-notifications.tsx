import dayjs from "dayjs";
import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { useLiveNotifications } from "../live/use-live-notifications";
import { type TimedNotification, timeLabel } from "../notification-time";
import type { NotificationItem } from "../queries.server";

/** Where the browser reaches Realtime (the layout loader passes the public URL and anon key). */
export type RealtimeEndpoint = { url: string; apiKey: string };

const ArrivalsContext = createContext<TimedNotification[]>([]);

/**
 * Subscribes the signed-in person to their new notifications (spec §7) once the page has
 * hydrated, and shares what arrives with the bell, the drawer and the notifications page.
 */
export function LiveNotificationsProvider({
  userId,
  realtime,
  children,
}: {
  userId: string;
  realtime: RealtimeEndpoint;
  children: ReactNode;
}) {
  const [arrivals, setArrivals] = useState<TimedNotification[]>([]);
  const onInsert = useCallback((item: NotificationItem) => {
    const time = timeLabel(item.createdAt, dayjs.locale(), new Date());
    setArrivals((previous) =>
      previous.some((known) => known.id === item.id) ? previous : [{ ...item, time }, ...previous],
    );
  }, []);
  useLiveNotifications({ userId, url: realtime.url, apiKey: realtime.apiKey, onInsert });
  return <ArrivalsContext.Provider value={arrivals}>{children}</ArrivalsContext.Provider>;
}

/**
 * The notifications that arrived live after the server read `fetchedAt`'s list: the ones the
 * page does not show yet. Once the page's data is read again, they are part of it.
 */
export function useArrivals(fetchedAt: string): TimedNotification[] {
  const arrivals = useContext(ArrivalsContext);
  const since = Date.parse(fetchedAt);
  return arrivals.filter((item) => Date.parse(item.createdAt) > since);
}
