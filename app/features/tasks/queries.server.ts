import type { SignedInUser } from "~/features/auth/user";
import { personName, readCasePeople } from "~/features/cases/queries.server";
import { can } from "~/lib/access";
import type { Supabase, TaskFiltersJson, TaskListJson } from "~/lib/database";
import type { DateText, Formatter } from "~/lib/i18n/format";
import type { TaskQuery } from "./task-query";
import {
  assigneeChoices,
  isOverdue,
  TASK_STATUSES,
  type TaskCaseOption,
  type TaskPerson,
  type TaskPriority,
  type TaskStatus,
} from "./tasks";

/*
 * What the task pages read: the board, the table (and its CSV and the JSON API), the overview and
 * a task's page. Row level security decides every row (20261130000000_tasks.sql); these functions
 * shape it for the pages, in the reader's language. Writes are in ./mutations.server.ts.
 */

/** The columns the task page reads, with its case's reference and title. */
const TASK_DETAIL_COLUMNS =
  "id, case_id, title, status, position, priority, labels, due_date, assignee_id, client_visible, completed_at, created_at, updated_at, description, reporter_id, case:cases(reference, title)";

/**
 * Cards a column shows at first, and how many more each "show more" link (the query's `page`)
 * adds. Rendering the cards is most of the board's time (ADR 0027, "Numbers"); the SQL stops at
 * 500 a column.
 */
const BOARD_COLUMN_STEP = 12;

export type TaskCard = {
  id: string;
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
  labels: string[];
  due: DateText | null;
  dueDate: string | null;
  overdue: boolean;
  caseId: string;
  caseReference: string;
  assignee: TaskPerson | null;
  clientVisible: boolean;
  /** Whether the person may move it (the database decides again). */
  canMove: boolean;
  updated: DateText | null;
};

function cardOf(
  row: TaskListJson,
  user: SignedInUser,
  format: Formatter,
  today: string,
  assignee?: TaskPerson | null,
): TaskCard {
  return {
    id: row.id,
    title: row.title,
    status: row.status as TaskStatus,
    priority: row.priority as TaskPriority,
    labels: row.labels,
    due: format.day(row.due_date),
    dueDate: row.due_date,
    overdue: isOverdue(row, today),
    caseId: row.case_id,
    caseReference: row.reference ?? "",
    assignee:
      assignee !== undefined
        ? assignee
        : row.assignee
          ? {
              id: row.assignee.id,
              name: personName(row.assignee) ?? "—",
              avatarUrl: row.assignee.avatar_url,
              role: "",
            }
          : null,
    clientVisible: row.client_visible,
    canMove: can(user.accessLevel, "managesTasks") || row.assignee_id === user.id,
    updated: format.dateTime(row.updated_at),
  };
}

/** The members of these cases whom the person may name, by case and id (the task page). */
async function peopleOf(supabase: Supabase, caseIds: string[]): Promise<Map<string, TaskPerson>> {
  const rows = await readCasePeople(supabase, caseIds);
  const people = new Map<string, TaskPerson>();
  for (const row of rows) {
    if (row.relation === "proposer" || !row.case_id || !row.user_id) continue;
    people.set(`${row.case_id}:${row.user_id}`, {
      id: row.user_id,
      name: personName(row) ?? "—",
      avatarUrl: row.avatar_url ?? null,
      role: row.relation ?? "",
    });
  }
  return people;
}

/** The filters of a query as the reading functions' parameters. */
function filterArgs(user: SignedInUser, query: TaskQuery, today: string) {
  return {
    ...(query.caseId ? { p_case_id: query.caseId } : {}),
    ...(query.assignee ? { p_assignee_id: query.assignee === "me" ? user.id : query.assignee } : {}),
    ...(query.status.length > 0 ? { p_statuses: query.status } : {}),
    p_today: today,
  };
}

/** A page of the table as task_list's parameters (`limit`: that many rows from the first). */
function listArgs(user: SignedInUser, query: TaskQuery, today: string, limit?: number) {
  return {
    ...filterArgs(user, query, today),
    ...(query.dueFrom ? { p_due_from: query.dueFrom } : {}),
    ...(query.dueTo ? { p_due_to: query.dueTo } : {}),
    p_overdue: query.overdue,
    p_sort: query.sort,
    p_dir: query.dir,
    p_offset: limit === undefined ? (query.page - 1) * query.size : 0,
    p_limit: limit ?? query.size,
  };
}

export type BoardColumn = { status: TaskStatus; tasks: TaskCard[]; total: number };

/** What the board's and the table's filters offer (the new task form's case picker too). */
type TaskFilterOptions = { cases: TaskCaseOption[]; assignees: TaskPerson[] };

/** How many of the person's cases the case pickers and the assignee filter draw from. */
const TASK_CASES_LIMIT = 200;

/**
 * How many cases a page's filters offer, in the page's read (`p_filter_cases`): none for a person
 * who does not manage tasks (a client filters by "me" only).
 */
function filterCases(user: SignedInUser) {
  return can(user.accessLevel, "managesTasks") ? { p_filter_cases: TASK_CASES_LIMIT } : {};
}

/**
 * The filters' options from `public.task_filters`' answer: the cases the person adds tasks to
 * (engaged or on hold, run by them or their firm; admins: all), by reference, and the people of
 * those cases one may assign (their clients and teams, each once: the people the task page's
 * assignee picker offers, over all those cases).
 */
function filterOptionsOf(
  filters: TaskFiltersJson | null,
  user: SignedInUser,
  language: string,
): TaskFilterOptions {
  if (!filters) return { cases: [], assignees: [] };
  const people = filters.assignees.map((row) => ({
    id: row.user_id,
    name: personName(row) ?? "—",
    avatarUrl: row.avatar_url,
    role: "",
  }));
  return { cases: filters.cases, assignees: assigneeChoices(people, user.id, language) };
}

/**
 * The board: each status's first cards in their order, how many there are, and, when its filters
 * or its new-task form are shown (`withOptions`), their options (one request).
 */
export async function loadBoard(
  supabase: Supabase,
  user: SignedInUser,
  query: TaskQuery,
  format: Formatter,
  today: string,
  language: string,
  withOptions: boolean,
): Promise<{ columns: BoardColumn[] } & TaskFilterOptions> {
  const { data, error } = await supabase.rpc("task_board_with_filters", {
    ...filterArgs(user, query, today),
    p_limit: Math.min(BOARD_COLUMN_STEP * query.page, 500),
    ...(withOptions ? filterCases(user) : {}),
  });
  if (error) throw new Error(`Failed to read the board: ${error.message}`);
  const cards = data.board.tasks.map((row) => cardOf(row, user, format, today));
  const columns = TASK_STATUSES.map((status) => ({
    status,
    tasks: cards.filter((card) => card.status === status),
    total: data.board.totals[status] ?? 0,
  }));
  return { columns, ...filterOptionsOf(data.filters, user, language) };
}

/** One page of the table and, when its pickers are shown (`withOptions`), their options (one request). */
export async function loadTaskTable(
  supabase: Supabase,
  user: SignedInUser,
  query: TaskQuery,
  format: Formatter,
  today: string,
  language: string,
  withOptions: boolean,
): Promise<{ rows: TaskCard[]; total: number } & TaskFilterOptions> {
  const { data, error } = await supabase.rpc("task_list_with_filters", {
    ...listArgs(user, query, today),
    ...(withOptions ? filterCases(user) : {}),
  });
  if (error) throw new Error(`Failed to read tasks: ${error.message}`);
  return {
    rows: data.list.tasks.map((row) => cardOf(row, user, format, today)),
    total: data.list.total,
    ...filterOptionsOf(data.filters, user, language),
  };
}

/** One page of tasks in the query's order, for the CSV and the JSON API (one request). */
export async function queryTasks(
  supabase: Supabase,
  user: SignedInUser,
  query: TaskQuery,
  format: Formatter,
  today: string,
  limit?: number,
): Promise<{ rows: TaskCard[]; total: number }> {
  const { data, error } = await supabase.rpc("task_list", listArgs(user, query, today, limit));
  if (error) throw new Error(`Failed to read tasks: ${error.message}`);
  return { rows: data.tasks.map((row) => cardOf(row, user, format, today)), total: data.total };
}

/** The overview (task_management): the person's own open tasks due today, this week and overdue. */
export async function loadTaskSummary(
  supabase: Supabase,
  user: SignedInUser,
  format: Formatter,
  today: string,
): Promise<Record<"today" | "week" | "overdue", { tasks: TaskCard[]; total: number }>> {
  const weekEnd = new Date(`${today}T00:00:00Z`);
  weekEnd.setUTCDate(weekEnd.getUTCDate() + 6);
  const { data, error } = await supabase.rpc("task_summary", {
    p_today: today,
    p_week_end: weekEnd.toISOString().slice(0, 10),
    p_limit: 5,
  });
  if (error) throw new Error(`Failed to read the task overview: ${error.message}`);
  const section = (result: { tasks: TaskListJson[]; total: number }) => ({
    tasks: result.tasks.map((row) => cardOf(row, user, format, today)),
    total: result.total,
  });
  return { today: section(data.today), week: section(data.week), overdue: section(data.overdue) };
}

export type TaskDetail = {
  task: TaskCard & {
    description: string;
    caseTitle: string;
    reporter: string | null;
    completed: DateText | null;
  };
  people: TaskPerson[];
  checklist: { id: string; body: string; done: boolean }[];
  comments: { id: string; author: string; authorId: string | null; body: string; created: DateText | null }[];
  history: {
    id: number;
    actor: string;
    action: string;
    details: Record<string, unknown>;
    created: DateText | null;
  }[];
  manages: boolean;
};

/** A task's page: the task, its case's people, checklist, comments and history; null when hidden. */
export async function loadTaskDetail(
  supabase: Supabase,
  user: SignedInUser,
  id: string,
  format: Formatter,
  today: string,
): Promise<TaskDetail | null> {
  const [task, checklist, comments, history] = await Promise.all([
    supabase.from("tasks").select(TASK_DETAIL_COLUMNS).eq("id", id).maybeSingle(),
    supabase
      .from("task_checklist_items")
      .select("id, body, done")
      .eq("task_id", id)
      .order("position")
      .order("created_at"),
    supabase
      .from("task_comments")
      .select("id, author_id, body, created_at")
      .eq("task_id", id)
      .order("created_at"),
    supabase
      .from("task_activity")
      .select("id, actor_id, action, details, created_at")
      .eq("task_id", id)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(50),
  ]);
  for (const result of [task, checklist, comments, history]) {
    if (result.error) throw new Error(`Failed to read the task: ${result.error.message}`);
  }
  if (!task.data) return null;
  const row = task.data;
  const [manages, peopleMap] = await Promise.all([
    supabase.rpc("manages_case_tasks", { p_case_id: row.case_id }),
    peopleOf(supabase, [row.case_id]),
  ]);
  const people = [...peopleMap.values()];
  const nameOf = (userId: string | null) =>
    userId === null ? null : (peopleMap.get(`${row.case_id}:${userId}`)?.name ?? null);
  const card = cardOf(
    { ...row, reference: row.case?.reference ?? null, assignee: null },
    user,
    format,
    today,
    row.assignee_id ? (peopleMap.get(`${row.case_id}:${row.assignee_id}`) ?? null) : null,
  );
  return {
    task: {
      ...card,
      description: row.description,
      caseTitle: row.case?.title ?? "",
      reporter: nameOf(row.reporter_id),
      completed: format.dateTime(row.completed_at),
    },
    people,
    checklist: checklist.data ?? [],
    comments: (comments.data ?? []).map((comment) => ({
      id: comment.id,
      authorId: comment.author_id,
      author: nameOf(comment.author_id) ?? "—",
      body: comment.body,
      created: format.dateTime(comment.created_at),
    })),
    history: (history.data ?? []).map((entry) => ({
      id: entry.id,
      actor: nameOf(entry.actor_id) ?? "—",
      action: entry.action,
      details: (entry.details ?? {}) as Record<string, unknown>,
      created: format.dateTime(entry.created_at),
    })),
    manages: manages.data === true,
  };
}
