/**
 * The one implementation of a workflow step's due date (ADR 0028): a step is due `offset` days
 * after the workflow's trigger date (before it when negative). Dates are calendar dates,
 * `YYYY-MM-DD` as Postgres writes a `date`, with no time and no time zone: the arithmetic runs on
 * UTC day numbers, so no zone (nor a daylight-saving change) ever shifts a date.
 *
 * Weekends count like any day unless the template says to skip them; then the offset counts
 * business days (Monday to Friday): +1 from a Friday is the Monday, −1 from a Monday the Friday,
 * and a step due on the trigger date itself (offset 0) that falls on a weekend moves to the
 * Monday after. Public holidays are not known and count as business days.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day number of an ISO date, or null when it is not a real calendar date. */
function dayNumber(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return time / DAY_MS;
}

function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a string is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(date: string): boolean {
  return dayNumber(date) !== null;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01, day 0, was a Thursday). */
function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

const isWeekend = (day: number) => weekday(day) === 0 || weekday(day) === 6;

/** The due date of a step `offsetDays` from `triggerDate`, counting business days if `skipWeekends`. */
export function dueDate(triggerDate: string, offsetDays: number, skipWeekends = false): string {
  const start = dayNumber(triggerDate);
  if (start === null) throw new RangeError(`Not a date: ${triggerDate}`);
  if (!Number.isInteger(offsetDays)) throw new RangeError(`Not a whole number of days: ${offsetDays}`);
  if (!skipWeekends) return isoOf(start + offsetDays);
  let day = start;
  const step = offsetDays < 0 ? -1 : 1;
  for (let left = Math.abs(offsetDays); left > 0; ) {
    day += step;
    if (!isWeekend(day)) left -= 1;
  }
  while (isWeekend(day)) day += 1;
  return day === start ? triggerDate : isoOf(day);
}

/** The due dates of a workflow's steps, in the order given. */
export function dueDates(
  triggerDate: string,
  steps: readonly { offset_days: number }[],
  skipWeekends: boolean,
): string[] {
  return steps.map((step) => dueDate(triggerDate, step.offset_days, skipWeekends));
}

/** One task whose due date moves with the trigger date (the confirmation lists these). */
interface DueDateChange {
  taskId: string;
  title: string;
  from: string | null;
  to: string;
}

/**
 * What moving a workflow's trigger date does: the new due date of each step not done, from its
 * offset (the database takes all of them, ADR 0028). Done steps keep theirs and are left out;
 * the confirmation lists those whose date changes (`from !== to`).
 */
export function rescheduledDueDates(
  newTriggerDate: string,
  skipWeekends: boolean,
  steps: readonly {
    taskId: string;
    title: string;
    offsetDays: number;
    dueDate: string | null;
    done: boolean;
  }[],
): DueDateChange[] {
  return steps
    .filter((step) => !step.done)
    .map((step) => ({
      taskId: step.taskId,
      title: step.title,
      from: step.dueDate,
      to: dueDate(newTriggerDate, step.offsetDays, skipWeekends),
    }));
}
