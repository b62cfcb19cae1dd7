import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OverviewBlock, OverviewEmpty, OverviewList, overviewClasses } from "~/components/overview-block";
import { proposalPaths } from "../proposals";
import type { AttentionProposal, ProposalAttention } from "../views";
import { ProposalStatusBadge } from "./proposal-status-badge";

function ProposalLine({ item }: { item: AttentionProposal }) {
  const { t } = useTranslation(["cases", "case-list"]);
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap" className={overviewClasses.line}>
      <Stack gap={2} miw={0}>
        <Anchor component={Link} to={proposalPaths.view(item.id)} fw={600} size="sm" lineClamp={1}>
          {t("case-list:overview.proposalOn", { reference: item.caseReference, title: item.caseTitle })}
        </Anchor>
        <Text size="xs" c="dimmed">
          {t(`cases:feeType.${item.feeType}`)}
          {item.at ? (
            <>
              {" · "}
              <time dateTime={item.at.iso}>{item.at.text}</time>
            </>
          ) : null}
        </Text>
      </Stack>
      <ProposalStatusBadge value={item.status} size="sm" className={overviewClasses.badge} />
    </Group>
  );
}

/**
 * The case index's proposal blocks (spec §2 `case`): new proposals waiting on a client, a lawyer's
 * recent decisions. The case index route places them among the cases' blocks.
 */
export function ProposalAttentionBlocks({
  attention,
  windowDays,
}: {
  attention: ProposalAttention;
  windowDays: number;
}) {
  const { t } = useTranslation("case-list");
  return (
    <>
      {attention.newProposals ? (
        <OverviewBlock
          id="overview-new-proposals"
          title={t("overview.newProposals.title")}
          icon={<IconInbox size={18} aria-hidden />}
          action={
            attention.newProposals.total > 0 ? (
              <Badge
                variant="filled"
                aria-label={t("overview.newProposals.count", { count: attention.newProposals.total })}
              >
                {attention.newProposals.total}
              </Badge>
            ) : null
          }
        >
          {attention.newProposals.items.length === 0 ? (
            <OverviewEmpty>{t("overview.newProposals.empty")}</OverviewEmpty>
          ) : (
            <OverviewList testId="new-proposals">
              {attention.newProposals.items.map((item) => (
                <ProposalLine key={item.id} item={item} />
              ))}
            </OverviewList>
          )}
          {attention.newProposals.total > 0 ? (
            <Anchor component={Link} to={proposalPaths.list} size="sm" mt="sm" display="inline-block">
              {t("overview.newProposals.all")}
            </Anchor>
          ) : null}
        </OverviewBlock>
      ) : null}

      {attention.decidedProposals ? (
        <OverviewBlock
          id="overview-decided"
          title={t("overview.decided.title")}
          icon={<IconInbox size={18} aria-hidden />}
        >
          {attention.decidedProposals.length === 0 ? (
            <OverviewEmpty>{t("overview.decided.empty", { days: windowDays })}</OverviewEmpty>
          ) : (
            <OverviewList testId="decided-proposals">
              {attention.decidedProposals.map((item) => (
                <ProposalLine key={item.id} item={item} />
              ))}
            </OverviewList>
          )}
          <Anchor component={Link} to={proposalPaths.list} size="sm" mt="sm" display="inline-block">
            {t("overview.decided.all")}
          </Anchor>
        </OverviewBlock>
      ) : null}
    </>
  );
}
