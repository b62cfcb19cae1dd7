import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconBriefcase, IconLayoutKanban } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import { useOpensCases } from "~/features/auth/use-dashboard-user";
import { casePaths } from "../cases";
import type { CasePipeline, PipelineColumn } from "../queries.server";
import { CaseCard } from "./case-card";
import classes from "./case-pipeline.module.css";

/** The card list filtered by one status: where a column's "View all" leads. */
function listByStatusHref(status: string) {
  return `${casePaths.list}?${new URLSearchParams({ status })}`;
}

function Column({ column }: { column: PipelineColumn }) {
  const { t } = useTranslation(["cases", "case-list"]);
  const headingId = `pipeline-${column.status}`;
  const more = column.total > column.cards.length;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      className={classes.column}
      aria-labelledby={headingId}
      data-testid="pipeline-column"
      data-status={column.status}
    >
      <Group justify="space-between" gap="xs" className={classes.columnHeader} wrap="nowrap">
        <Title order={2} size="h5" id={headingId}>
          {t(`cases:status.${column.status}`)}
        </Title>
        <Badge
          variant="light"
          color="gray"
          aria-label={t("case-list:pipeline.count", { count: column.total })}
        >
          {column.total}
        </Badge>
      </Group>
      <Stack gap="xs" className={classes.cards}>
        {column.cards.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {t("case-list:pipeline.emptyColumn")}
          </Text>
        ) : (
          column.cards.map((item) => <CaseCard key={item.id} item={item} compact />)
        )}
      </Stack>
      {column.total > 0 ? (
        <Anchor component={Link} to={listByStatusHref(column.status)} size="sm" className={classes.viewAll}>
          {more
            ? t("case-list:pipeline.viewAllCount", { count: column.total })
            : t("case-list:pipeline.viewAll")}
        </Anchor>
      ) : null}
    </Paper>
  );
}

/** The case_management page: the pipeline's columns side by side, scrolling sideways on phones. */
export function CasePipelinePage({ pipeline }: { pipeline: CasePipeline }) {
  const { t } = useTranslation("case-list");
  const opensCases = useOpensCases();
  if (pipeline.kind === "forLawyers") {
    return (
      <Stack gap="lg">
        <PageTitle title={t("pipeline.title")} />
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm" ta="center">
            <IconLayoutKanban size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text fw={600}>{t("pipeline.forLawyers.title")}</Text>
            <Text c="dimmed" maw={480}>
              {t("pipeline.forLawyers.text")}
            </Text>
            <Group gap="sm" justify="center">
              <Button
                component={Link}
                to={casePaths.index}
                leftSection={<IconBriefcase size={16} aria-hidden />}
              >
                {t("pipeline.forLawyers.myCases")}
              </Button>
              {opensCases ? (
                <Button component={Link} to={casePaths.create} variant="default">
                  {t("overview.newCase")}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      </Stack>
    );
  }
  const total = pipeline.columns.reduce((sum, column) => sum + column.total, 0);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <PageTitle title={t("pipeline.title")} description={t(`pipeline.description.${pipeline.scope}`)} />
        <Button component={Link} to={casePaths.table} variant="default">
          {t("pipeline.openTable")}
        </Button>
      </Group>
      {total === 0 ? (
        <Text c="dimmed" data-testid="pipeline-empty">
          {t(`pipeline.empty.${pipeline.scope}`)}{" "}
          <Anchor component={Link} to={`${casePaths.list}?scope=marketplace`}>
            {t("pipeline.browseMarketplace")}
          </Anchor>
        </Text>
      ) : null}
      <Box
        className={classes.board}
        data-testid="pipeline"
        tabIndex={0}
        aria-label={t("pipeline.boardLabel")}
      >
        {pipeline.columns.map((column) => (
          <Column key={column.status} column={column} />
        ))}
      </Box>
    </Stack>
  );
}
