import type { TaskStatus } from "./tasks";

/**
 * How a move on the board becomes `public.move_task`'s arguments, and how the board shows it
 * before the server answers. The neighbours are the cards as the person sees the column; the
 * database places the task right below `after` (or right above `before` when there is no
 * `after`), whatever it hides from them in between.
 */

export type Move = {
  task: string;
  status: TaskStatus;
  after?: string | undefined;
  before?: string | undefined;
};

/** The column's ids without the moved card. */
function without(ids: readonly string[], id: string): string[] {
  return ids.filter((other) => other !== id);
}

/**
 * A card dropped into a column at `index` (0 = first), counted among the column's other cards.
 * `index` past the end (or a drop on the column itself) puts it last.
 */
export function moveToIndex(
  columnIds: readonly string[],
  task: string,
  status: TaskStatus,
  index: number,
): Move {
  const others = without(columnIds, task);
  const at = Math.max(0, Math.min(index, others.length));
  return { task, status, after: others[at - 1], before: at === 0 ? others[0] : undefined };
}

/** One place up in its column, or null when it is first. */
export function moveUp(columnIds: readonly string[], task: string, status: TaskStatus): Move | null {
  const index = columnIds.indexOf(task);
  return index > 0 ? moveToIndex(columnIds, task, status, index - 1) : null;
}

/** One place down in its column, or null when it is last. */
export function moveDown(columnIds: readonly string[], task: string, status: TaskStatus): Move | null {
  const index = columnIds.indexOf(task);
  return index >= 0 && index < columnIds.length - 1 ? moveToIndex(columnIds, task, status, index + 1) : null;
}

/** To the end of another column (the form's status select). */
export function moveToColumn(targetIds: readonly string[], task: string, status: TaskStatus): Move {
  return moveToIndex(targetIds, task, status, targetIds.length);
}

/** The board with a move applied, as the server will order it (for showing it at once). */
export function applyMove<
  Card extends { id: string; status: TaskStatus },
  Column extends { status: TaskStatus; tasks: readonly Card[] },
>(columns: readonly Column[], move: Move): (Column & { tasks: Card[] })[] {
  const card = columns.flatMap((column) => column.tasks).find((task) => task.id === move.task);
  if (!card) return columns.map((column) => ({ ...column, tasks: [...column.tasks] }));
  const moved = { ...card, status: move.status };
  return columns.map((column) => {
    const tasks = column.tasks.filter((task) => task.id !== move.task);
    if (column.status !== move.status) return { ...column, tasks };
    let at = tasks.length;
    if (move.after) at = tasks.findIndex((task) => task.id === move.after) + 1;
    else if (move.before)
      at = Math.max(
        0,
        tasks.findIndex((task) => task.id === move.before),
      );
    tasks.splice(at, 0, moved);
    return { ...column, tasks };
  });
}

/** The move as the form fields every move form posts. */
export function moveFields(move: Move): Record<string, string> {
  return {
    intent: "move",
    task: move.task,
    status: move.status,
    ...(move.after ? { after: move.after } : {}),
    ...(move.before ? { before: move.before } : {}),
  };
}
