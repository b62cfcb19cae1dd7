import { Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { proposalPaths } from "../proposals";
import type { ProposalListItem } from "../views";
import { FeeSummary } from "./fee-summary";
import { ProposalStatusBadge } from "./proposal-status-badge";

/**
 * One proposal in a list: the case it answers (the link to the proposal), who wrote it, its fee,
 * status and last activity. `showCase` is off where the list is already grouped by case.
 */
export function ProposalCard({ item, showCase = true }: { item: ProposalListItem; showCase?: boolean }) {
  const { t } = useTranslation("proposals");
  const lawyer = item.lawyer.isYou ? t("view.you") : (item.lawyer.name ?? t("view.aLawyer"));
  const title = showCase && item.case ? item.case.title : t("card.from", { lawyer });
  const when = item.submitted ?? item.updated;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      data-testid="proposal-card"
      data-proposal-id={item.id}
      aria-labelledby={`proposal-${item.id}`}
    >
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={2} style={{ flex: "1 1 16rem", minWidth: 0 }}>
          {showCase && item.case ? (
            <Text size="xs" c="dimmed" ff="monospace">
              {item.case.reference}
            </Text>
          ) : null}
          <Anchor
            component={Link}
            to={proposalPaths.view(item.id)}
            fw={600}
            id={`proposal-${item.id}`}
            style={{ overflowWrap: "anywhere" }}
          >
            {title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {showCase ? t("card.by", { lawyer }) : null}
            {showCase && when ? " · " : null}
            {when ? (
              <time dateTime={when.iso}>
                {item.submitted
                  ? t("card.submitted", { date: when.text })
                  : t("card.updated", { date: when.text })}
              </time>
            ) : null}
          </Text>
        </Stack>
        <Group gap="lg" align="center" wrap="nowrap">
          <FeeSummary fee={item.fee} />
          <ProposalStatusBadge value={item.status} />
        </Group>
      </Group>
    </Paper>
  );
}
