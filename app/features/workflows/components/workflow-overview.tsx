import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import type { WorkflowListItem } from "../queries.server";
import { workflowPaths } from "../workflows";
import { WorkflowTable } from "./workflow-table";

type WorkflowCounts = { active: number; complete: number; overdueSteps: number; templates: number };

function Count({ label, value, to, testId }: { label: string; value: number; to: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to={to} inherit>
            {label}
          </Anchor>
        </Text>
        <Text fz={28} fw={700} lh={1}>
          {value}
        </Text>
      </Stack>
    </Paper>
  );
}

/** `/dashboard/workflow`: the counts, and the workflows that need attention (late, or due soon). */
export function WorkflowOverview({
  counts,
  attention,
}: {
  counts: WorkflowCounts;
  attention: WorkflowListItem[];
}) {
  const { t } = useTranslation("workflows");
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <PageTitle title={t("overview.title")} description={t("overview.description")} />
        <Button component={Link} to={workflowPaths.start}>
          {t("overview.start")}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Count
          label={t("overview.active")}
          value={counts.active}
          to={workflowPaths.list}
          testId="count-active"
        />
        <Count
          label={t("overview.overdueSteps")}
          value={counts.overdueSteps}
          to={workflowPaths.list}
          testId="count-overdue"
        />
        <Count
          label={t("overview.complete")}
          value={counts.complete}
          to={workflowPaths.list}
          testId="count-complete"
        />
        <Count
          label={t("overview.templates")}
          value={counts.templates}
          to={workflowPaths.templates}
          testId="count-templates"
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="attention-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="attention-heading">
            {t("overview.attention")}
          </Title>
          {attention.length === 0 ? (
            <Text c="dimmed">{t("overview.nothingLate")}</Text>
          ) : (
            <WorkflowTable workflows={attention} testId="workflow-attention" />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
