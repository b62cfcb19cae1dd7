import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import dataTable from "~/components/data-table.module.css";
import { casePaths } from "~/features/cases/cases";
import type { WorkflowListItem } from "../queries.server";
import { workflowPaths } from "../workflows";
import { ProgressBar, SCROLL_X, WRAP } from "./parts";

/** Workflows with their case, trigger date, progress and what is due next. */
export function WorkflowTable({ workflows, testId }: { workflows: WorkflowListItem[]; testId?: string }) {
  const { t } = useTranslation("workflows");
  return (
    <div style={SCROLL_X}>
      <table className={dataTable.table} data-spacing="sm" style={{ minWidth: 640 }} data-testid={testId}>
        <thead>
          <tr>
            <th>{t("workflow.name")}</th>
            <th>{t("workflow.case")}</th>
            <th>{t("workflow.trigger")}</th>
            <th>{t("workflow.progress")}</th>
            <th>{t("workflow.nextDue")}</th>
          </tr>
        </thead>
        <tbody>
          {workflows.map((workflow) => (
            <tr key={workflow.id} data-testid="workflow-row">
              <td>
                <Anchor component={Link} to={workflowPaths.details(workflow.id)} style={WRAP}>
                  <bdi>{workflow.name}</bdi>
                </Anchor>
              </td>
              <td>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {workflow.caseReference}
                  </Text>
                  <Anchor component={Link} to={casePaths.view(workflow.caseId)} size="sm" style={WRAP}>
                    <bdi>{workflow.caseTitle}</bdi>
                  </Anchor>
                </Stack>
              </td>
              <td>
                <time dateTime={workflow.trigger.iso}>{workflow.trigger.text}</time>
              </td>
              <td style={{ minWidth: 140 }}>
                <Stack gap={4}>
                  <ProgressBar
                    done={workflow.done}
                    total={workflow.total}
                    overdue={workflow.overdue}
                    label={t("workflow.doneOf", { done: workflow.done, total: workflow.total })}
                  />
                  <Group gap="xs">
                    <Text size="xs">
                      {t("workflow.doneOf", { done: workflow.done, total: workflow.total })}
                    </Text>
                    {workflow.overdue > 0 ? (
                      <Badge color="red" variant="light" size="sm">
                        {t("workflow.overdue", { count: workflow.overdue })}
                      </Badge>
                    ) : null}
                  </Group>
                </Stack>
              </td>
              <td>
                {workflow.complete ? (
                  <Badge color="green" variant="light">
                    {t("workflow.complete")}
                  </Badge>
                ) : workflow.nextDueText ? (
                  <time dateTime={workflow.nextDueText.iso}>{workflow.nextDueText.text}</time>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
