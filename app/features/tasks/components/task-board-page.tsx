import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetchers, useLocation, useRevalidator, useSubmit } from "react-router";
import { IdempotencyKeyInput } from "~/components/form/idempotency";
import { PendingForm } from "~/components/form/pending-form";
import { PageTitle } from "~/components/page-title";
import pipeline from "~/features/cases/components/case-pipeline.module.css";
import { useFocusOnOpen } from "~/lib/hooks/use-focus-on-open";
import { applyMove, type Move, moveFields, moveToIndex } from "../board-moves";
import { useLiveTasks } from "../live-tasks";
import type { BoardColumn } from "../queries.server";
import {
  boardPanelsOf,
  filteredByPicker,
  type TaskQuery,
  taskPageHref,
  taskQueryString,
} from "../task-query";
import {
  isTaskStatus,
  TASK_PRIORITIES,
  type TaskCaseOption,
  type TaskPerson,
  type TaskStatus,
  taskPaths,
} from "../tasks";
import classes from "./task-board.module.css";
import { type CardText, cardTextOf, TaskCard } from "./task-card";
import { CaseOptions, TaskPickers } from "./task-pickers";

type TaskBoardPageProps = {
  columns: BoardColumn[];
  query: TaskQuery;
  cases: TaskCaseOption[];
  assignees: TaskPerson[];
  canCreate: boolean;
  idempotencyKey: string;
  realtime: { url: string; apiKey: string };
};

/** The moves posted and not yet answered, in the order they were made. */
function pendingMoves(fetchers: ReturnType<typeof useFetchers>): Move[] {
  return fetchers.flatMap((fetcher) => {
    const form = fetcher.formData;
    if (!form || form.get("intent") !== "move") return [];
    const status = form.get("status");
    const task = form.get("task");
    if (!isTaskStatus(status) || typeof task !== "string") return [];
    const after = form.get("after");
    const before = form.get("before");
    return [
      {
        task,
        status,
        after: typeof after === "string" ? after : undefined,
        before: typeof before === "string" ? before : undefined,
      },
    ];
  });
}

/**
 * Drag and drop (Atlassian's Pragmatic drag and drop, ADR 0027), loaded after hydration: a card
 * the person may move is draggable; dropping it on a card puts it above or below that card, on a
 * column's empty space at its end. The drop posts the same move the card's forms post.
 */
function useDragAndDrop(
  board: RefObject<HTMLDivElement | null>,
  columns: BoardColumn[],
  onMove: (move: Move) => void,
) {
  const latest = useRef({ columns, onMove });
  latest.current = { columns, onMove };
  // Registered again only when the cards change (not on every render: a drag would be dropped).
  const layout = columns.map((column) => column.tasks.map((card) => card.id).join(",")).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `layout` is what re-registers the cards.
  useEffect(() => {
    const root = board.current;
    if (!root) return;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    void Promise.all([
      import("@atlaskit/pragmatic-drag-and-drop/element/adapter"),
      import("@atlaskit/pragmatic-drag-and-drop/combine"),
    ]).then(([{ draggable, dropTargetForElements, monitorForElements }, { combine }]) => {
      if (cancelled) return;
      const edgeOf = (element: Element, clientY: number) => {
        const rect = element.getBoundingClientRect();
        return clientY < rect.top + rect.height / 2 ? "above" : "below";
      };
      const clearMarks = () => {
        for (const marked of root.querySelectorAll("[data-drop],[data-over]")) {
          marked.removeAttribute("data-drop");
          marked.removeAttribute("data-over");
        }
      };
      const registrations: (() => void)[] = [];
      for (const card of root.querySelectorAll<HTMLElement>("[data-task-id]")) {
        const id = card.dataset.taskId ?? "";
        if (card.dataset.canMove) {
          registrations.push(
            draggable({
              element: card,
              getInitialData: () => ({ task: id }),
              onDragStart: () => card.setAttribute("data-dragging", ""),
              onDrop: () => card.removeAttribute("data-dragging"),
            }),
          );
        }
        registrations.push(
          dropTargetForElements({
            element: card,
            getData: () => ({ card: id }),
            canDrop: ({ source }) => source.data.task !== id,
            onDrag: ({ location }) => {
              card.setAttribute("data-drop", edgeOf(card, location.current.input.clientY));
            },
            onDragLeave: () => card.removeAttribute("data-drop"),
          }),
        );
      }
      for (const column of root.querySelectorAll<HTMLElement>("[data-column-status]")) {
        registrations.push(
          dropTargetForElements({
            element: column,
            getData: () => ({ column: column.dataset.columnStatus ?? "" }),
            onDragEnter: () => column.setAttribute("data-over", ""),
            onDragLeave: () => column.removeAttribute("data-over"),
          }),
        );
      }
      registrations.push(
        monitorForElements({
          onDrop: ({ source, location }) => {
            clearMarks();
            const task = String(source.data.task ?? "");
            const targets = location.current.dropTargets;
            const columnTarget = targets.find((target) => typeof target.data.column === "string");
            const status = columnTarget?.data.column;
            if (!task || !isTaskStatus(status)) return;
            const ids =
              latest.current.columns
                .find((column) => column.status === status)
                ?.tasks.map((card) => card.id) ?? [];
            const others = ids.filter((other) => other !== task);
            const cardTarget = targets.find((target) => typeof target.data.card === "string");
            let index = others.length;
            if (cardTarget) {
              const at = others.indexOf(String(cardTarget.data.card));
              if (at >= 0)
                index = edgeOf(cardTarget.element, location.current.input.clientY) === "above" ? at : at + 1;
            }
            const move = moveToIndex(others, task, status, index);
            const current = latest.current.columns.find((column) =>
              column.tasks.some((card) => card.id === task),
            );
            const currentIds = current?.tasks.map((card) => card.id) ?? [];
            // Dropped where it already is: nothing to post.
            if (current?.status === status && currentIds.indexOf(task) === index) return;
            latest.current.onMove(move);
          },
        }),
      );
      cleanup = combine(...registrations);
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [board, layout]);
}

/**
 * /dashboard/task_management/task_management: the tasks of the person's cases as a board whose
 * columns are the statuses. Cards move by drag and drop, by their forms (the keyboard's way, and
 * the way without JavaScript) — all through the same action and `public.move_task` — and every
 * move is announced to screen readers. The board follows other people's moves live.
 */
export function TaskBoardPage({
  columns,
  query,
  cases,
  assignees,
  canCreate,
  idempotencyKey,
  realtime,
}: TaskBoardPageProps) {
  const { t } = useTranslation("tasks");
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const fetchers = useFetchers();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const board = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState("");

  // What the person sees: the server's board with their moves not yet answered applied.
  const pending = pendingMoves(fetchers);
  const shown: BoardColumn[] = pending.reduce<BoardColumn[]>(
    (board, move) => applyMove(board, move),
    columns,
  );
  const moving = fetchers.some((fetcher) => fetcher.state !== "idle");

  const announce = (move: Move) => {
    const column = shown.find((c) => c.status === move.status);
    const title = shown.flatMap((c) => c.tasks).find((card) => card.id === move.task)?.title ?? "";
    const next = applyMove(shown, move).find((c) => c.status === move.status);
    const position = (next?.tasks.findIndex((card) => card.id === move.task) ?? 0) + 1;
    setAnnouncement(
      t("move.announce", {
        title,
        column: t(`status.${move.status}`),
        position,
        count: next?.tasks.length ?? column?.tasks.length ?? 0,
      }),
    );
  };

  const onMove = (move: Move) => {
    announce(move);
    void submit(
      { ...moveFields(move), returnTo },
      {
        method: "post",
        navigate: false,
        fetcherKey: `move:${move.task}`,
        preventScrollReset: true,
      },
    );
  };

  // A card's move form (the keyboard's way, or a click): posted as that card's fetcher, as the
  // drag's moves are; the forms are plain <form>s so that the board renders fast (task-card.tsx).
  const submitMove = (event: FormEvent<HTMLDivElement>) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.move) return;
    event.preventDefault();
    void submit(form, {
      method: "post",
      navigate: false,
      fetcherKey: `move:${form.dataset.move}`,
      preventScrollReset: true,
    });
  };

  useDragAndDrop(board, shown, onMove);
  const onSubmitCapture = useFocusFollowsMovedCard(board, pending);
  useLiveTasks(realtime, () => {
    if (!moving && revalidator.state === "idle") void revalidator.revalidate();
  });

  // A move made by a card's form (keyboard, or a click): announce it as well.
  const lastFormMove = pending.at(-1);
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!lastFormMove) return;
    const key = JSON.stringify(lastFormMove);
    if (announced.current === key) return;
    announced.current = key;
    announce(lastFormMove);
  });

  const caseChoices = cases.length > 0 ? cases : uniqueCases(columns);
  const cardText = useMemo(() => cardTextOf(t), [t]);
  // The filters and the new-task form offer the person's cases and people, read only when one of
  // them is shown (a `?panel=` link; the filters also while a filter is on).
  const panels = boardPanelsOf(new URLSearchParams(location.search), query);
  const filtersStart = useFocusOnOpen<HTMLSelectElement>(panels.filters);
  const createStart = useFocusOnOpen<HTMLSelectElement>(panels.create);
  const plainBoard = taskPageHref(taskPaths.board, { ...query, caseId: "", assignee: "", page: 1 });
  // The panel a link opened stays open when the columns show more cards.
  const openPanel = panels.create
    ? "new-task"
    : panels.filters && !filteredByPicker(query)
      ? "filters"
      : undefined;

  return (
    <Stack gap="md" data-testid="task-board-page">
      <PageTitle title={t("board.title")} description={t("board.description")} />
      <Group align="flex-end" gap="sm">
        {panels.filters ? (
          <Form method="get" className={classes.row} data-testid="task-board-filters">
            <TaskPickers
              query={query}
              cases={caseChoices}
              people={assignees}
              className={classes.input}
              caseRef={filtersStart}
            />
            <button type="submit" className={classes.input}>
              {t("filters.apply")}
            </button>
            <Link to={plainBoard} preventScrollReset>
              {filteredByPicker(query) ? t("filters.reset") : t("panel.close")}
            </Link>
          </Form>
        ) : (
          <Link
            to={taskPageHref(taskPaths.board, query, "filters")}
            preventScrollReset
            prefetch="intent"
            data-testid="task-board-filters-open"
          >
            {t("filters.open")}
          </Link>
        )}
        {canCreate && !panels.create && (
          <Link to={taskPageHref(taskPaths.board, query, "new-task")} preventScrollReset prefetch="intent">
            {t("create.open")}
          </Link>
        )}
        <Link to={`${taskPaths.table}${taskQueryString(query, { page: 1 })}`}>{t("board.asTable")}</Link>
      </Group>

      {canCreate && panels.create && (
        <section aria-labelledby="task-create-title" data-testid="task-create-panel">
          <Title order={2} size="h5" id="task-create-title">
            {t("create.open")}
          </Title>
          {cases.length > 0 ? (
            <PendingForm method="post" className={classes.row} data-testid="task-create-form">
              <input type="hidden" name="intent" value="create" />
              {/* A refusal comes back to the board with the form open. */}
              <input type="hidden" name="returnTo" value={taskPageHref(taskPaths.board, query, "new-task")} />
              <IdempotencyKeyInput value={idempotencyKey} />
              <label>
                {t("field.case")}
                <select
                  ref={createStart}
                  name="case_id"
                  required
                  className={classes.input}
                  defaultValue={query.caseId}
                >
                  <CaseOptions cases={cases} />
                </select>
              </label>
              <label>
                {t("field.title")}
                <input name="title" required maxLength={200} className={classes.input} />
              </label>
              <label>
                {t("field.priority")}
                <select name="priority" defaultValue="medium" className={classes.input}>
                  {TASK_PRIORITIES.map((priority) => (
                    <option key={priority} value={priority}>
                      {t(`priority.${priority}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t("field.dueDate")}
                <input
                  type="date"
                  name="due_date"
                  min="1900-01-01"
                  max="2099-12-31"
                  className={classes.input}
                />
              </label>
              <button type="submit" className={classes.input}>
                {t("create.submit")}
              </button>
            </PendingForm>
          ) : (
            <Text size="sm">{t("create.noCases")}</Text>
          )}
          <Text size="sm">
            <Link to={taskPageHref(taskPaths.board, query)} preventScrollReset>
              {t("panel.close")}
            </Link>
          </Text>
        </section>
      )}

      <div className="visually-hidden" aria-live="polite" role="status" data-testid="task-board-announcer">
        {announcement}
      </div>
      <p className="visually-hidden">{t("board.instructions")}</p>

      <div
        className={pipeline.board}
        ref={board}
        data-testid="task-board"
        onSubmitCapture={onSubmitCapture}
        onSubmit={submitMove}
      >
        {shown.map((column, index) => (
          <Column
            key={column.status}
            column={column}
            total={columns[index]?.total ?? 0}
            returnTo={returnTo}
            text={cardText}
            moreHref={taskPageHref(taskPaths.board, { ...query, page: query.page + 1 }, openPanel)}
          />
        ))}
      </div>
    </Stack>
  );
}

/** A card's "Move" button, and a column's link to more of its cards. */
const MOVE_SUBMIT = '[data-testid="task-move-submit"]';
const MORE_LINK = '[data-testid="task-column-more"]';

/**
 * Keeps the keyboard's place when a card's form moves it to another column: the card is drawn anew
 * in that column and the browser drops the focus to the page, so a person moving a card with the
 * keyboard would start again from the top. The control they used (a labelled button or select, or
 * the "Move" button) gets the focus back in the card's new place; when the card is no longer shown
 * (past the first cards of its column), the column's "more" link does. Done once the move is
 * answered, or as soon as the focus is somewhere else on purpose.
 */
function useFocusFollowsMovedCard(
  board: RefObject<HTMLDivElement | null>,
  pending: readonly Move[],
): (event: { target: EventTarget }) => void {
  const target = useRef<{ task: string; status: string; control: string } | null>(null);
  // After every render: any of them may be the one that drew the card anew.
  useLayoutEffect(() => {
    const wanted = target.current;
    const root = board.current;
    if (!wanted || !root) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) {
      const card = root.querySelector(`[data-task-id="${CSS.escape(wanted.task)}"]`);
      const control =
        card?.querySelector<HTMLElement>(wanted.control) ??
        card?.querySelector<HTMLElement>(MOVE_SUBMIT) ??
        root.querySelector<HTMLElement>(`[data-column-status="${wanted.status}"] ${MORE_LINK}`);
      control?.focus();
    }
    if (!pending.some((move) => move.task === wanted.task)) target.current = null;
  });
  return ({ target: submitted }) => {
    const active = document.activeElement;
    const card = submitted instanceof Element ? submitted.closest<HTMLElement>("[data-task-id]") : null;
    const status = submitted instanceof HTMLFormElement ? new FormData(submitted).get("status") : null;
    if (!card || !(active instanceof HTMLElement) || !card.contains(active) || typeof status !== "string")
      return;
    const label = active.getAttribute("aria-label");
    target.current = {
      task: card.dataset.taskId ?? "",
      status,
      control: label ? `[aria-label="${CSS.escape(label)}"]` : MOVE_SUBMIT,
    };
  };
}

function Column({
  column,
  total,
  returnTo,
  text,
  moreHref,
}: {
  column: { status: TaskStatus; tasks: BoardColumn["tasks"] };
  total: number;
  returnTo: string;
  text: CardText;
  /** The board with one more step of cards in every column (a real link: works without JavaScript). */
  moreHref: string;
}) {
  const { t } = text;
  const headingId = `task-column-${column.status}`;
  const ids = column.tasks.map((task) => task.id);
  return (
    <section
      className={`${pipeline.column} ${classes.drop}`}
      aria-labelledby={headingId}
      data-testid="task-column"
      data-column-status={column.status}
    >
      <Group justify="space-between" gap="xs" className={pipeline.columnHeader} wrap="nowrap">
        <Title order={2} size="h5" id={headingId}>
          {t(`status.${column.status}`)}
        </Title>
        <Badge variant="light" color="gray">
          <span aria-hidden>{total}</span>
          <span className="visually-hidden">{t("board.count", { count: total })}</span>
        </Badge>
      </Group>
      <Stack component="ol" gap="sm" className={pipeline.cards} m={0} style={{ listStyle: "none" }}>
        {column.tasks.map((task) => (
          <TaskCard key={task.id} task={task} columnIds={ids} text={text} returnTo={returnTo} />
        ))}
      </Stack>
      {total > column.tasks.length && (
        <Text size="xs" px="sm" pb="sm">
          <Link to={moreHref} preventScrollReset data-testid="task-column-more">
            {t("board.more", { count: total - column.tasks.length })}
          </Link>
        </Text>
      )}
    </section>
  );
}

function uniqueCases(columns: BoardColumn[]): TaskCaseOption[] {
  const seen = new Map<string, TaskCaseOption>();
  for (const task of columns.flatMap((column) => column.tasks)) {
    if (!seen.has(task.caseId))
      seen.set(task.caseId, { id: task.caseId, reference: task.caseReference, title: "" });
  }
  return [...seen.values()];
}
