import { Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { IconCalendarDue, IconMapPin, IconMessage2, IconWallet } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DateText } from "~/lib/i18n/format";
import { type CasePriority, type CaseStatus, casePaths, type PracticeArea } from "../cases";
import { CasePriorityBadge, CaseStatusBadge } from "./case-badges";
import classes from "./case-card.module.css";

/** A case as its card shows it: text already written on the server in the reader's language. */
export type CaseCardData = {
  id: string;
  reference: string;
  title: string;
  status: CaseStatus;
  priority: CasePriority;
  practiceArea: PracticeArea;
  jurisdiction: string;
  budget: string | null;
  neededBy: DateText | null;
  updated: DateText | null;
  /** The proposals the reader may see on the case; null where the list does not count them. */
  proposals: number | null;
};

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" className={classes.fact}>
      {icon}
      <Text size="sm" c="dimmed" span className={classes.factLabel}>
        {label}
      </Text>
      <Text size="sm" span className={classes.factValue}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * One case as a card (the list, the overview, the pipeline): reference, title, status and
 * priority, then what a lawyer or client scans for. The title is the link to the case; `compact`
 * keeps the pipeline's columns narrow (no budget and jurisdiction line).
 */
export function CaseCard({ item, compact = false }: { item: CaseCardData; compact?: boolean }) {
  const { t } = useTranslation(["cases", "case-list"]);
  const iconProps = { size: 16, stroke: 1.6, "aria-hidden": true, className: classes.icon };
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p={compact ? "sm" : "md"}
      className={classes.card}
      data-testid="case-card"
      data-case-id={item.id}
      aria-labelledby={`case-card-${item.id}`}
    >
      <Stack gap={compact ? 6 : "xs"}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="xs" c="dimmed" ff="monospace" className={classes.reference}>
            {item.reference}
          </Text>
          <Group gap={4} wrap="wrap" justify="flex-end">
            {compact ? null : <CaseStatusBadge value={item.status} size="sm" />}
            <CasePriorityBadge value={item.priority} size="sm" />
          </Group>
        </Group>
        <Anchor
          component={Link}
          to={casePaths.view(item.id)}
          id={`case-card-${item.id}`}
          fw={600}
          size={compact ? "sm" : "md"}
          lineClamp={2}
          className={classes.title}
        >
          {item.title}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t(`cases:practiceArea.${item.practiceArea}`)}
        </Text>
        {compact ? null : (
          <>
            <Fact icon={<IconMapPin {...iconProps} />} label={t("cases:field.jurisdiction")}>
              {item.jurisdiction}
            </Fact>
            <Fact icon={<IconWallet {...iconProps} />} label={t("cases:field.budget")}>
              {item.budget ?? t("cases:notSet")}
            </Fact>
          </>
        )}
        <Fact icon={<IconCalendarDue {...iconProps} />} label={t("cases:field.neededBy")}>
          {item.neededBy ? <time dateTime={item.neededBy.iso}>{item.neededBy.text}</time> : t("cases:notSet")}
        </Fact>
        {item.proposals === null ? null : (
          <Fact icon={<IconMessage2 {...iconProps} />} label={t("case-list:card.proposals")}>
            {item.proposals}
          </Fact>
        )}
      </Stack>
    </Paper>
  );
}
