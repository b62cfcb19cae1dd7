import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { IconBuildingStore, IconCalendarDue, IconFileText, IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OverviewBlock, OverviewEmpty, OverviewList } from "~/components/overview-block";
import { PageTitle } from "~/components/page-title";
import { useOpensCases } from "~/features/auth/use-dashboard-user";
import { type CaseScope, caseQueryString, DEFAULT_CASE_QUERY } from "../case-query";
import { type CaseStatus, casePaths } from "../cases";
import type { CaseOverview } from "../queries.server";
import { CaseStatusBadge } from "./case-badges";
import { CaseCard } from "./case-card";
import classes from "./case-overview.module.css";

/** The card list showing one scope, optionally one status. */
function listHref(scope: CaseScope, status?: CaseStatus) {
  return `${casePaths.list}${caseQueryString({ ...DEFAULT_CASE_QUERY, scope, status: status ? [status] : [] })}`;
}

/**
 * The case index (spec §2 `case`): counts by status that open the filtered list, what needs the
 * person's attention, and the way to open a new case. Other features add their blocks through
 * `attention` (the proposals waiting on the person), composed by the route.
 */
export function CaseOverviewPage({ overview, attention }: { overview: CaseOverview; attention?: ReactNode }) {
  const { t } = useTranslation(["case-list", "cases"]);
  const { scope } = overview;
  const lawyer = overview.marketplaceOpen !== null;
  const marketplaceHref = listHref("marketplace");
  const opensCases = useOpensCases();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <PageTitle title={t("overview.title")} description={t(`overview.description.${scope}`)} />
        <Group gap="sm">
          <Button component={Link} to={listHref(scope)} variant="default">
            {t("overview.viewList")}
          </Button>
          {opensCases ? (
            <Button component={Link} to={casePaths.create} leftSection={<IconPlus size={16} aria-hidden />}>
              {t("overview.newCase")}
            </Button>
          ) : null}
        </Group>
      </Group>

      {overview.total === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="overview-empty">
          <Stack align="center" gap="sm" ta="center">
            <IconFileText size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text fw={600}>{t("overview.empty.title")}</Text>
            <Text c="dimmed" maw={520}>
              {t(lawyer ? "overview.empty.lawyer" : "overview.empty.client")}
            </Text>
            {lawyer ? (
              <Button
                component={Link}
                to={marketplaceHref}
                leftSection={<IconBuildingStore size={16} aria-hidden />}
              >
                {t("overview.browseMarketplace")}
              </Button>
            ) : opensCases ? (
              <Button component={Link} to={casePaths.create} leftSection={<IconPlus size={16} aria-hidden />}>
                {t("overview.createFirst")}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      <section aria-labelledby="overview-by-status">
        <Title order={2} size="h5" id="overview-by-status" mb="sm">
          {t("overview.byStatus")}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: overview.counts.length }} spacing="sm">
          {overview.counts.map(({ status, count }) => (
            <UnstyledButton
              key={status}
              component={Link}
              to={listHref(scope, status)}
              className={classes.count}
              data-testid="status-count"
              data-status={status}
              aria-label={t("overview.countLabel", { count, status: t(`cases:status.${status}`) })}
            >
              <CaseStatusBadge value={status} size="sm" />
              <Text className={classes.number} fw={700}>
                {count}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {attention}

        {overview.marketplaceOpen !== null ? (
          <OverviewBlock
            id="overview-marketplace"
            title={t("overview.marketplace.title")}
            icon={<IconBuildingStore size={18} aria-hidden />}
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t("overview.marketplace.open", { count: overview.marketplaceOpen })}</Text>
              <Button component={Link} to={marketplaceHref} variant="light" size="sm">
                {t("overview.browseMarketplace")}
              </Button>
            </Stack>
          </OverviewBlock>
        ) : null}

        <OverviewBlock
          id="overview-deadlines"
          title={t("overview.deadlines.title")}
          icon={<IconCalendarDue size={18} aria-hidden />}
        >
          {overview.deadlines.length === 0 ? (
            <OverviewEmpty>{t("overview.deadlines.empty", { days: overview.windowDays })}</OverviewEmpty>
          ) : (
            <OverviewList testId="deadlines">
              {overview.deadlines.map((item) => (
                <li key={item.id}>
                  {item.overdue ? (
                    <Badge color="red" variant="light" size="sm" mb={4}>
                      {t("overview.deadlines.overdue")}
                    </Badge>
                  ) : null}
                  <CaseCard item={item} compact />
                </li>
              ))}
            </OverviewList>
          )}
        </OverviewBlock>
      </SimpleGrid>
    </Stack>
  );
}
