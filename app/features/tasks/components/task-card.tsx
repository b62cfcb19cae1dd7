import { Badge } from "@mantine/core";
import type { TFunction } from "i18next";
import { Form, Link } from "react-router";
import { type Move, moveDown, moveFields, moveUp } from "../board-moves";
import type { TaskCard as TaskCardData } from "../queries.server";
import { TASK_STATUSES, type TaskPerson, taskPaths } from "../tasks";
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

/** A small form that posts one move (the same action the drag and the keyboard use). */
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
    <Form method="post" navigate={false} fetcherKey={`move:${move.task}`} preventScrollReset>
      {Object.entries(moveFields(move)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={classes.input} aria-label={label} title={label}>
        {text}
      </button>
    </Form>
  );
}

type TaskCardProps = {
  task: TaskCardData;
  columnIds: readonly string[];
  t: TFunction<"tasks">;
  returnTo: string;
};

/**
 * A card: title (a link to the task), case reference, assignee, due date (red when overdue),
 * priority and labels; and, when the person may move it, its move forms: up, down and "move to"
 * (they work without JavaScript, and are the keyboard's way to move a card).
 */
export function TaskCard({ task, columnIds, t, returnTo }: TaskCardProps) {
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
        <Badge
          size="xs"
          variant="dot"
          color={TASK_PRIORITY_COLOR[task.priority]}
          data-priority={task.priority}
        >
          {t(`priority.${task.priority}`)}
        </Badge>
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
          {up && (
            <MoveForm
              move={up}
              label={t("move.upLabel", { title: task.title })}
              text="↑"
              returnTo={returnTo}
            />
          )}
          {down && (
            <MoveForm
              move={down}
              label={t("move.downLabel", { title: task.title })}
              text="↓"
              returnTo={returnTo}
            />
          )}
          <Form method="post" navigate={false} fetcherKey={`move:${task.id}`} preventScrollReset>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="task" value={task.id} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <select
              name="status"
              defaultValue={task.status}
              className={classes.input}
              aria-label={t("move.statusLabel", { title: task.title })}
            >
              {TASK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
            <button type="submit" className={classes.input} data-testid="task-move-submit">
              {t("move.submit")}
            </button>
          </Form>
        </div>
      )}
    </li>
  );
}
