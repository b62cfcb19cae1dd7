import { PRACTICE_AREAS } from "~/lib/database-values";
import { z } from "~/lib/zod-jitless";
import { isIsoDate } from "./due-dates";
import { WORKFLOW_LIMITS, WORKFLOW_ROLES } from "./workflows";

/** A ticked checkbox posts "on"; an unticked one posts nothing. */
const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());
const id = z.uuid({ error: "errors.invalid" });
/** A calendar date as the browser's date input posts it (YYYY-MM-DD). */
const isoDate = z.string({ error: "errors.dateRequired" }).trim().refine(isIsoDate, "errors.dateInvalid");

/** A template's own fields. Messages are keys of the `workflows` namespace. */
const templateFields = {
  name: z
    .string({ error: "errors.nameRequired" })
    .trim()
    .min(1, "errors.nameRequired")
    .max(WORKFLOW_LIMITS.nameMax, "errors.nameTooLong"),
  practiceArea: z.enum(PRACTICE_AREAS, { error: "errors.practiceAreaRequired" }),
  skipWeekends: checkbox,
};

/** A step's fields. */
const stepFields = {
  title: z
    .string({ error: "errors.titleRequired" })
    .trim()
    .min(1, "errors.titleRequired")
    .max(WORKFLOW_LIMITS.titleMax, "errors.titleTooLong"),
  instructions: z
    .string()
    .trim()
    .max(WORKFLOW_LIMITS.instructionsMax, "errors.instructionsTooLong")
    .default(""),
  offsetDays: z
    .number({ error: "errors.offsetRequired" })
    .int("errors.offsetWhole")
    .min(WORKFLOW_LIMITS.offsetMin, "errors.offsetRange")
    .max(WORKFLOW_LIMITS.offsetMax, "errors.offsetRange"),
  role: z.enum(WORKFLOW_ROLES, { error: "errors.roleRequired" }),
  isCourtDeadline: checkbox,
};

/** The template form (create; edit with its id). */
export const templateSchema = z.object({ templateId: id.optional(), ...templateFields });
export type TemplateValues = z.output<typeof templateSchema>;

/** The step form (add to a template; edit with the step's id). */
export const stepSchema = z.object({ templateId: id, stepId: id.optional(), ...stepFields });
export type StepValues = z.output<typeof stepSchema>;

const templateButton = <Intent extends string>(intent: Intent) =>
  z.object({ intent: z.literal(intent), templateId: id });
const stepButton = <Intent extends string>(intent: Intent) =>
  z.object({ intent: z.literal(intent), templateId: id, stepId: id });

/**
 * Everything the template page posts, told apart by the button's `intent`: the two forms (a
 * template, a step) and the buttons with nothing to type (archive, restore, duplicate a template;
 * move a step up or down, remove it).
 */
export const templatePageSchema = z.discriminatedUnion("intent", [
  templateSchema.extend({ intent: z.literal("saveTemplate") }),
  stepSchema.extend({ intent: z.literal("saveStep") }),
  templateButton("archive"),
  templateButton("restore"),
  templateButton("duplicate"),
  stepButton("moveUp"),
  stepButton("moveDown"),
  stepButton("removeStep"),
]);

/** Starting a workflow: the case, the template and the trigger date. */
export const startWorkflowSchema = z.object({
  caseId: z.uuid({ error: "errors.caseRequired" }),
  templateId: z.uuid({ error: "errors.templateRequired" }),
  triggerDate: isoDate,
});

/**
 * Moving a workflow's trigger date: the new date; `confirmFrom` is the date the confirmation was
 * listed against (absent: list the changes first).
 */
export const moveTriggerSchema = z.object({
  triggerDate: isoDate,
  confirmFrom: isoDate.optional(),
});
