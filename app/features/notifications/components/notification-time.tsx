import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";

dayjs.extend(relativeTime);

/**
 * When a notification arrived, relative to now ("5 minutes ago") in the page's date locale, with
 * the exact date as its title. The server's and the browser's "now" differ by the time the page
 * took to arrive, so the text may be refreshed on hydration.
 */
export function NotificationTime({ instant }: { instant: string }) {
  const moment = dayjs(instant);
  return (
    <time
      dateTime={moment.toISOString()}
      title={moment.format("DD MMM YYYY h:mm a")}
      suppressHydrationWarning
    >
      {moment.fromNow()}
    </time>
  );
}
