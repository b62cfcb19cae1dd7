import { Anchor, Button, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  ConformForm,
  type FormConstraint,
  FormErrorAlert,
  type FormReply,
  useLazyConformForm,
} from "~/components/form/conform";
import { SelectField, TextField } from "~/components/form/fields";
import { IdempotencyKeyInput } from "~/components/form/idempotency";
import { PageTitle } from "~/components/page-title";
import { useFocusOnOpen } from "~/lib/hooks/use-focus-on-open";
import type { WorkflowListItem } from "../queries.server";

/** The form's schema (and zod) load on its first focus, press or input (ADR 0019). */
const loadStartSchema = () => import("../schemas").then((module) => module.startWorkflowSchema);

import { workflowPaths } from "../workflows";
import { WorkflowTable } from "./workflow-table";

type StartOptions = {
  /** Whether the form is shown (its cases and templates are read only then). */
  opened: boolean;
  cases: { id: string; reference: string; title: string }[];
  templates: { id: string; name: string }[];
  caseId: string | null;
  today: string;
  idempotencyKey: string;
  /** The form's HTML constraints (`formConstraint` in the loader). */
  constraint: FormConstraint;
};

/** Starts a workflow: a case (engaged, run by this person), a template and the trigger date. */
function StartWorkflowForm({ options, lastResult }: { options: StartOptions; lastResult?: FormReply }) {
  const { t } = useTranslation("workflows");
  const [form, fields] = useLazyConformForm({
    id: "start-workflow",
    schema: { load: loadStartSchema, constraint: options.constraint },
    lastResult,
    defaultValue: { caseId: options.caseId ?? "", triggerDate: options.today },
  });
  if (options.cases.length === 0) return <Text c="dimmed">{t("start.noCases")}</Text>;
  if (options.templates.length === 0) {
    return (
      <Text c="dimmed">
        {t("start.noTemplates")}{" "}
        <Anchor component={Link} to={workflowPaths.templates}>
          {t("start.toTemplates")}
        </Anchor>
      </Text>
    );
  }
  return (
    <ConformForm form={form} ns="workflows" data-testid="start-workflow-form">
      <Stack gap="sm">
        <FormErrorAlert form={form} />
        <IdempotencyKeyInput value={options.idempotencyKey} />
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <SelectField
            field={fields.caseId}
            label={t("start.case")}
            data={[
              { value: "", label: t("start.chooseCase") },
              ...options.cases.map((item) => ({
                value: item.id,
                label: `${item.reference} — ${item.title}`,
              })),
            ]}
          />
          <SelectField
            field={fields.templateId}
            label={t("start.template")}
            data={[
              { value: "", label: t("start.chooseTemplate") },
              ...options.templates.map((item) => ({ value: item.id, label: item.name })),
            ]}
          />
          <TextField
            field={fields.triggerDate}
            type="date"
            label={t("start.triggerDate")}
            description={t("start.triggerHint")}
          />
        </SimpleGrid>
        <div>
          <Button type="submit">{t("start.submit")}</Button>
        </div>
      </Stack>
    </ConformForm>
  );
}

/** `/dashboard/workflow/workflow`: the person's workflows, and the form that starts one. */
export function WorkflowListPage({
  workflows,
  start,
  lastResult,
}: {
  workflows: WorkflowListItem[];
  start: StartOptions;
  lastResult?: FormReply;
}) {
  const { t } = useTranslation("workflows");
  const section = useFocusOnOpen<HTMLElement>(start.opened);
  return (
    <Stack gap="lg">
      <PageTitle title={t("list.title")} description={t("list.description")} />
      {start.opened ? (
        <Paper
          ref={section}
          tabIndex={-1}
          withBorder
          radius="md"
          p="md"
          component="section"
          id="start"
          aria-labelledby="start-heading"
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="start-heading">
              {t("start.title")}
            </Title>
            <StartWorkflowForm options={start} lastResult={lastResult} />
          </Stack>
        </Paper>
      ) : (
        <div>
          <Button
            component={Link}
            to={workflowPaths.start}
            prefetch="intent"
            data-testid="start-workflow-open"
          >
            {t("start.title")}
          </Button>
        </div>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="workflows-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="workflows-heading">
            {start.caseId ? t("list.ofCase") : t("list.all")}
          </Title>
          {workflows.length === 0 ? (
            <Text c="dimmed">{t("list.none")}</Text>
          ) : (
            <WorkflowTable workflows={workflows} testId="workflow-list" />
          )}
          {start.caseId ? (
            <Anchor component={Link} to={workflowPaths.list} size="sm">
              {t("list.showAll")}
            </Anchor>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
