import type { Supabase } from "~/lib/database";
import { done, type Fallbacks, type Outcome, refusedBy } from "~/lib/errors";
import type { TaskPriority, TaskStatus } from "./tasks";

/*
 * What a person changes on tasks. Row level security, column grants and the database's triggers
 * judge every write (20261130000000_tasks.sql); refusals come back as codes (app/lib/errors.ts).
 */

const FALLBACKS: Fallbacks = {
  notAllowed: "task:not_allowed",
  notFound: "task:not_found",
  refused: "task:refused",
  failed: "task:save_failed",
};

type TaskMove = {
  task: string;
  status: TaskStatus;
  after?: string | undefined;
  before?: string | undefined;
};

/** Moves a task through `public.move_task`, the one way a status or position changes. */
export async function moveTask(supabase: Supabase, move: TaskMove): Promise<Outcome> {
  const { error } = await supabase.rpc("move_task", {
    p_task_id: move.task,
    p_status: move.status,
    ...(move.after ? { p_after: move.after } : {}),
    ...(move.before ? { p_before: move.before } : {}),
  });
  return error ? refusedBy(error, FALLBACKS) : done();
}

type NewTask = {
  case_id: string;
  title: string;
  priority: TaskPriority;
  due_date?: string | undefined;
};

/**
 * Creates a task (the reporter is the person). A second post of one form (same key) creates
 * nothing and is answered with the task the first one made.
 */
export async function createTask(
  supabase: Supabase,
  value: NewTask,
  { userId, idempotencyKey }: { userId: string; idempotencyKey: string },
): Promise<Outcome<string>> {
  const { data, error } = await supabase
    .from("tasks")
    // Named column by column: the form's value carries more than the row (its `intent`).
    .insert({
      case_id: value.case_id,
      title: value.title,
      priority: value.priority,
      due_date: value.due_date ?? null,
      idempotency_key: idempotencyKey,
    })
    .select("id")
    .single();
  if (!error) return done(data.id);
  const earlier = await supabase
    .from("tasks")
    .select("id")
    .eq("reporter_id", userId)
    .eq("idempotency_key", idempotencyKey)
    .maybeSingle();
  if (earlier.data) return done(earlier.data.id);
  return refusedBy(error, FALLBACKS);
}

type TaskEdit = {
  title: string;
  description: string;
  priority: TaskPriority;
  due_date: string | null;
  assignee_id: string | null;
  labels: string[];
  client_visible: boolean;
};

/** Saves the task page's form; a task RLS does not let the person change updates no row. */
export async function updateTask(supabase: Supabase, id: string, edit: TaskEdit): Promise<Outcome> {
  const { data, error } = await supabase.from("tasks").update(edit).eq("id", id).select("id");
  if (error) return refusedBy(error, FALLBACKS);
  return data.length === 1 ? done() : refusedBy({ code: "42501" }, FALLBACKS);
}

export async function deleteTask(supabase: Supabase, id: string): Promise<Outcome> {
  const { data, error } = await supabase.from("tasks").delete().eq("id", id).select("id");
  if (error) return refusedBy(error, FALLBACKS);
  return data.length === 1 ? done() : refusedBy({ code: "42501" }, FALLBACKS);
}

export async function addComment(
  supabase: Supabase,
  taskId: string,
  body: string,
  mentions: string[],
): Promise<Outcome> {
  const { error } = await supabase.from("task_comments").insert({ task_id: taskId, body, mentions });
  return error ? refusedBy(error, FALLBACKS) : done();
}

export async function addChecklistItem(supabase: Supabase, taskId: string, body: string): Promise<Outcome> {
  const { count } = await supabase
    .from("task_checklist_items")
    .select("id", { count: "exact", head: true })
    .eq("task_id", taskId);
  const { error } = await supabase
    .from("task_checklist_items")
    .insert({ task_id: taskId, body, position: count ?? 0 });
  return error ? refusedBy(error, FALLBACKS) : done();
}

export async function toggleChecklistItem(
  supabase: Supabase,
  taskId: string,
  itemId: string,
): Promise<Outcome> {
  const { data } = await supabase
    .from("task_checklist_items")
    .select("done")
    .eq("id", itemId)
    .eq("task_id", taskId)
    .maybeSingle();
  if (!data) return refusedBy({ code: "23503" }, FALLBACKS);
  const { data: changed, error } = await supabase
    .from("task_checklist_items")
    .update({ done: !data.done })
    .eq("id", itemId)
    .select("id");
  if (error) return refusedBy(error, FALLBACKS);
  return changed.length === 1 ? done() : refusedBy({ code: "42501" }, FALLBACKS);
}

export async function deleteChecklistItem(
  supabase: Supabase,
  taskId: string,
  itemId: string,
): Promise<Outcome> {
  const { data, error } = await supabase
    .from("task_checklist_items")
    .delete()
    .eq("id", itemId)
    .eq("task_id", taskId)
    .select("id");
  if (error) return refusedBy(error, FALLBACKS);
  return data.length === 1 ? done() : refusedBy({ code: "42501" }, FALLBACKS);
}
