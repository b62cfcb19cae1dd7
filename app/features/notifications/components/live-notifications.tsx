import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadDayjsLocale } from "~/lib/i18n/dayjs";
import { useLiveNotifications } from "../live/use-live-notifications";
import type { TimedNotification } from "../notification-time";
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
  const { i18n } = useTranslation();
  const [arrivals, setArrivals] = useState<TimedNotification[]>([]);
  const onInsert = useCallback(
    (item: NotificationItem) => {
      // The date code loads with the first arrival, not with the page: most visits see none.
      void Promise.all([import("../notification-time"), loadDayjsLocale(i18n.language)]).then(
        ([{ timeLabel }, dateLocale]) => {
          const time = timeLabel(item.createdAt, dateLocale, new Date());
          setArrivals((previous) =>
            previous.some((known) => known.id === item.id) ? previous : [{ ...item, time }, ...previous],
          );
        },
      );
    },
    [i18n],
  );
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
