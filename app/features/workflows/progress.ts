/**
 * A workflow's progress from its tasks (pure, unit-tested): how many are done, how many are late,
 * and when the next one is due. A task is overdue when it is not done and its due date is before
 * today (both calendar dates, `YYYY-MM-DD`, so comparing the strings compares the days).
 */

export type StepState = "done" | "overdue" | "open" | "removed";

type TaskLike = { status: string; due_date: string | null };

/** The state of a step from its task (a task deleted from the board leaves the step "removed"). */
export function stepState(
  task: { status: string; due_date: string | null } | null,
  today: string,
): StepState {
  if (!task) return "removed";
  if (task.status === "done") return "done";
  return task.due_date !== null && task.due_date < today ? "overdue" : "open";
}

type Progress = {
  total: number;
  done: number;
  overdue: number;
  /** The earliest due date among the tasks not done (null when none has one). */
  nextDue: string | null;
  /** Every task is done. */
  complete: boolean;
};

export function progressOf(tasks: readonly TaskLike[], today: string): Progress {
  let done = 0;
  let overdue = 0;
  let nextDue: string | null = null;
  for (const task of tasks) {
    const state = stepState(task, today);
    if (state === "done") {
      done += 1;
      continue;
    }
    if (state === "overdue") overdue += 1;
    if (task.due_date !== null && (nextDue === null || task.due_date < nextDue)) nextDue = task.due_date;
  }
  return { total: tasks.length, done, overdue, nextDue, complete: tasks.length > 0 && done === tasks.length };
}

/** Progress with the next due date written for the reader. */
export type WorkflowSummary = Progress & { nextDueText: { iso: string; text: string } | null };

export function summarise(
  tasks: readonly TaskLike[],
  today: string,
  format: { day(value: string | null | undefined): { iso: string; text: string } | null },
): WorkflowSummary {
  const progress = progressOf(tasks, today);
  return { ...progress, nextDueText: format.day(progress.nextDue) };
}

/** Whether a workflow needs attention: a step is late, or one is due within `days` days. */
export function needsAttention(progress: Progress, today: string, soon: string): boolean {
  if (progress.complete) return false;
  return (
    progress.overdue > 0 ||
    (progress.nextDue !== null && progress.nextDue <= soon && progress.nextDue >= today)
  );
}
