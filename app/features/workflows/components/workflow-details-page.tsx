import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import dataTable from "~/components/data-table.module.css";
import { PendingForm } from "~/components/form/pending-form";
import { casePaths } from "~/features/cases/cases";
// The case page's back arrow, which points the reading way.
import caseClasses from "~/features/cases/components/case-page.module.css";
import type { StepState } from "../progress";
import type { WorkflowDetail } from "../queries.server";
import { taskHref, workflowPaths } from "../workflows";
import { OffsetText, ProgressBar, SCROLL_X, WRAP } from "./parts";
import { Section } from "./section";
import { StepRow } from "./step-row";

/** A change the confirmation lists: a step's due date, old → new (both written for the reader). */
type DueDateChangeView = {
  taskId: string;
  title: string;
  from: { iso: string; text: string } | null;
  to: { iso: string; text: string };
};

/** The trigger-date move waiting for confirmation (`?trigger=` on the page). */
export type PendingMove = {
  triggerDate: string;
  trigger: { iso: string; text: string };
  changes: DueDateChangeView[];
};

const STATE_COLOR: Record<StepState, string> = {
  done: "green",
  overdue: "red",
  open: "blue",
  removed: "gray",
};

function StateBadge({ state }: { state: StepState }) {
  const { t } = useTranslation("workflows");
  return (
    <Badge color={STATE_COLOR[state]} variant="light" data-state={state}>
      {t(`state.${state}`)}
    </Badge>
  );
}

function Confirmation({ workflow, move }: { workflow: WorkflowDetail; move: PendingMove }) {
  const { t } = useTranslation("workflows");
  return (
    <Section
      headingId="confirm-heading"
      title={t("move.confirmTitle", { from: workflow.trigger.text, to: move.trigger.text })}
      data-testid="move-confirmation"
    >
      {move.changes.length === 0 ? (
        <Text>{t("move.noChanges")}</Text>
      ) : (
        <>
          <Text>{t("move.changesIntro", { count: move.changes.length })}</Text>
          <div style={SCROLL_X}>
            <table className={dataTable.table} style={{ minWidth: 640 }} data-testid="move-changes">
              <thead>
                <tr>
                  <th>{t("step.title")}</th>
                  <th>{t("move.from")}</th>
                  <th>{t("move.to")}</th>
                </tr>
              </thead>
              <tbody>
                {move.changes.map((change) => (
                  <tr key={change.taskId} data-testid="move-change">
                    <td style={WRAP}>
                      <bdi>{change.title}</bdi>
                    </td>
                    <td>{change.from ? <time dateTime={change.from.iso}>{change.from.text}</time> : "—"}</td>
                    <td>
                      <time dateTime={change.to.iso}>{change.to.text}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <PendingForm method="post">
        <input type="hidden" name="triggerDate" value={move.triggerDate} />
        <input type="hidden" name="confirmFrom" value={workflow.triggerDate} />
        <Group>
          <Button type="submit" data-testid="confirm-move">
            {t("move.confirm")}
          </Button>
          <Button component={Link} to={workflowPaths.details(workflow.id)} variant="default">
            {t("move.cancel")}
          </Button>
        </Group>
      </PendingForm>
    </Section>
  );
}

/** `/dashboard/workflow/{id}/details`: progress, each step's task and state, what is next. */
export function WorkflowDetailsPage({
  workflow,
  move,
  moveError,
}: {
  workflow: WorkflowDetail;
  move: PendingMove | null;
  moveError: string | null;
}) {
  const { t } = useTranslation("workflows");
  const next = workflow.steps
    .filter((step) => step.task && step.state !== "done")
    .toSorted((a, b) => (a.task?.dueDate ?? "9999").localeCompare(b.task?.dueDate ?? "9999"))[0];
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <div>
          <Button
            component={Link}
            to={workflowPaths.list}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={14} aria-hidden className={caseClasses.backArrow} />}
          >
            {t("details.back")}
          </Button>
        </div>
        <Title order={1} size="h3" style={WRAP}>
          <bdi>{workflow.name}</bdi>
        </Title>
        <Text size="sm">
          <Text span ff="monospace" c="dimmed">
            {workflow.caseReference}
          </Text>{" "}
          <Anchor component={Link} to={casePaths.view(workflow.caseId)} inherit>
            <bdi>{workflow.caseTitle}</bdi>
          </Anchor>
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder radius="md" p="md">
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t("workflow.progress")}
            </Text>
            <Text fw={700} data-testid="workflow-progress">
              {t("workflow.doneOf", { done: workflow.done, total: workflow.total })}
            </Text>
            <ProgressBar
              done={workflow.done}
              total={workflow.total}
              overdue={workflow.overdue}
              label={t("workflow.progress")}
            />
            {workflow.overdue > 0 ? (
              <Badge color="red" variant="light" data-testid="workflow-overdue">
                {t("workflow.overdue", { count: workflow.overdue })}
              </Badge>
            ) : null}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md" data-testid="workflow-next">
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t("details.next")}
            </Text>
            {next?.task ? (
              <>
                <Anchor component={Link} to={taskHref(next.task.id)} fw={600} style={WRAP}>
                  <bdi>{next.title}</bdi>
                </Anchor>
                <Text size="sm">
                  {next.task.due ? <time dateTime={next.task.due.iso}>{next.task.due.text}</time> : null}
                  {next.task.assignee ? ` · ${next.task.assignee}` : null}
                </Text>
              </>
            ) : (
              <Text>{workflow.complete ? t("workflow.complete") : "—"}</Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t("workflow.trigger")}
            </Text>
            <Text fw={600} data-testid="workflow-trigger">
              <time dateTime={workflow.trigger.iso}>{workflow.trigger.text}</time>
            </Text>
            {/* A GET form: it lists the changes first (the confirmation below), then the POST moves. */}
            <Form method="get" data-testid="move-trigger-form">
              <Group gap="xs" align="flex-end">
                <TextInput
                  type="date"
                  name="trigger"
                  label={t("move.newDate")}
                  defaultValue={move?.triggerDate ?? workflow.triggerDate}
                  required
                  error={moveError ? t(moveError) : undefined}
                />
                <Button type="submit" variant="default">
                  {t("move.preview")}
                </Button>
              </Group>
            </Form>
          </Stack>
        </Paper>
      </SimpleGrid>

      {move ? <Confirmation workflow={workflow} move={move} /> : null}

      <Section headingId="steps-heading" title={t("details.steps")}>
        <div style={SCROLL_X}>
          <table
            className={dataTable.table}
            data-spacing="sm"
            style={{ minWidth: 640 }}
            data-testid="workflow-steps"
          >
            <thead>
              <tr>
                <th>#</th>
                <th>{t("step.title")}</th>
                <th>{t("step.role")}</th>
                <th>{t("details.assignee")}</th>
                <th>{t("details.due")}</th>
                <th>{t("details.state")}</th>
              </tr>
            </thead>
            <tbody>
              {workflow.steps.map((step) => (
                <StepRow
                  key={step.id}
                  data-testid="workflow-step"
                  data-state={step.state}
                  position={step.position}
                  title={step.title}
                  href={step.task ? taskHref(step.task.id) : undefined}
                  isCourtDeadline={step.isCourtDeadline}
                  detail={
                    <Text size="xs" c="dimmed">
                      <OffsetText days={step.offsetDays} business={workflow.skipWeekends} />
                    </Text>
                  }
                  stepRole={step.role}
                >
                  <td>{step.task?.assignee ?? "—"}</td>
                  <td
                    data-testid="step-due"
                    style={step.state === "overdue" ? { color: "var(--mantine-color-red-text)" } : undefined}
                  >
                    {step.task?.due ? <time dateTime={step.task.due.iso}>{step.task.due.text}</time> : "—"}
                  </td>
                  <td>
                    <StateBadge state={step.state} />
                  </td>
                </StepRow>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </Stack>
  );
}
