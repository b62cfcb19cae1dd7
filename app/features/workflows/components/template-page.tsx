import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconCopy, IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import dataTable from "~/components/data-table.module.css";
import {
  ConformForm,
  type FormConstraint,
  FormErrorAlert,
  type FormReply,
  useLazyConformForm,
} from "~/components/form/conform";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/form/fields";
import { IdempotencyKeyInput } from "~/components/form/idempotency";
import { PendingForm } from "~/components/form/pending-form";
import { PageTitle } from "~/components/page-title";
import { PRACTICE_AREAS } from "~/lib/database-values";
import type { TemplateDetail, TemplateStep, TemplateSummary } from "../queries.server";
import { WORKFLOW_LIMITS, WORKFLOW_ROLES, workflowPaths } from "../workflows";
import { OffsetText, PLAIN_TEXT, SCROLL_X, WRAP } from "./parts";
import { Section } from "./section";
import { StepRow } from "./step-row";

/** The forms' schemas (and zod) load on a form's first focus, press or input (ADR 0019). */
const loadTemplateSchema = () => import("../schemas").then((module) => module.templateSchema);
const loadStepSchema = () => import("../schemas").then((module) => module.stepSchema);

/** The fields' HTML constraints of the page's two forms, from the loader. */
type TemplateConstraints = { template: FormConstraint; step: FormConstraint };

/** Which of the page's forms an action answered, and its reply (only that form shows it). */
export type TemplateActionData = { form: string; result: FormReply };

function replyFor(actionData: TemplateActionData | undefined, form: string): FormReply | undefined {
  return actionData?.form === form ? actionData.result : undefined;
}

function TemplateForm({
  template,
  idempotencyKey,
  constraint,
  lastResult,
}: {
  template: TemplateDetail | null;
  idempotencyKey: string;
  constraint: FormConstraint;
  lastResult?: FormReply;
}) {
  const { t } = useTranslation(["workflows", "cases"]);
  const id = template ? `template-${template.id}` : "template-new";
  const [form, fields] = useLazyConformForm({
    id,
    schema: { load: loadTemplateSchema, constraint },
    lastResult,
    defaultValue: template
      ? {
          templateId: template.id,
          name: template.name,
          practiceArea: template.practice_area,
          skipWeekends: template.skip_weekends ? "on" : undefined,
        }
      : undefined,
  });
  return (
    <ConformForm
      form={form}
      ns="workflows"
      data-testid={template ? "template-edit-form" : "template-new-form"}
    >
      <Stack gap="sm">
        <FormErrorAlert form={form} />
        {template ? <input type="hidden" name="templateId" value={template.id} /> : null}
        {template ? null : <IdempotencyKeyInput value={idempotencyKey} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField field={fields.name} label={t("template.name")} maxLength={WORKFLOW_LIMITS.nameMax} />
          <SelectField
            field={fields.practiceArea}
            label={t("template.practiceArea")}
            data={[
              { value: "", label: t("template.choosePracticeArea") },
              ...PRACTICE_AREAS.map((area) => ({ value: area, label: t(`cases:practiceArea.${area}`) })),
            ]}
          />
        </SimpleGrid>
        <CheckboxField
          field={fields.skipWeekends}
          label={t("template.skipWeekends")}
          data-testid="template-skip-weekends"
        />
        <Group>
          <Button type="submit" name="intent" value="saveTemplate">
            {template ? t("template.save") : t("template.create")}
          </Button>
        </Group>
      </Stack>
    </ConformForm>
  );
}

function StepForm({
  templateId,
  step,
  constraint,
  lastResult,
}: {
  templateId: string;
  step: TemplateStep | null;
  constraint: FormConstraint;
  lastResult?: FormReply;
}) {
  const { t } = useTranslation("workflows");
  const [form, fields] = useLazyConformForm({
    id: step ? `step-${step.id}` : "step-new",
    schema: { load: loadStepSchema, constraint },
    lastResult,
    defaultValue: step
      ? {
          templateId,
          stepId: step.id,
          title: step.title,
          instructions: step.instructions,
          offsetDays: String(step.offset_days),
          role: step.role,
          isCourtDeadline: step.is_court_deadline ? "on" : undefined,
        }
      : { templateId, offsetDays: "0", role: "lead" },
  });
  return (
    <ConformForm form={form} ns="workflows" data-testid={step ? "step-edit-form" : "step-new-form"}>
      <Stack gap="sm">
        <FormErrorAlert form={form} />
        <input type="hidden" name="templateId" value={templateId} />
        {step ? <input type="hidden" name="stepId" value={step.id} /> : null}
        <TextField field={fields.title} label={t("step.title")} maxLength={WORKFLOW_LIMITS.titleMax} />
        <TextareaField
          field={fields.instructions}
          label={t("step.instructions")}
          autosize
          minRows={2}
          maxLength={WORKFLOW_LIMITS.instructionsMax}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            field={fields.offsetDays}
            type="number"
            label={t("step.offsetDays")}
            description={t("step.offsetHint")}
          />
          <SelectField
            field={fields.role}
            label={t("step.role")}
            data={WORKFLOW_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
          />
        </SimpleGrid>
        <CheckboxField field={fields.isCourtDeadline} label={t("step.isCourtDeadline")} />
        <Group>
          <Button type="submit" name="intent" value="saveStep">
            {step ? t("step.save") : t("step.add")}
          </Button>
          {step ? (
            <Button component={Link} to={workflowPaths.template(templateId)} variant="default">
              {t("step.cancel")}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </ConformForm>
  );
}

/** A button that posts one intent about a template (or one of its steps). */
function IntentButton({
  intent,
  templateId,
  stepId,
  label,
  icon,
  variant = "default",
  color,
  iconOnly = false,
}: {
  intent: string;
  templateId: string;
  stepId?: string;
  label: string;
  icon?: React.ReactNode;
  variant?: "default" | "light" | "subtle";
  color?: string;
  iconOnly?: boolean;
}) {
  return (
    <PendingForm method="post" style={{ display: "inline" }}>
      <input type="hidden" name="templateId" value={templateId} />
      {stepId ? <input type="hidden" name="stepId" value={stepId} /> : null}
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant={variant}
        color={color}
        size="compact-sm"
        leftSection={iconOnly ? undefined : icon}
        aria-label={iconOnly ? label : undefined}
        title={iconOnly ? label : undefined}
      >
        {iconOnly ? icon : label}
      </Button>
    </PendingForm>
  );
}

/** Moves a step one place up or down the template (hidden where it cannot go further). */
function MoveStepButton({
  direction,
  step,
  templateId,
}: {
  direction: "up" | "down";
  step: TemplateStep;
  templateId: string;
}) {
  const { t } = useTranslation("workflows");
  const Icon = direction === "up" ? IconArrowUp : IconArrowDown;
  return (
    <IntentButton
      intent={direction === "up" ? "moveUp" : "moveDown"}
      templateId={templateId}
      stepId={step.id}
      label={t(direction === "up" ? "step.moveUp" : "step.moveDown", { title: step.title })}
      icon={<Icon size={14} aria-hidden />}
      variant="subtle"
      iconOnly
    />
  );
}

function TemplateStepRow({
  step,
  index,
  count,
  template,
  canWrite,
}: {
  step: TemplateStep;
  index: number;
  count: number;
  template: TemplateDetail;
  canWrite: boolean;
}) {
  const { t } = useTranslation("workflows");
  return (
    <StepRow
      data-testid="template-step"
      position={index + 1}
      title={step.title}
      isCourtDeadline={step.is_court_deadline}
      detail={
        step.instructions ? (
          <Text size="sm" c="dimmed" style={PLAIN_TEXT} dir="auto">
            {step.instructions}
          </Text>
        ) : null
      }
      stepRole={step.role}
    >
      <td data-testid="step-offset">
        <OffsetText days={step.offset_days} business={template.skip_weekends} />
      </td>
      {canWrite ? (
        <td>
          <Group gap={4} wrap="nowrap">
            {index > 0 ? <MoveStepButton direction="up" step={step} templateId={template.id} /> : null}
            {index < count - 1 ? (
              <MoveStepButton direction="down" step={step} templateId={template.id} />
            ) : null}
            <Button
              component={Link}
              to={`${workflowPaths.template(template.id)}&step=${step.id}#step-form`}
              variant="subtle"
              size="compact-sm"
              aria-label={t("step.edit", { title: step.title })}
              title={t("step.edit", { title: step.title })}
            >
              <IconPencil size={14} aria-hidden />
            </Button>
            <IntentButton
              intent="removeStep"
              templateId={template.id}
              stepId={step.id}
              label={t("step.remove", { title: step.title })}
              icon={<IconTrash size={14} aria-hidden />}
              variant="subtle"
              color="red"
              iconOnly
            />
          </Group>
        </td>
      ) : null}
    </StepRow>
  );
}

function TemplateEditor({
  template,
  editingStepId,
  canWrite,
  constraints,
  actionData,
}: {
  template: TemplateDetail;
  editingStepId: string | null;
  canWrite: boolean;
  constraints: TemplateConstraints;
  actionData?: TemplateActionData;
}) {
  const { t } = useTranslation(["workflows", "cases"]);
  const editing = template.steps.find((step) => step.id === editingStepId) ?? null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="template-title"
      data-testid="template-editor"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h4" id="template-title" style={WRAP}>
              <bdi>{template.name}</bdi>
            </Title>
            <Group gap="xs">
              <Badge variant="outline" color="gray">
                {t(`cases:practiceArea.${template.practice_area}`)}
              </Badge>
              {template.skip_weekends ? <Badge variant="light">{t("template.businessDays")}</Badge> : null}
              {template.archived ? (
                <Badge variant="light" color="gray">
                  {t("template.archived")}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          {canWrite ? (
            <Group gap="xs">
              <IntentButton
                intent="duplicate"
                templateId={template.id}
                label={t("template.duplicate")}
                icon={<IconCopy size={14} aria-hidden />}
              />
              <IntentButton
                intent={template.archived ? "restore" : "archive"}
                templateId={template.id}
                label={template.archived ? t("template.restore") : t("template.archive")}
              />
            </Group>
          ) : null}
        </Group>

        {canWrite ? (
          // Open again when its post came back with an error, so the message is seen.
          <details open={replyFor(actionData, `template-${template.id}`) ? true : undefined}>
            <summary>{t("template.editDetails")}</summary>
            <TemplateForm
              template={template}
              idempotencyKey=""
              constraint={constraints.template}
              lastResult={replyFor(actionData, `template-${template.id}`)}
            />
          </details>
        ) : null}

        <div style={SCROLL_X}>
          <table
            className={dataTable.table}
            data-spacing="sm"
            style={{ minWidth: 640 }}
            data-testid="template-steps"
          >
            <thead>
              <tr>
                <th>#</th>
                <th>{t("step.title")}</th>
                <th>{t("step.role")}</th>
                <th>{t("step.due")}</th>
                {canWrite ? <th>{t("step.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {template.steps.map((step, index) => (
                <TemplateStepRow
                  key={step.id}
                  step={step}
                  index={index}
                  count={template.steps.length}
                  template={template}
                  canWrite={canWrite}
                />
              ))}
            </tbody>
          </table>
        </div>
        {template.steps.length === 0 ? <Text c="dimmed">{t("template.noSteps")}</Text> : null}

        {canWrite ? (
          <Stack gap="xs" id="step-form">
            <Title order={3} size="h5">
              {editing ? t("step.editTitle", { title: editing.title }) : t("step.addTitle")}
            </Title>
            <StepForm
              key={editing?.id ?? "new"}
              templateId={template.id}
              step={editing}
              constraint={constraints.step}
              lastResult={replyFor(actionData, editing ? `step-${editing.id}` : "step-new")}
            />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function TemplateList({
  templates,
  selectedId,
}: {
  templates: TemplateSummary[];
  selectedId: string | null;
}) {
  const { t } = useTranslation(["workflows", "cases"]);
  if (templates.length === 0) return <Text c="dimmed">{t("template.none")}</Text>;
  return (
    <div style={SCROLL_X}>
      <table
        className={dataTable.table}
        data-spacing="xs"
        style={{ minWidth: 640 }}
        data-testid="template-list"
      >
        <thead>
          <tr>
            <th>{t("template.name")}</th>
            <th>{t("template.practiceArea")}</th>
            <th>{t("template.steps")}</th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => (
            <tr key={template.id} data-archived={template.archived || undefined}>
              <td>
                <Group gap="xs">
                  <Anchor
                    component={Link}
                    to={workflowPaths.template(template.id)}
                    aria-current={template.id === selectedId ? "page" : undefined}
                    fw={template.id === selectedId ? 700 : undefined}
                    style={WRAP}
                  >
                    <bdi>{template.name}</bdi>
                  </Anchor>
                  {template.archived ? (
                    <Badge variant="light" color="gray" size="sm">
                      {t("template.archived")}
                    </Badge>
                  ) : null}
                </Group>
              </td>
              <td>{t(`cases:practiceArea.${template.practice_area}`)}</td>
              <td>{template.stepCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/dashboard/workflow/template`: the firm's templates, one open for reading or editing. */
export function TemplatePage({
  templates,
  selected,
  editingStepId,
  canWrite,
  idempotencyKey,
  constraints,
  actionData,
}: {
  templates: TemplateSummary[];
  selected: TemplateDetail | null;
  editingStepId: string | null;
  canWrite: boolean;
  idempotencyKey: string;
  constraints: TemplateConstraints;
  actionData?: TemplateActionData;
}) {
  const { t } = useTranslation("workflows");
  return (
    <Stack gap="lg">
      <PageTitle
        title={t("template.pageTitle")}
        description={canWrite ? t("template.descriptionWriter") : t("template.descriptionReader")}
      />
      {selected ? (
        <TemplateEditor
          template={selected}
          editingStepId={editingStepId}
          canWrite={canWrite}
          constraints={constraints}
          actionData={actionData}
        />
      ) : null}
      <Section headingId="templates-heading" title={t("template.listTitle")}>
        <TemplateList templates={templates} selectedId={selected?.id ?? null} />
      </Section>
      {canWrite ? (
        <Section headingId="new-template-heading" title={t("template.newTitle")}>
          <TemplateForm
            template={null}
            idempotencyKey={idempotencyKey}
            constraint={constraints.template}
            lastResult={replyFor(actionData, "template-new")}
          />
        </Section>
      ) : null}
    </Stack>
  );
}
