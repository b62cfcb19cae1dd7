import { isCalendarDay } from "~/features/cases/schemas";
import { z } from "~/lib/zod-jitless";
import { TASK_PRIORITIES, TASK_STATUSES } from "./tasks";

/*
 * The task forms: the board's move and create, and the task page's edits. Field names are the
 * columns of `public.tasks` (and move_task's parameters); messages are keys of the `tasks`
 * namespace. The database judges again (20261130000000_tasks.sql).
 */

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "errors.invalid");
const optionalUuid = z.preprocess((value) => (value === "" ? undefined : value), uuid.optional());
const title = z
  .string({ error: "errors.titleRequired" })
  .trim()
  .min(1, "errors.titleRequired")
  .max(200, "errors.titleTooLong");
const dueDate = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string()
    .refine(isCalendarDay, "errors.dueDateInvalid")
    .refine((day) => day >= "1900-01-01" && day <= "2099-12-31", "errors.dueDateInvalid")
    .optional(),
);

/** A move (the board's drag, keyboard and the form without JavaScript): to a status, between neighbours. */
const moveTaskSchema = z.object({
  intent: z.literal("move"),
  task: uuid,
  status: z.enum(TASK_STATUSES, { error: "errors.invalid" }),
  after: optionalUuid,
  before: optionalUuid,
});

/** A task created by hand on one of the person's cases. */
const createTaskSchema = z.object({
  intent: z.literal("create"),
  case_id: uuid,
  title,
  priority: z.enum(TASK_PRIORITIES).default("medium"),
  due_date: dueDate,
});

export const boardActionSchema = z.discriminatedUnion("intent", [moveTaskSchema, createTaskSchema]);

/** The task page's forms. */
export const taskPageActionSchema = z.discriminatedUnion("intent", [
  moveTaskSchema.extend({ task: uuid.optional() }),
  z.object({
    intent: z.literal("update"),
    title,
    description: z.string().max(10000, "errors.descriptionTooLong").default(""),
    priority: z.enum(TASK_PRIORITIES, { error: "errors.invalid" }),
    due_date: dueDate,
    assignee_id: optionalUuid,
    labels: z.string().max(1000).default(""),
    client_visible: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
  }),
  z.object({
    intent: z.literal("comment"),
    body: z.string().trim().min(1, "errors.commentRequired").max(5000, "errors.commentTooLong"),
  }),
  z.object({
    intent: z.literal("checklist_add"),
    body: z.string().trim().min(1, "errors.checklistRequired").max(500, "errors.checklistTooLong"),
  }),
  z.object({ intent: z.literal("checklist_toggle"), item: uuid }),
  z.object({ intent: z.literal("checklist_delete"), item: uuid }),
  z.object({ intent: z.literal("delete") }),
]);
