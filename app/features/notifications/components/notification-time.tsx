import type { TimeLabel } from "../notification-time";

/** When a notification arrived: relative ("5 minutes ago"), with the exact date as its title. */
export function NotificationTime({ time }: { time: TimeLabel }) {
  return (
    <time dateTime={time.iso} title={time.absolute}>
      {time.relative}
    </time>
  );
}
