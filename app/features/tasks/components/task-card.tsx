import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Move, moveDown, moveFields, moveUp } from "../board-moves";
import type { TaskCard as TaskCardData } from "../queries.server";
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPerson, type TaskPriority, taskPaths } from "../tasks";
import classes from "./task-board.module.css";

export const TASK_PRIORITY_COLOR = { low: "gray", medium: "blue", high: "orange", urgent: "red" } as const;

/** Initials, or the photo, of a person. */
export function PersonAvatar({ person }: { person: TaskPerson }) {
  if (person.avatarUrl)
    return (
      <img src={person.avatarUrl} alt="" className={classes.avatar} title={person.name} loading="lazy" />
    );
  const initials = person.name
    .split(" ")
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className={classes.avatar} title={person.name} aria-hidden>
      {initials}
    </span>
  );
}

/**
 * Where a move form's post goes back to without JavaScript; left out on the plain board, the
 * action's default, which saves 120 fields' worth of the board's HTML.
 */
function ReturnTo({ to }: { to: string }) {
  return to === taskPaths.board ? null : <input type="hidden" name="returnTo" value={to} />;
}

/**
 * A small form that posts one move (the same action the drag and the keyboard use). A plain
 * `<form>`: the board submits every `data-move` form as a fetcher in one handler (`submitMove`),
 * which spares 144 `<Form>` components per render; without JavaScript it posts as it is.
 */
function MoveForm({
  move,
  label,
  text,
  returnTo,
}: {
  move: Move;
  label: string;
  text: string;
  returnTo: string;
}) {
  return (
    <form method="post" action={taskPaths.board} data-move={move.task}>
      {Object.entries(moveFields(move)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ReturnTo to={returnTo} />
      <button type="submit" className={classes.input} aria-label={label} title={label}>
        {text}
      </button>
    </form>
  );
}

/**
 * The words every card of a board shares, translated once per board rather than once per card
 * (48 cards asked i18next for the same ten strings ~430 times per render).
 */
export type CardText = {
  t: TFunction<"tasks">;
  priority: Record<TaskPriority, string>;
  /** The "move to" select's options, one set of elements for every card. */
  statusOptions: ReactNode;
  move: string;
  /** A move control's accessible name for a card's title ("Move “…” up"). */
  upLabel: (title: string) => string;
  downLabel: (title: string) => string;
  statusLabel: (title: string) => string;
};

/** The place a title goes in a translated label (no translation contains a NUL). */
const TITLE_SLOT = "\u0000";

/** A label with a `{{title}}`, translated once and filled in per card. */
function labelWithTitle(t: TFunction<"tasks">, key: "move.upLabel" | "move.downLabel" | "move.statusLabel") {
  const parts = t(key, { title: TITLE_SLOT }).split(TITLE_SLOT);
  if (parts.length !== 2) return (title: string) => t(key, { title });
  const [before, after] = parts;
  return (title: string) => before + title + after;
}

export function cardTextOf(t: TFunction<"tasks">): CardText {
  return {
    t,
    priority: Object.fromEntries(
      TASK_PRIORITIES.map((priority) => [priority, t(`priority.${priority}`)]),
    ) as Record<TaskPriority, string>,
    statusOptions: TASK_STATUSES.map((status) => (
      <option key={status} value={status}>
        {t(`status.${status}`)}
      </option>
    )),
    move: t("move.submit"),
    upLabel: labelWithTitle(t, "move.upLabel"),
    downLabel: labelWithTitle(t, "move.downLabel"),
    statusLabel: labelWithTitle(t, "move.statusLabel"),
  };
}

type TaskCardProps = {
  task: TaskCardData;
  columnIds: readonly string[];
  text: CardText;
  returnTo: string;
};

/**
 * A card: title (a link to the task), case reference, assignee, due date (red when overdue),
 * priority and labels; and, when the person may move it, its move forms: up, down and "move to"
 * (they work without JavaScript, and are the keyboard's way to move a card).
 */
export function TaskCard({ task, columnIds, text, returnTo }: TaskCardProps) {
  const { t } = text;
  const up = task.canMove ? moveUp(columnIds, task.id, task.status) : null;
  const down = task.canMove ? moveDown(columnIds, task.id, task.status) : null;
  return (
    <li
      className={classes.card}
      data-task-id={task.id}
      data-testid="task-card"
      data-can-move={task.canMove || undefined}
      aria-label={task.title}
    >
      <Link
        to={taskPaths.view(task.id)}
        className={classes.title}
        data-testid="task-card-title"
        draggable={false}
      >
        {task.title}
      </Link>
      <div className={classes.meta}>
        <span>{task.caseReference}</span>
        <span className={classes.priority} data-priority={task.priority}>
          {text.priority[task.priority]}
        </span>
        {task.due && (
          <time
            dateTime={task.due.iso}
            className={task.overdue ? classes.overdue : undefined}
            data-overdue={task.overdue || undefined}
          >
            {task.overdue
              ? t("card.overdue", { date: task.due.text })
              : t("card.due", { date: task.due.text })}
          </time>
        )}
        {task.assignee && <PersonAvatar person={task.assignee} />}
        {task.labels.map((label) => (
          <span key={label} className={classes.label}>
            {label}
          </span>
        ))}
      </div>
      {task.canMove && (
        <div className={classes.row}>
          {up && <MoveForm move={up} label={text.upLabel(task.title)} text="↑" returnTo={returnTo} />}
          {down && <MoveForm move={down} label={text.downLabel(task.title)} text="↓" returnTo={returnTo} />}
          <form method="post" action={taskPaths.board} data-move={task.id}>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="task" value={task.id} />
            <ReturnTo to={returnTo} />
            <select
              name="status"
              defaultValue={task.status}
              className={classes.input}
              aria-label={text.statusLabel(task.title)}
            >
              {text.statusOptions}
            </select>
            <button type="submit" className={classes.input} data-testid="task-move-submit">
              {text.move}
            </button>
          </form>
        </div>
      )}
    </li>
  );
}
