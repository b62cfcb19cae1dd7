import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconExternalLink, IconFilePlus, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { ConfirmStep } from "~/components/confirm-step";
import { PendingForm } from "~/components/form/pending-form";
import { casePaths } from "~/features/cases/cases";
import { PersonLink, personLabel, SideCard } from "~/features/cases/components/case-page-details";
import type { FeeText } from "../fees";
import { proposalPaths } from "../proposals";
import type { CaseProposal, CaseProposals } from "../views";
import classes from "./case-proposals.module.css";
import { ProposalStatusBadge } from "./proposal-status-badge";

/** The query parameters that open an accept or decline confirmation without JavaScript. */
const CONFIRM_ACCEPT_PARAM = "confirm";
const CONFIRM_DECLINE_PARAM = "decline";

/** Keeps an amount ("US$ 340") in one piece inside a sentence of the other direction (Arabic). */
const isolate = (value: string) => `\u2068${value}\u2069`;

/** The fee as the proposal states it: amount, rate × hours = estimate, or a percentage. */
function FeeValue({ fee }: { fee: FeeText }) {
  const { t } = useTranslation("case-detail");
  const { t: tc } = useTranslation("cases");
  const notSet = tc("notSet");
  switch (fee.feeType) {
    case "fixed":
    case "retainer":
      return <>{fee.amount ?? notSet}</>;
    case "hourly":
      return (
        <>
          {t("proposals.hourlyFee", {
            rate: isolate(fee.hourlyRate ?? notSet),
            hours: isolate(fee.estimatedHours ?? notSet),
            estimate: isolate(fee.estimate ?? notSet),
          })}
        </>
      );
    case "contingency":
      return <>{t("proposals.contingencyFee", { percent: isolate(fee.contingencyPercent ?? notSet) })}</>;
  }
}

/** Accept or decline one proposal: forms handled by the proposal page's action, back to this case. */
function DecisionButtons({ proposal, caseId }: { proposal: CaseProposal; caseId: string }) {
  const { t } = useTranslation("case-detail");
  const navigation = useNavigation();
  const lawyer = personLabel(t, proposal.lawyer, "people.lawyer");
  const decisionForm = (intent: "accept" | "decline", label: string, color: string) => (
    <PendingForm method="post" action={proposalPaths.view(proposal.id)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={casePaths.view(caseId)} />
      <Button
        type="submit"
        color={color}
        loading={
          navigation.state !== "idle" &&
          navigation.formAction === proposalPaths.view(proposal.id) &&
          navigation.formData?.get("intent") === intent
        }
      >
        {label}
      </Button>
    </PendingForm>
  );
  return (
    <Stack gap="xs" align="stretch">
      <ConfirmStep
        param={CONFIRM_ACCEPT_PARAM}
        value={proposal.id}
        trigger={t("proposals.accept")}
        triggerProps={{ color: "teal", size: "xs", leftSection: <IconCheck size={14} aria-hidden /> }}
        title={t("proposals.confirmAccept.title")}
        text={t("proposals.confirmAccept.text", { lawyer })}
        cancelLabel={t("confirm.back")}
        confirm={decisionForm("accept", t("proposals.confirmAccept.submit"), "teal")}
      />
      <ConfirmStep
        param={CONFIRM_DECLINE_PARAM}
        value={proposal.id}
        trigger={t("proposals.decline")}
        triggerProps={{
          color: "red",
          variant: "light",
          size: "xs",
          leftSection: <IconX size={14} aria-hidden />,
        }}
        title={t("proposals.confirmDecline.title")}
        text={t("proposals.confirmDecline.text", { lawyer })}
        cancelLabel={t("confirm.back")}
        confirm={decisionForm("decline", t("proposals.confirmDecline.submit"), "red")}
      />
    </Stack>
  );
}

function LongText({ value }: { value: string }) {
  const { t } = useTranslation("cases");
  return value.trim() ? (
    <Text size="sm" className={classes.plainText} dir="auto">
      {value}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      {t("notSet")}
    </Text>
  );
}

/**
 * The proposals received, side by side: one column per proposal, one row per term, so the client
 * reads across to compare. Scrolls sideways on a phone, the row labels staying in view.
 */
function ProposalComparison({ items, caseId }: { items: CaseProposal[]; caseId: string }) {
  const { t } = useTranslation("case-detail");
  const { t: tc } = useTranslation("cases");
  const rows: { key: string; label: string; cell: (proposal: CaseProposal) => ReactNode }[] = [
    { key: "status", label: tc("field.status"), cell: (p) => <ProposalStatusBadge value={p.status} /> },
    { key: "feeType", label: t("proposals.rows.feeType"), cell: (p) => tc(`feeType.${p.fee.feeType}`) },
    { key: "fee", label: t("proposals.rows.fee"), cell: (p) => <FeeValue fee={p.fee} /> },
    { key: "currency", label: t("proposals.rows.currency"), cell: (p) => p.currency },
    {
      key: "duration",
      label: t("proposals.rows.duration"),
      cell: (p) => (p.durationDays === null ? tc("notSet") : t("proposals.days", { count: p.durationDays })),
    },
    {
      key: "submitted",
      label: t("proposals.rows.submitted"),
      cell: (p) => (p.submitted ? <time dateTime={p.submitted.iso}>{p.submitted.text}</time> : tc("notSet")),
    },
    { key: "scope", label: t("proposals.rows.scope"), cell: (p) => <LongText value={p.scope} /> },
    { key: "terms", label: t("proposals.rows.terms"), cell: (p) => <LongText value={p.terms} /> },
  ];
  return (
    // A native table styled by case-proposals.module.css rather than Mantine's Table, which brings
    // its ScrollArea (7 KiB gzip) to the case page (ADR 0019).
    <div className={classes.scroll}>
      <table
        className={classes.comparison}
        style={{ minWidth: 180 + items.length * 220 }}
        aria-label={t("proposals.caption")}
      >
        <thead>
          <tr>
            <th scope="col" className={classes.rowHeader}>
              {t("proposals.rows.lawyer")}
            </th>
            {items.map((proposal) => (
              <th key={proposal.id} scope="col" data-proposal-id={proposal.id}>
                <PersonLink t={t} person={proposal.lawyer} unknownKey="people.lawyer" />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={classes.rowHeader}>
                {row.label}
              </th>
              {items.map((proposal) => (
                <td key={proposal.id}>{row.cell(proposal)}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" className={classes.rowHeader}>
              {t("proposals.rows.decision")}
            </th>
            {items.map((proposal) => (
              <td key={proposal.id} data-proposal-id={proposal.id}>
                <Stack gap="xs" align="flex-start">
                  {proposal.decidable ? <DecisionButtons proposal={proposal} caseId={caseId} /> : null}
                  <Button
                    component={Link}
                    to={proposalPaths.view(proposal.id)}
                    variant="subtle"
                    size="xs"
                    rightSection={<IconExternalLink size={14} aria-hidden />}
                  >
                    {t("proposals.open")}
                  </Button>
                </Stack>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** A lawyer's own proposal(s) on this case, and the way to propose while they may. */
function OwnProposals({
  items,
  canPropose,
  caseId,
}: {
  items: CaseProposal[];
  canPropose: boolean;
  caseId: string;
}) {
  const { t } = useTranslation("case-detail");
  const { t: tc } = useTranslation("cases");
  return (
    <Stack gap="sm">
      {items.map((proposal) => (
        <Card key={proposal.id} withBorder radius="md" padding="md" data-proposal-id={proposal.id}>
          <Group justify="space-between" gap="sm">
            <Stack gap={4}>
              <Group gap="xs">
                <Text fw={600}>{t("proposals.yours")}</Text>
                <ProposalStatusBadge value={proposal.status} />
              </Group>
              <Text size="sm">
                {tc(`feeType.${proposal.fee.feeType}`)} · <FeeValue fee={proposal.fee} />
              </Text>
              {proposal.submitted ? (
                <Text size="xs" c="dimmed">
                  {t("proposals.submittedOn")}{" "}
                  <time dateTime={proposal.submitted.iso}>{proposal.submitted.text}</time>
                </Text>
              ) : null}
            </Stack>
            <Button component={Link} to={proposalPaths.view(proposal.id)} variant="light" size="sm">
              {t("proposals.view")}
            </Button>
          </Group>
        </Card>
      ))}
      {canPropose ? (
        <Group>
          <Button
            component={Link}
            to={proposalPaths.create(caseId)}
            leftSection={<IconFilePlus size={16} aria-hidden />}
            data-testid="case-propose"
          >
            {t("proposals.propose")}
          </Button>
        </Group>
      ) : null}
      {items.length === 0 && !canPropose ? (
        <Text size="sm" c="dimmed">
          {t("proposals.noneOwn")}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The proposals section: compared for the client and admins, one's own for everyone else. */
export function CaseProposalsSection({ proposals, caseId }: { proposals: CaseProposals; caseId: string }) {
  const { t } = useTranslation("case-detail");
  return (
    <SideCard title={t("sections.proposals")} testId="case-proposals">
      {proposals.view === "own" ? (
        <OwnProposals items={proposals.items} canPropose={proposals.canPropose} caseId={caseId} />
      ) : proposals.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("proposals.noneReceived")}
        </Text>
      ) : (
        <ProposalComparison items={proposals.items} caseId={caseId} />
      )}
    </SideCard>
  );
}
