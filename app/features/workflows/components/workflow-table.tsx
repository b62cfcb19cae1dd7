import { Anchor, Badge, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { casePaths } from "~/features/cases/cases";
import type { WorkflowListItem } from "../queries.server";
import { workflowPaths } from "../workflows";
import { ProgressBar, SCROLL_X, WRAP } from "./parts";

/** Workflows with their case, trigger date, progress and what is due next. */
export function WorkflowTable({ workflows, testId }: { workflows: WorkflowListItem[]; testId?: string }) {
  const { t } = useTranslation("workflows");
  return (
    <div style={SCROLL_X}>
      <Table miw={640} verticalSpacing="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("workflow.name")}</Table.Th>
            <Table.Th>{t("workflow.case")}</Table.Th>
            <Table.Th>{t("workflow.trigger")}</Table.Th>
            <Table.Th>{t("workflow.progress")}</Table.Th>
            <Table.Th>{t("workflow.nextDue")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workflows.map((workflow) => (
            <Table.Tr key={workflow.id} data-testid="workflow-row">
              <Table.Td>
                <Anchor component={Link} to={workflowPaths.details(workflow.id)} style={WRAP}>
                  <bdi>{workflow.name}</bdi>
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {workflow.caseReference}
                  </Text>
                  <Anchor component={Link} to={casePaths.view(workflow.caseId)} size="sm" style={WRAP}>
                    <bdi>{workflow.caseTitle}</bdi>
                  </Anchor>
                </Stack>
              </Table.Td>
              <Table.Td>
                <time dateTime={workflow.trigger.iso}>{workflow.trigger.text}</time>
              </Table.Td>
              <Table.Td miw={140}>
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
              </Table.Td>
              <Table.Td>
                {workflow.complete ? (
                  <Badge color="green" variant="light">
                    {t("workflow.complete")}
                  </Badge>
                ) : workflow.nextDueText ? (
                  <time dateTime={workflow.nextDueText.iso}>{workflow.nextDueText.text}</time>
                ) : (
                  "—"
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
