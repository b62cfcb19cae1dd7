import { Anchor, Divider, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import { casePaths } from "~/features/cases/cases";
import { CaseStatusBadge } from "~/features/cases/components/case-badges";
import type { DateText } from "~/lib/i18n/format";
import { profilePath } from "~/lib/navigation/people-paths";
import type { ProposalDetail } from "../views";
import { Fact } from "./fact";
import { FeeSummary } from "./fee-summary";
import { ProposalActions } from "./proposal-actions";
import { ProposalStatusBadge } from "./proposal-status-badge";

function When({ value }: { value: DateText | null }) {
  const { t } = useTranslation("cases");
  return value ? <time dateTime={value.iso}>{value.text}</time> : t("notSet");
}

/** Long text as written, line breaks kept. */
function Prose({ title, text, empty }: { title: string; text: string; empty: string }) {
  return (
    <Stack gap={4} component="section">
      <Title order={2} size="h5">
        {title}
      </Title>
      <Text
        size="sm"
        c={text ? undefined : "dimmed"}
        style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
        // The person's own words keep their direction (an English scope in the Arabic page).
        dir={text ? "auto" : undefined}
      >
        {text || empty}
      </Text>
    </Stack>
  );
}

/** One proposal: its fee and terms, the case it answers, who wrote it, and what may be done with it. */
export function ProposalView({ proposal }: { proposal: ProposalDetail }) {
  const { t } = useTranslation(["proposals", "cases"]);
  const lawyer = proposal.lawyer.isYou ? t("view.you") : (proposal.lawyer.name ?? t("view.aLawyer"));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <PageTitle
          title={t("view.title", { lawyer })}
          description={
            proposal.case ? t("view.forCase", { reference: proposal.case.reference }) : t("view.caseHidden")
          }
        />
        <ProposalStatusBadge value={proposal.status} size="lg" />
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <FeeSummary fee={proposal.fee} size="lg" />
            <Fact label={t("view.currency")}>{proposal.currency}</Fact>
            <Fact label={t("view.duration")}>
              {proposal.durationDays
                ? t("view.days", { count: proposal.durationDays.count, days: proposal.durationDays.text })
                : t("cases:notSet")}
            </Fact>
            <Fact label={t("view.lawyer")}>
              {proposal.lawyer.id && proposal.lawyer.name && !proposal.lawyer.isYou ? (
                <Anchor
                  component={Link}
                  to={profilePath(proposal.lawyer.id)}
                  fz="inherit"
                  data-testid="person-link"
                >
                  {lawyer}
                </Anchor>
              ) : (
                lawyer
              )}
            </Fact>
          </SimpleGrid>
          <ProposalActions proposalId={proposal.id} can={proposal.can} />
        </Stack>
      </Paper>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Prose title={t("view.scope")} text={proposal.scope} empty={t("view.noScope")} />
              <Divider />
              <Prose title={t("view.terms")} text={proposal.terms} empty={t("view.noTerms")} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {proposal.case ? (
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="proposal-case">
                <Stack gap="xs">
                  <Title order={2} size="h5" id="proposal-case">
                    {t("view.case")}
                  </Title>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {proposal.case.reference}
                  </Text>
                  <Anchor component={Link} to={casePaths.view(proposal.case.id)} fw={600}>
                    {proposal.case.title}
                  </Anchor>
                  <CaseStatusBadge value={proposal.case.status} />
                </Stack>
              </Paper>
            ) : null}
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="proposal-dates">
              <Stack gap="xs">
                <Title order={2} size="h5" id="proposal-dates">
                  {t("view.dates")}
                </Title>
                <Fact label={t("view.created")}>
                  <When value={proposal.created} />
                </Fact>
                <Fact label={t("view.submitted")}>
                  <When value={proposal.submitted} />
                </Fact>
                <Fact label={t("view.viewed")}>
                  <When value={proposal.viewed} />
                </Fact>
                <Fact label={t("view.decided")}>
                  <When value={proposal.decided} />
                </Fact>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
