import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconInbox, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import { casePaths } from "~/features/cases/cases";
import { proposalListSearch } from "../list-params";
import { proposalPaths } from "../proposals";
import type { ProposalOverview, ReceivedGroup, StatusCount } from "../views";
import { ProposalCard } from "./proposal-card";
import { ProposalStatusBadge } from "./proposal-status-badge";

/** The lawyers' way to the open cases (the marketplace tab of the case list). */
export const FIND_CASES_HREF = `${casePaths.list}?scope=marketplace`;

function Empty({ text }: { text: string }) {
  return (
    <Paper withBorder radius="md">
      <Stack align="center" gap="xs" py={48}>
        <IconInbox size={36} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Paper>
  );
}

function StatusCards({ counts }: { counts: StatusCount[] }) {
  const { t } = useTranslation("proposals");
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="proposal-counts">
      {counts.map(({ status, count }) => (
        <UnstyledButton
          key={status}
          component={Link}
          to={`${proposalPaths.list}${proposalListSearch({ status })}`}
          aria-label={t("overview.countLabel", { count, status: t(`cases:proposalStatus.${status}`) })}
        >
          <Paper withBorder radius="md" p="md" h="100%" data-status={status}>
            <Stack gap={6}>
              <ProposalStatusBadge value={status} />
              <Text fz={28} fw={700} lh={1}>
                {count}
              </Text>
            </Stack>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

function ReceivedCase({ group }: { group: ReceivedGroup }) {
  const { t } = useTranslation("proposals");
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`received-${group.case.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" ff="monospace">
              {group.case.reference}
            </Text>
            <Title order={3} size="h5" id={`received-${group.case.id}`}>
              <Anchor component={Link} to={casePaths.view(group.case.id)} inherit>
                {group.case.title}
              </Anchor>
            </Title>
          </Stack>
          <Group gap="xs">
            {group.newCount > 0 ? (
              <Badge color="blue" variant="filled">
                {t("overview.newCount", { count: group.newCount })}
              </Badge>
            ) : null}
            <Button component={Link} to={casePaths.view(group.case.id)} size="xs" variant="light">
              {t("overview.compare")}
            </Button>
          </Group>
        </Group>
        {group.items.map((item) => (
          <ProposalCard key={item.id} item={item} showCase={false} />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * The proposals index. A lawyer sees their proposals counted by status (each a link to the list so
 * filtered) and the latest; a client sees the proposals awaiting their decision, by case.
 */
export function ProposalsOverview({ overview }: { overview: ProposalOverview }) {
  const { t } = useTranslation("proposals");
  if (overview.perspective === "lawyer") {
    return (
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <PageTitle title={t("overview.title")} description={t("overview.lawyerDescription")} />
          <Button component={Link} to={FIND_CASES_HREF} leftSection={<IconSearch size={16} aria-hidden />}>
            {t("overview.findCases")}
          </Button>
        </Group>
        <StatusCards counts={overview.counts} />
        <Stack gap="sm" component="section" aria-labelledby="latest-proposals">
          <Group justify="space-between">
            <Title order={2} size="h4" id="latest-proposals">
              {t("overview.latest")}
            </Title>
            <Anchor component={Link} to={proposalPaths.list} size="sm">
              {t("overview.seeAll")}
            </Anchor>
          </Group>
          {overview.latest.length === 0 ? (
            <Empty text={t("overview.noneYet")} />
          ) : (
            overview.latest.map((item) => <ProposalCard key={item.id} item={item} />)
          )}
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <PageTitle
          title={t("overview.title")}
          description={t("overview.clientDescription", { count: overview.newCount })}
        />
        <Button component={Link} to={proposalPaths.list} variant="light">
          {t("overview.seeAll")}
        </Button>
      </Group>
      {overview.groups.length === 0 ? (
        <Empty text={t("overview.noneReceived")} />
      ) : (
        overview.groups.map((group) => <ReceivedCase key={group.case.id} group={group} />)
      )}
    </Stack>
  );
}
