import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { casePaths } from "~/features/cases/cases";
import { CaseStatusBadge } from "~/features/cases/components/case-badges";
import { matchingLabel } from "~/features/cases/matching-labels";
import type { CaseSummaryText } from "../views";
import { Fact } from "./fact";

/** The case a proposal answers, above the proposal form: what the lawyer is proposing on. */
export function CaseSummary({ summary }: { summary: CaseSummaryText }) {
  const { t } = useTranslation(["proposals", "cases"]);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="proposal-case-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" ff="monospace">
              {summary.reference}
            </Text>
            <Title order={2} size="h4" id="proposal-case-title">
              <Anchor component={Link} to={casePaths.view(summary.id)} inherit>
                {summary.title}
              </Anchor>
            </Title>
          </Stack>
          <CaseStatusBadge value={summary.status} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label={t("cases:field.practiceArea")}>{t(`cases:practiceArea.${summary.practiceArea}`)}</Fact>
          <Fact label={t("cases:field.jurisdiction")}>
            {matchingLabel(t, "jurisdiction", summary.jurisdiction)}
          </Fact>
          <Fact label={t("cases:field.budget")}>{summary.budget ?? t("cases:notSet")}</Fact>
          <Fact label={t("cases:field.neededBy")}>
            {summary.neededBy ? (
              <time dateTime={summary.neededBy.iso}>{summary.neededBy.text}</time>
            ) : (
              t("cases:notSet")
            )}
          </Fact>
        </SimpleGrid>
        {summary.description ? (
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }} dir="auto">
            {summary.description}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
