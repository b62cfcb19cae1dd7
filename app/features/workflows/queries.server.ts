import { personName, readCasePeople } from "~/features/cases/queries.server";
import type { Supabase, Tables } from "~/lib/database";
import type { Formatter } from "~/lib/i18n/format";
import { type StepState, stepState, summarise, type WorkflowSummary } from "./progress";

/** Today as a calendar date (UTC, the server's one zone), the day overdue is measured against. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Templates

export type TemplateStep = Pick<
  Tables<"workflow_template_steps">,
  "id" | "position" | "title" | "instructions" | "offset_days" | "role" | "is_court_deadline"
>;

export type TemplateSummary = Pick<
  Tables<"workflow_templates">,
  "id" | "name" | "practice_area" | "skip_weekends" | "archived"
> & { stepCount: number };

/** The templates this person reads (RLS: their firm's, their own; admins all), by name. */
export async function listTemplates(supabase: Supabase): Promise<TemplateSummary[]> {
  const { data, error } = await supabase
    .from("workflow_templates")
    .select("id,name,practice_area,skip_weekends,archived,workflow_template_steps(id)")
    .order("archived")
    .order("name")
    .limit(500);
  if (error) throw new Error(`Failed to read workflow templates: ${error.message}`);
  return data.map(({ workflow_template_steps, ...template }) => ({
    ...template,
    stepCount: workflow_template_steps.length,
  }));
}

export type TemplateDetail = Pick<
  Tables<"workflow_templates">,
  "id" | "name" | "practice_area" | "skip_weekends" | "archived" | "law_firm_id" | "owner_id"
> & { steps: TemplateStep[] };

/** One template with its steps in order, or null when it is not there for this person. */
export async function getTemplate(supabase: Supabase, id: string): Promise<TemplateDetail | null> {
  const { data, error } = await supabase
    .from("workflow_templates")
    .select(
      "id,name,practice_area,skip_weekends,archived,law_firm_id,owner_id,workflow_template_steps(id,position,title,instructions,offset_days,role,is_court_deadline)",
    )
    .eq("id", id)
    .maybeSingle();
  if (error) throw new Error(`Failed to read a workflow template: ${error.message}`);
  if (!data) return null;
  const { workflow_template_steps, ...template } = data;
  const steps = workflow_template_steps.toSorted(
    (a, b) => a.position - b.position || a.id.localeCompare(b.id),
  );
  return { ...template, steps };
}

// ---------------------------------------------------------------------------------------------
// Workflows

/**
 * The cases a workflow can start on: exactly those start_workflow accepts (engaged, run by this
 * person or their firm; admins: all), newest first, read from the person's own cases.
 */
export async function listStartableCases(supabase: Supabase) {
  const { data, error } = await supabase.rpc("workflow_cases", { p_limit: 200 });
  if (error) throw new Error(`Failed to read cases: ${error.message}`);
  return data ?? [];
}

export type WorkflowListItem = WorkflowSummary & {
  id: string;
  name: string;
  caseId: string;
  caseReference: string;
  caseTitle: string;
  trigger: { iso: string; text: string };
};

/**
 * The workflows this person reads (RLS: of the cases whose tasks they manage), newest first, with
 * their progress; one request (the tasks are embedded).
 */
export async function listWorkflows(
  supabase: Supabase,
  format: Formatter,
  { caseId, today = todayIso() }: { caseId?: string; today?: string } = {},
): Promise<WorkflowListItem[]> {
  let query = supabase
    .from("workflows")
    .select("id,name,trigger_date,case_id,cases(reference,title),tasks(status,due_date)")
    .order("created_at", { ascending: false })
    .limit(200);
  if (caseId) query = query.eq("case_id", caseId);
  const { data, error } = await query;
  if (error) throw new Error(`Failed to read workflows: ${error.message}`);
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    caseId: row.case_id,
    caseReference: row.cases?.reference ?? "",
    caseTitle: row.cases?.title ?? "",
    trigger: format.day(row.trigger_date) ?? { iso: row.trigger_date, text: row.trigger_date },
    ...summarise(row.tasks, today, format),
  }));
}

type WorkflowStepView = {
  id: string;
  position: number;
  title: string;
  role: Tables<"workflow_steps">["role"];
  offsetDays: number;
  isCourtDeadline: boolean;
  task: {
    id: string;
    status: string;
    dueDate: string | null;
    due: { iso: string; text: string } | null;
    assignee: string | null;
  } | null;
  state: StepState;
};

export type WorkflowDetail = {
  id: string;
  name: string;
  caseId: string;
  caseReference: string;
  caseTitle: string;
  triggerDate: string;
  trigger: { iso: string; text: string };
  skipWeekends: boolean;
  steps: WorkflowStepView[];
} & WorkflowSummary;

/** One workflow with each step's task, its assignee's name and its state, or null. */
export async function getWorkflow(
  supabase: Supabase,
  id: string,
  format: Formatter,
  today = todayIso(),
): Promise<WorkflowDetail | null> {
  const { data, error } = await supabase
    .from("workflows")
    .select(
      "id,name,trigger_date,skip_weekends,case_id,cases(reference,title),workflow_steps(id,position,title,role,offset_days,is_court_deadline,tasks(id,status,due_date,assignee_id))",
    )
    .eq("id", id)
    .maybeSingle();
  if (error) throw new Error(`Failed to read a workflow: ${error.message}`);
  if (!data) return null;
  const people = await readCasePeople(supabase, [data.case_id]);
  const names = new Map(people.map((person) => [person.user_id, personName(person)]));
  const steps = data.workflow_steps
    .toSorted((a, b) => a.position - b.position)
    .map((step): WorkflowStepView => {
      const task = step.tasks[0] ?? null;
      return {
        id: step.id,
        position: step.position,
        title: step.title,
        role: step.role,
        offsetDays: step.offset_days,
        isCourtDeadline: step.is_court_deadline,
        task: task && {
          id: task.id,
          status: task.status,
          dueDate: task.due_date,
          due: format.day(task.due_date),
          assignee: task.assignee_id ? (names.get(task.assignee_id) ?? null) : null,
        },
        state: stepState(task, today),
      };
    });
  const tasks = steps.flatMap((step) =>
    step.task ? [{ status: step.task.status, due_date: step.task.dueDate }] : [],
  );
  return {
    id: data.id,
    name: data.name,
    caseId: data.case_id,
    caseReference: data.cases?.reference ?? "",
    caseTitle: data.cases?.title ?? "",
    triggerDate: data.trigger_date,
    trigger: format.day(data.trigger_date) ?? { iso: data.trigger_date, text: data.trigger_date },
    skipWeekends: data.skip_weekends,
    steps,
    ...summarise(tasks, today, format),
  };
}
