import type { SignedInUser } from "~/features/auth/user";
import { personName, readCasePeople } from "~/features/cases/queries.server";
import { can } from "~/lib/access";
import type { Supabase } from "~/lib/database";
import type { DateText, Formatter } from "~/lib/i18n/format";
import type { TaskQuery } from "./task-query";
import { isOverdue, TASK_STATUSES, type TaskPerson, type TaskPriority, type TaskStatus } from "./tasks";

/*
 * What the task pages read: the board, the table (and its CSV and the JSON API), the overview and
 * a task's page. Row level security decides every row (20261130000000_tasks.sql); these functions
 * shape it for the pages, in the reader's language. Writes are in ./mutations.server.ts.
 */

/** The columns a card or a table row reads, with its case's reference. */
const TASK_LIST_COLUMNS =
  "id, case_id, title, status, position, priority, labels, due_date, assignee_id, client_visible, completed_at, created_at, updated_at, case:cases(reference, title)";

/** At most this many cards per column (the table pages through the rest). */
const BOARD_COLUMN_LIMIT = 100;

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

type ListRow = {
  id: string;
  case_id: string;
  title: string;
  status: string;
  position: number;
  priority: string;
  labels: string[];
  due_date: string | null;
  assignee_id: string | null;
  client_visible: boolean;
  updated_at: string;
  case: { reference: string; title: string } | null;
};

/** The members of these cases whom the person may name, by case and id. */
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

async function toCards(
  supabase: Supabase,
  user: SignedInUser,
  rows: ListRow[],
  format: Formatter,
  today: string,
): Promise<TaskCard[]> {
  const people = await peopleOf(
    supabase,
    rows.filter((row) => row.assignee_id).map((row) => row.case_id),
  );
  const manages = can(user.accessLevel, "managesTasks");
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status as TaskStatus,
    priority: row.priority as TaskPriority,
    labels: row.labels,
    due: format.day(row.due_date),
    dueDate: row.due_date,
    overdue: isOverdue(row, today),
    caseId: row.case_id,
    caseReference: row.case?.reference ?? "",
    assignee: row.assignee_id ? (people.get(`${row.case_id}:${row.assignee_id}`) ?? null) : null,
    clientVisible: row.client_visible,
    canMove: manages || row.assignee_id === user.id,
    updated: format.dateTime(row.updated_at),
  }));
}

/** A query of tasks narrowed by the filters (all but status, sort and paging). */
function filtered(supabase: Supabase, user: SignedInUser, query: TaskQuery, today: string) {
  let request = supabase.from("tasks").select(TASK_LIST_COLUMNS, { count: "exact" });
  if (query.caseId) request = request.eq("case_id", query.caseId);
  if (query.assignee) request = request.eq("assignee_id", query.assignee === "me" ? user.id : query.assignee);
  if (query.dueFrom) request = request.gte("due_date", query.dueFrom);
  if (query.dueTo) request = request.lte("due_date", query.dueTo);
  if (query.overdue) request = request.lt("due_date", today).neq("status", "done");
  return request;
}

export type BoardColumn = { status: TaskStatus; tasks: TaskCard[]; total: number };

/** The board: each status's first cards in their order, and how many there are. */
export async function loadBoard(
  supabase: Supabase,
  user: SignedInUser,
  query: TaskQuery,
  format: Formatter,
  today: string,
): Promise<BoardColumn[]> {
  const statuses = query.status.length > 0 ? query.status : TASK_STATUSES;
  const results = await Promise.all(
    TASK_STATUSES.map((status) =>
      statuses.includes(status)
        ? filtered(supabase, user, query, today)
            .eq("status", status)
            .order("position")
            .limit(BOARD_COLUMN_LIMIT)
        : Promise.resolve({ data: [], count: 0, error: null }),
    ),
  );
  const rows: ListRow[] = [];
  for (const result of results) {
    if (result.error) throw new Error(`Failed to read the board: ${result.error.message}`);
    rows.push(...((result.data ?? []) as unknown as ListRow[]));
  }
  const cards = await toCards(supabase, user, rows, format, today);
  return TASK_STATUSES.map((status, index) => ({
    status,
    tasks: cards.filter((card) => card.status === status),
    total: results[index]?.count ?? 0,
  }));
}

/** One page of the table (and of the JSON API), in the query's order. */
export async function queryTasks(
  supabase: Supabase,
  user: SignedInUser,
  query: TaskQuery,
  format: Formatter,
  today: string,
  limit?: number,
): Promise<{ rows: TaskCard[]; total: number }> {
  let request = filtered(supabase, user, query, today);
  if (query.status.length > 0) request = request.in("status", query.status);
  const from = limit === undefined ? (query.page - 1) * query.size : 0;
  const { data, count, error } = await request
    .order(query.sort, { ascending: query.dir === "asc", nullsFirst: false })
    .order("id")
    .range(from, from + (limit ?? query.size) - 1);
  if (error) throw new Error(`Failed to read tasks: ${error.message}`);
  const rows = await toCards(supabase, user, (data ?? []) as unknown as ListRow[], format, today);
  return { rows, total: count ?? 0 };
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
  const weekEndIso = weekEnd.toISOString().slice(0, 10);
  const mine = () =>
    supabase
      .from("tasks")
      .select(TASK_LIST_COLUMNS, { count: "exact" })
      .eq("assignee_id", user.id)
      .neq("status", "done")
      .order("due_date")
      .order("position")
      .limit(5);
  const [dueToday, week, overdue] = await Promise.all([
    mine().eq("due_date", today),
    mine().gte("due_date", today).lte("due_date", weekEndIso),
    mine().lt("due_date", today),
  ]);
  for (const result of [dueToday, week, overdue]) {
    if (result.error) throw new Error(`Failed to read the task overview: ${result.error.message}`);
  }
  const section = async (result: typeof week) => ({
    tasks: await toCards(supabase, user, (result.data ?? []) as unknown as ListRow[], format, today),
    total: result.count ?? 0,
  });
  return { today: await section(dueToday), week: await section(week), overdue: await section(overdue) };
}

export type TaskCaseOption = { id: string; reference: string; title: string };

/** The cases the person may add tasks to (engaged or on hold, run by them or their firm; admins: all). */
export async function readTaskCases(supabase: Supabase, user: SignedInUser): Promise<TaskCaseOption[]> {
  if (!can(user.accessLevel, "managesTasks")) return [];
  let request = supabase
    .from("cases")
    .select("id, reference, title")
    .in("status", ["engaged", "on_hold"])
    .order("reference")
    .limit(200);
  if (!can(user.accessLevel, "isAdmin")) {
    const ids = await supabase.rpc("task_manager_case_ids");
    if (ids.error) throw new Error(`Failed to read the person's cases: ${ids.error.message}`);
    request = request.in("id", (ids.data ?? []) as string[]);
  }
  const { data, error } = await request;
  if (error) throw new Error(`Failed to read the person's cases: ${error.message}`);
  return data ?? [];
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
    supabase
      .from("tasks")
      .select(`${TASK_LIST_COLUMNS}, description, reporter_id, completed_at`)
      .eq("id", id)
      .maybeSingle(),
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
  const row = task.data as unknown as ListRow & {
    description: string;
    reporter_id: string | null;
    completed_at: string | null;
  };
  const [manages, peopleMap] = await Promise.all([
    supabase.rpc("manages_case_tasks", { p_case_id: row.case_id }),
    peopleOf(supabase, [row.case_id]),
  ]);
  const people = [...peopleMap.values()];
  const nameOf = (userId: string | null) =>
    userId === null ? null : (peopleMap.get(`${row.case_id}:${userId}`)?.name ?? null);
  const [card] = await toCards(supabase, user, [row], format, today);
  if (!card) return null;
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
