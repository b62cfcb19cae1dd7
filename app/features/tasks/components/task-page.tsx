import { Button } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmStep } from "~/components/confirm-step";
import { PendingForm } from "~/components/form/pending-form";
import { PageTitle } from "~/components/page-title";
import type { TaskDetail } from "../queries.server";
import { TASK_PRIORITIES, TASK_STATUSES, taskPaths } from "../tasks";
import classes from "./task-board.module.css";

/** A form or a list laid out as a column (the global stylesheet has no room for more rules). */
const FORM = { display: "flex", flexDirection: "column", gap: 8 } as const;
const LIST = { ...FORM, listStyle: "none", margin: 0, padding: 0 } as const;

function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

/**
 * "Delete task", asked for twice (ConfirmStep, as the case and proposal pages do): a dialog with
 * JavaScript, `?confirm=delete` and the step in place without it.
 */
function DeleteTask() {
  const { t } = useTranslation("tasks");
  return (
    <ConfirmStep
      param="confirm"
      value="delete"
      trigger={t("page.delete")}
      triggerProps={{ variant: "light", color: "red", leftSection: <IconTrash size={16} aria-hidden /> }}
      title={t("page.deleteTitle")}
      text={t("page.deleteText")}
      cancelLabel={t("page.deleteCancel")}
      testId="task-delete"
      confirm={
        <PendingForm method="post">
          <Hidden name="intent" value="delete" />
          <Button type="submit" color="red" leftSection={<IconTrash size={16} aria-hidden />}>
            {t("page.delete")}
          </Button>
        </PendingForm>
      }
    />
  );
}

/** One history entry as a sentence. */
function historyText(
  entry: TaskDetail["history"][number],
  t: ReturnType<typeof useTranslation<"tasks">>["t"],
  nameOf: (id: unknown) => string,
) {
  const details = entry.details;
  switch (entry.action) {
    case "status_changed":
      return t("history.status_changed", {
        from: t(`status.${String(details.from)}` as "status.todo"),
        to: t(`status.${String(details.to)}` as "status.todo"),
      });
    case "assigned":
      return details.to ? t("history.assigned", { person: nameOf(details.to) }) : t("history.unassigned");
    case "updated":
      return t("history.updated");
    case "commented":
      return t("history.commented");
    case "checklist_changed":
      return t("history.checklist_changed");
    default:
      return t("history.created");
  }
}

/**
 * A task's page (works without JavaScript: every change is a form): its details and the form
 * that edits them (the case's lawyers), its status, the checklist, comments with @mentions of
 * the case's members, and the history.
 */
export function TaskPage({ detail }: { detail: TaskDetail }) {
  const { t } = useTranslation("tasks");
  const { task, people, checklist, comments, history, manages } = detail;
  const nameOf = (id: unknown) => people.find((person) => person.id === id)?.name ?? "—";
  return (
    <div data-testid="task-page">
      <PageTitle
        title={task.title}
        description={
          <>
            {task.caseReference} · {task.caseTitle} ·{" "}
            <Link to={taskPaths.board}>{t("page.backToBoard")}</Link>
          </>
        }
      />
      <div className={classes.layout}>
        <div className={classes.panel}>
          <h2>{t("page.details")}</h2>
          {manages ? (
            <PendingForm method="post" style={FORM} data-testid="task-edit-form">
              <Hidden name="intent" value="update" />
              <label>
                {t("field.title")}
                <input
                  name="title"
                  defaultValue={task.title}
                  required
                  maxLength={200}
                  className={classes.input}
                />
              </label>
              <label>
                {t("field.description")}
                <textarea
                  name="description"
                  defaultValue={task.description}
                  rows={5}
                  maxLength={10000}
                  className={classes.input}
                />
              </label>
              <label>
                {t("field.assignee")}
                <select name="assignee_id" defaultValue={task.assignee?.id ?? ""} className={classes.input}>
                  <option value="">{t("field.unassigned")}</option>
                  {people.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.name} ({t(`role.${person.role}` as "role.lead")})
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t("field.dueDate")}
                <input
                  type="date"
                  name="due_date"
                  defaultValue={task.dueDate ?? ""}
                  min="1900-01-01"
                  max="2099-12-31"
                  className={classes.input}
                />
              </label>
              <label>
                {t("field.priority")}
                <select name="priority" defaultValue={task.priority} className={classes.input}>
                  {TASK_PRIORITIES.map((priority) => (
                    <option key={priority} value={priority}>
                      {t(`priority.${priority}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t("field.labels")}
                <input
                  name="labels"
                  defaultValue={task.labels.join(", ")}
                  maxLength={1000}
                  className={classes.input}
                />
              </label>
              <label className={classes.row} style={{ flexDirection: "row" }}>
                <input type="checkbox" name="client_visible" defaultChecked={task.clientVisible} />
                {t("field.clientVisible")}
              </label>
              <button type="submit" className={classes.input}>
                {t("page.save")}
              </button>
            </PendingForm>
          ) : (
            <>
              <p className={classes.pre}>{task.description || t("page.noDescription")}</p>
              <p>
                {t("field.assignee")}: {task.assignee?.name ?? t("field.unassigned")}
              </p>
              <p>
                {t("field.dueDate")}: {task.due?.text ?? "—"} · {t("field.priority")}:{" "}
                {t(`priority.${task.priority}`)}
              </p>
            </>
          )}
        </div>

        <div className={classes.panel}>
          <h2>{t("field.status")}</h2>
          <p data-testid="task-status">{t(`status.${task.status}`)}</p>
          {task.canMove && (
            <PendingForm method="post" className={classes.row}>
              <Hidden name="intent" value="move" />
              <select
                name="status"
                defaultValue={task.status}
                className={classes.input}
                aria-label={t("field.status")}
              >
                {TASK_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`status.${status}`)}
                  </option>
                ))}
              </select>
              <button type="submit" className={classes.input}>
                {t("move.submit")}
              </button>
            </PendingForm>
          )}
          {task.reporter && <p className={classes.meta}>{t("page.reporter", { person: task.reporter })}</p>}
          {manages && <DeleteTask />}
        </div>

        <div className={classes.panel} data-testid="task-checklist">
          <h2>{t("page.checklist")}</h2>
          <ul style={LIST}>
            {checklist.map((item) => (
              <li key={item.id} className={classes.row}>
                {manages ? (
                  <PendingForm method="post">
                    <Hidden name="intent" value="checklist_toggle" />
                    <Hidden name="item" value={item.id} />
                    <button type="submit" className={classes.input} aria-pressed={item.done}>
                      {item.done ? "☑" : "☐"}
                    </button>
                  </PendingForm>
                ) : (
                  <span aria-hidden>{item.done ? "☑" : "☐"}</span>
                )}
                <span className={item.done ? classes.done : undefined}>{item.body}</span>
                {manages && (
                  <PendingForm method="post">
                    <Hidden name="intent" value="checklist_delete" />
                    <Hidden name="item" value={item.id} />
                    <button
                      type="submit"
                      className={classes.input}
                      aria-label={t("page.removeItem", { item: item.body })}
                    >
                      ×
                    </button>
                  </PendingForm>
                )}
              </li>
            ))}
          </ul>
          {manages && (
            <PendingForm method="post" className={classes.row}>
              <Hidden name="intent" value="checklist_add" />
              <input
                name="body"
                required
                maxLength={500}
                className={classes.input}
                aria-label={t("page.newItem")}
                placeholder={t("page.newItem")}
              />
              <button type="submit" className={classes.input}>
                {t("page.add")}
              </button>
            </PendingForm>
          )}
        </div>

        <div className={classes.panel} data-testid="task-comments">
          <h2>{t("page.comments")}</h2>
          <ul style={LIST}>
            {comments.map((comment) => (
              <li key={comment.id} className={classes.pre}>
                <div className={classes.meta}>
                  {comment.author} ·{" "}
                  {comment.created && <time dateTime={comment.created.iso}>{comment.created.text}</time>}
                </div>
                {comment.body}
              </li>
            ))}
          </ul>
          <PendingForm method="post" style={FORM}>
            <Hidden name="intent" value="comment" />
            <label>
              {t("page.newComment")}
              <textarea name="body" required maxLength={5000} rows={3} className={classes.input} />
            </label>
            <p className={classes.meta}>
              {t("page.mentionHint", { names: people.map((person) => `@${person.name}`).join(", ") })}
            </p>
            <button type="submit" className={classes.input}>
              {t("page.comment")}
            </button>
          </PendingForm>
        </div>

        <div className={classes.panel} data-testid="task-history">
          <h2>{t("page.history")}</h2>
          <ul style={LIST}>
            {history.map((entry) => (
              <li key={entry.id}>
                <span className={classes.meta}>
                  {entry.created && <time dateTime={entry.created.iso}>{entry.created.text}</time>} ·{" "}
                  {entry.actor}
                </span>{" "}
                {historyText(entry, t, nameOf)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
