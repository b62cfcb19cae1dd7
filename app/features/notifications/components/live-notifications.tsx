import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { showToast } from "~/components/toasts/toasts";
import { loadDayjsLocale } from "~/lib/i18n/dayjs";
import { useLiveNotifications } from "../live/use-live-notifications";
import type { TimedNotification } from "../notification-time";
import type { NotificationItem } from "../notifications";
import { notificationTitleHtml } from "../notifications";

/** The text of a title's HTML (which is the app's own text or sanitised), for a toast. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, "text/html").body.textContent?.trim() ?? "";
}

/** Where the browser reaches Realtime (the layout loader passes the public URL and anon key). */
export type RealtimeEndpoint = { url: string; apiKey: string };

const ArrivalsContext = createContext<TimedNotification[]>([]);

/**
 * Subscribes the signed-in person to their new notifications (spec §7) once the page has
 * hydrated, and shares what arrives with the bell, the drawer and the notifications page. Each
 * arrival is announced with a toast and refreshes the page's data (its loaders run again), so
 * what the page shows — a case's proposals, the overview's counts — follows the bell.
 */
export function LiveNotificationsProvider({
  userId,
  realtime,
  since,
  children,
}: {
  userId: string;
  realtime: RealtimeEndpoint;
  /** When the server read the bell's notifications: missed ones are caught up from then. */
  since?: string;
  children: ReactNode;
}) {
  const { i18n, t } = useTranslation("notifications");
  const revalidator = useRevalidator();
  const [arrivals, setArrivals] = useState<TimedNotification[]>([]);
  const onInsert = useCallback(
    (item: NotificationItem) => {
      showToast({
        title: t("live.toast"),
        message: plainText(notificationTitleHtml(item, t)),
        color: "blue",
      });
      void revalidator.revalidate();
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
    [i18n, t, revalidator],
  );
  useLiveNotifications({ userId, url: realtime.url, apiKey: realtime.apiKey, onInsert, since });
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
