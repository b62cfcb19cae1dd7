export const COUNTDOWN_UNITS = ["days", "hours", "minutes", "seconds"] as const;
type CountdownUnit = (typeof COUNTDOWN_UNITS)[number];

/** Whole days, hours, minutes and seconds from `now` until `target` (all zero once it has passed). */
export function timeLeft(target: number, now: number): Record<CountdownUnit, number> {
  const seconds = Math.max(0, Math.floor((target - now) / 1000));
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}
