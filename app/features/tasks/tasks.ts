import type { Tables } from "~/lib/database";

/**
 * The task model as the app sees it (../shared/design/domain.md, "Running a case"). The database
 * enforces every rule (supabase/migrations/20261130000000_tasks.sql); these lists mirror its
 * checks so forms, filters and labels use the same values.
 */

/** The board's columns, in order (`tasks.status`). */
export const TASK_STATUSES = ["todo", "in_progress", "waiting", "done"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** The database's bounds on labels (`public.task_labels_valid`). */
const TASK_LABELS_MAX = 10;
const TASK_LABEL_LENGTH_MAX = 40;

export type TaskRow = Tables<"tasks">;

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === "string" && (TASK_STATUSES as readonly string[]).includes(value);
}

/** The addresses of the task pages (spec §2), in one place. */
export const taskPaths = {
  index: "/dashboard/task_management",
  board: "/dashboard/task_management/task_management",
  table: "/dashboard/task_management/task_management_table",
  tableExport: "/dashboard/task_management/task_management_table/export.csv",
  view: (id: string) => `/dashboard/task_management/task/${id}`,
} as const;

/** Labels typed as "a, b, c": trimmed, empty ones dropped, each once, within the database's bounds. */
export function parseLabels(text: string): string[] {
  const labels: string[] = [];
  for (const part of text.split(",")) {
    const label = part.replace(/\s+/g, " ").trim().slice(0, TASK_LABEL_LENGTH_MAX).trim();
    if (label && !labels.includes(label)) labels.push(label);
  }
  return labels.slice(0, TASK_LABELS_MAX);
}

/** Whether a task is overdue on `today` (YYYY-MM-DD): due before it and not done. */
export function isOverdue(task: { due_date: string | null; status: string }, today: string): boolean {
  return task.due_date !== null && task.due_date < today && task.status !== "done";
}

/** Today as YYYY-MM-DD in UTC (due dates are calendar dates; the server's day decides "overdue"). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A person the task screens may name and assign: a member of the task's case. */
export type TaskPerson = { id: string; name: string; avatarUrl: string | null; role: string };

/**
 * Whom the assignee filter offers besides "me": each person once (a member of several cases is
 * one choice), the person themself left out, by name in the reader's language.
 */
export function assigneeChoices(
  people: Iterable<TaskPerson>,
  userId: string,
  language: string,
): TaskPerson[] {
  const byId = new Map<string, TaskPerson>();
  for (const person of people) if (person.id !== userId && !byId.has(person.id)) byId.set(person.id, person);
  return [...byId.values()].sort(
    (a, b) => a.name.localeCompare(b.name, language) || a.id.localeCompare(b.id),
  );
}

/**
 * The members a comment mentions: those whose "@First Last" (or "@First" when no other member
 * shares the first name) appears in the text, each once.
 */
export function mentionsIn(body: string, people: readonly TaskPerson[]): string[] {
  const text = body.toLocaleLowerCase();
  const firstNames = new Map<string, number>();
  for (const person of people) {
    const first = person.name.split(" ")[0]?.toLocaleLowerCase() ?? "";
    firstNames.set(first, (firstNames.get(first) ?? 0) + 1);
  }
  const mentioned: string[] = [];
  for (const person of people) {
    const full = `@${person.name.toLocaleLowerCase()}`;
    const first = person.name.split(" ")[0]?.toLocaleLowerCase() ?? "";
    const byFirst =
      first !== "" &&
      firstNames.get(first) === 1 &&
      new RegExp(`@${escapeRegExp(first)}(?![\\p{L}\\p{N}])`, "u").test(text);
    if ((text.includes(full) || byFirst) && !mentioned.includes(person.id)) mentioned.push(person.id);
  }
  return mentioned;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A case the task pages' pickers offer. */
export type TaskCaseOption = { id: string; reference: string; title: string };

/** How a picker names a case: its reference and its title ("CASE-2026-0001 · Unpaid invoice"). */
export function caseOptionLabel(option: TaskCaseOption): string {
  return option.title ? `${option.reference} · ${option.title}` : option.reference;
}
