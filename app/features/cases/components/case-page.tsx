import type { SubmissionResult } from "@conform-to/react";
import { Badge, Box, Button, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconPencil } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { casePaths } from "../cases";
import type { CaseDetail } from "../queries.server";
import { CasePriorityBadge, CaseStatusBadge } from "./case-badges";
import classes from "./case-page.module.css";
import { CaseContactCard, CaseFacts, CaseMembers, CaseParties, SideCard } from "./case-page-details";
import { CaseStatusActions } from "./case-page-status-actions";
import { CaseTimeline } from "./case-timeline";

/**
 * The case page (issue 8): what the case is, who is on it, what happened, its proposals and the
 * status moves this person may make. Every value comes formatted from the loader. The proposals
 * section belongs to features/proposals: the route composes it in (`proposals`), full width.
 */
export function CasePage({
  detail,
  statusResult,
  proposals,
}: {
  detail: CaseDetail;
  statusResult?: SubmissionResult<string[]>;
  proposals: ReactNode;
}) {
  const { t } = useTranslation("case-detail");
  const { t: tc } = useTranslation("cases");
  return (
    <Stack gap="lg">
      <Box>
        <Button
          component={Link}
          to={casePaths.list}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} className={classes.backArrow} aria-hidden />}
          mb="xs"
        >
          {t("backToCases")}
        </Button>
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6} miw={0} flex="1 1 320px">
            <Text size="sm" c="dimmed" className={classes.reference}>
              {detail.reference}
            </Text>
            <Title order={1} size="h3" className={classes.breakAnywhere}>
              {/* The title keeps its own direction; the heading follows the page's. */}
              <bdi>{detail.title}</bdi>
            </Title>
            <Group gap="xs">
              <CaseStatusBadge value={detail.status} size="lg" data-testid="case-status" />
              <CasePriorityBadge value={detail.priority} size="lg" />
              <Badge variant="outline" color="gray" size="lg">
                {tc(`practiceArea.${detail.practiceArea}`)}
              </Badge>
            </Group>
          </Stack>
          {detail.canEdit ? (
            <Button
              component={Link}
              to={casePaths.edit(detail.id)}
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              {t("edit")}
            </Button>
          ) : null}
        </Group>
      </Box>

      <CaseStatusActions actions={detail.statusActions} lastResult={statusResult} />

      {/* The proposals get the full width: the client compares them side by side. */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <SideCard title={t("sections.description")} testId="case-description">
            {detail.description.trim() ? (
              <Text className={classes.plainText} dir="auto">
                {detail.description}
              </Text>
            ) : (
              <Text c="dimmed">{t("noDescription")}</Text>
            )}
          </SideCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CaseParties detail={detail} />
        </Grid.Col>
        <Grid.Col span={12}>{proposals}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <CaseTimeline entries={detail.timeline} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg">
            <CaseFacts detail={detail} />
            {detail.contact ? <CaseContactCard contact={detail.contact} /> : null}
            <CaseMembers members={detail.members} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
