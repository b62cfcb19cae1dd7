import type { Supabase } from "~/lib/database";
import { done, type Fallbacks, type Outcome, refused, refusedBy } from "~/lib/errors";
import { dueDates, rescheduledDueDates } from "./due-dates";
import type { StepValues, TemplateValues } from "./schemas";

/** What a bare SQLSTATE means on a template (the functions' own refusals carry their code). */
const TEMPLATE_FALLBACKS: Fallbacks = {
  notAllowed: "workflow_template:not_allowed",
  notFound: "workflow_template:not_found",
  failed: "workflow_template:save_failed",
};
const WORKFLOW_FALLBACKS: Fallbacks = {
  notAllowed: "workflow:not_allowed",
  notFound: "workflow:not_found",
  failed: "workflow:save_failed",
};

const templateColumns = (values: TemplateValues) => ({
  name: values.name,
  practice_area: values.practiceArea,
  skip_weekends: values.skipWeekends,
});

const stepColumns = (values: StepValues) => ({
  title: values.title,
  instructions: values.instructions,
  offset_days: values.offsetDays,
  role: values.role,
  is_court_deadline: values.isCourtDeadline,
});

/** One row changed, or the person may not (RLS changed nothing). */
function oneRow(
  result: { data: unknown[] | null; error: Parameters<typeof refusedBy>[0] | null },
  fallbacks: Fallbacks,
) {
  if (result.error) return refusedBy(result.error, fallbacks);
  return (result.data ?? []).length === 1 ? done() : refused(fallbacks.notAllowed ?? "common:not_allowed");
}

/**
 * A new template for the person's firm (or for them, without one; the database decides). A form
 * posted twice creates one: the second post is answered with the first template.
 */
export async function createTemplate(
  supabase: Supabase,
  values: TemplateValues,
  { userId, idempotencyKey }: { userId: string; idempotencyKey: string },
): Promise<Outcome<string>> {
  const { data, error } = await supabase
    .from("workflow_templates")
    .insert({ ...templateColumns(values), idempotency_key: idempotencyKey })
    .select("id")
    .single();
  if (!error) return done(data.id);
  const earlier = await supabase
    .from("workflow_templates")
    .select("id")
    .eq("created_by", userId)
    .eq("idempotency_key", idempotencyKey)
    .maybeSingle();
  if (earlier.data) return done(earlier.data.id);
  return refusedBy(error, TEMPLATE_FALLBACKS);
}

export async function updateTemplate(
  supabase: Supabase,
  id: string,
  values: TemplateValues,
): Promise<Outcome> {
  const result = await supabase
    .from("workflow_templates")
    .update(templateColumns(values))
    .eq("id", id)
    .select("id");
  return oneRow(result, TEMPLATE_FALLBACKS);
}

export async function setTemplateArchived(
  supabase: Supabase,
  id: string,
  archived: boolean,
): Promise<Outcome> {
  const result = await supabase.from("workflow_templates").update({ archived }).eq("id", id).select("id");
  return oneRow(result, TEMPLATE_FALLBACKS);
}

/** A copy of a template and its steps, named `name`; returns the copy's id. */
export async function duplicateTemplate(
  supabase: Supabase,
  id: string,
  name: string,
): Promise<Outcome<string>> {
  const { data, error } = await supabase.rpc("duplicate_workflow_template", {
    p_template_id: id,
    p_name: name,
  });
  return error ? refusedBy(error, TEMPLATE_FALLBACKS) : done(data);
}

/** Adds a step at the end of its template. */
export async function addStep(supabase: Supabase, values: StepValues): Promise<Outcome> {
  const last = await supabase
    .from("workflow_template_steps")
    .select("position")
    .eq("template_id", values.templateId)
    .order("position", { ascending: false })
    .limit(1)
    .maybeSingle();
  if (last.error) return refusedBy(last.error, TEMPLATE_FALLBACKS);
  const { error } = await supabase.from("workflow_template_steps").insert({
    template_id: values.templateId,
    position: (last.data?.position ?? -1) + 1,
    ...stepColumns(values),
  });
  return error ? refusedBy(error, TEMPLATE_FALLBACKS) : done();
}

export async function updateStep(supabase: Supabase, stepId: string, values: StepValues): Promise<Outcome> {
  const result = await supabase
    .from("workflow_template_steps")
    .update(stepColumns(values))
    .eq("id", stepId)
    .eq("template_id", values.templateId)
    .select("id");
  return oneRow(result, TEMPLATE_FALLBACKS);
}

/** Moves a step one place up (-1) or down (+1); at the top or the bottom it stays. */
export async function moveStep(supabase: Supabase, stepId: string, direction: -1 | 1): Promise<Outcome> {
  const { error } = await supabase.rpc("move_workflow_template_step", {
    p_step_id: stepId,
    p_direction: direction,
  });
  return error ? refusedBy(error, TEMPLATE_FALLBACKS) : done();
}

export async function removeStep(supabase: Supabase, stepId: string): Promise<Outcome> {
  const result = await supabase.from("workflow_template_steps").delete().eq("id", stepId).select("id");
  return oneRow(result, TEMPLATE_FALLBACKS);
}

/**
 * Starts a workflow: the due dates come from the template's offsets (due-dates.ts, the one
 * arithmetic), and the database writes the workflow and its tasks in one call (start_workflow),
 * which also judges who may, on which case, from which template.
 */
export async function startWorkflow(
  supabase: Supabase,
  { caseId, templateId, triggerDate }: { caseId: string; templateId: string; triggerDate: string },
  idempotencyKey: string,
): Promise<Outcome<string>> {
  const template = await supabase
    .from("workflow_templates")
    .select("skip_weekends,workflow_template_steps(position,id,offset_days)")
    .eq("id", templateId)
    .maybeSingle();
  if (template.error) return refusedBy(template.error, TEMPLATE_FALLBACKS);
  if (!template.data) return refused("workflow_template:not_found");
  // The order start_workflow numbers the steps in: position, then id.
  const steps = template.data.workflow_template_steps.toSorted(
    (a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const { data, error } = await supabase.rpc("start_workflow", {
    p_case_id: caseId,
    p_template_id: templateId,
    p_trigger_date: triggerDate,
    p_due_dates: dueDates(triggerDate, steps, template.data.skip_weekends),
    p_idempotency_key: idempotencyKey,
  });
  return error ? refusedBy(error, WORKFLOW_FALLBACKS) : done(data);
}

/** The steps of a workflow as the trigger-date move needs them (its tasks, their offsets, done or not). */
export type ReschedulableStep = {
  taskId: string;
  title: string;
  offsetDays: number;
  dueDate: string | null;
  done: boolean;
};

/**
 * Moves a workflow's trigger date from `from` (the date the person confirmed the changes against)
 * to `to`: every step not done gets the due date of its offset from `to`, in one call.
 */
export async function moveTrigger(
  supabase: Supabase,
  workflow: { id: string; skipWeekends: boolean; steps: readonly ReschedulableStep[] },
  from: string,
  to: string,
): Promise<Outcome<number>> {
  const moves = rescheduledDueDates(to, workflow.skipWeekends, workflow.steps);
  const { data, error } = await supabase.rpc("move_workflow_trigger", {
    p_workflow_id: workflow.id,
    p_from: from,
    p_to: to,
    p_task_ids: moves.map((move) => move.taskId),
    p_due_dates: moves.map((move) => move.to),
  });
  return error ? refusedBy(error, WORKFLOW_FALLBACKS) : done(data);
}
