import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";
import utc from "dayjs/plugin/utc";
import { isolate } from "~/lib/i18n/bidi";
import { loadDayjsLocale } from "~/lib/i18n/dayjs";
import { DATE_TIME_FORMAT } from "~/lib/i18n/format";
import type { NotificationItem } from "./notifications";
import type { NotificationSummary } from "./queries.server";

dayjs.extend(relativeTime);
dayjs.extend(utc);

/** A moment written for people: exact (ISO, for `<time dateTime>`), as a date, and relative to now. */
export type TimeLabel = { iso: string; absolute: string; relative: string };

/**
 * Writes `instant` in a dayjs locale (which must be loaded), relative to `now`. Computed on the
 * server so the page's first HTML and the hydrated page agree; the date is in UTC, the one time
 * zone the server knows. The texts are bidi isolates (`~/lib/i18n/bidi`): an English date in a
 * right-to-left page keeps its order and punctuation.
 */
export function timeLabel(instant: string, dateLocale: string, now: Date): TimeLabel {
  const moment = dayjs.utc(instant).locale(dateLocale);
  return {
    iso: moment.toISOString(),
    absolute: isolate(moment.format(DATE_TIME_FORMAT)),
    relative: isolate(moment.from(now)),
  };
}

/** A notification with its time already written for the reader. */
export type TimedNotification = NotificationItem & { time: TimeLabel };
export type TimedNotificationSummary = Omit<NotificationSummary, "items"> & { items: TimedNotification[] };
/** The bell's data: the newest notifications, the counts, and when the server read them. */
export type BellNotifications = TimedNotificationSummary & { fetchedAt: string };

/** A list's notifications with their times written in `language`'s date locale, now. */
export async function withTimes<List extends { items: NotificationItem[] }>(
  list: List,
  language: string,
): Promise<Omit<List, "items"> & { items: TimedNotification[] }> {
  const dateLocale = await loadDayjsLocale(language);
  const now = new Date();
  return {
    ...list,
    items: list.items.map((item) => ({ ...item, time: timeLabel(item.createdAt, dateLocale, now) })),
  };
}
