import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { WorkflowRole } from "../workflows";

/** "7 days after", "3 business days before", "on the trigger date". */
export function OffsetText({ days, business }: { days: number; business: boolean }) {
  const { t } = useTranslation("workflows");
  if (days === 0) return <>{t("offset.onTrigger")}</>;
  const key = `${days > 0 ? "after" : "before"}${business ? "Business" : ""}` as const;
  return <>{t(`offset.${key}`, { count: Math.abs(days) })}</>;
}

function RoleBadge({ role }: { role: WorkflowRole }) {
  const { t } = useTranslation("workflows");
  return (
    <Badge variant="light" color={role === "client" ? "teal" : "gray"} miw="max-content">
      {t(`role.${role}`)}
    </Badge>
  );
}

function CourtBadge() {
  const { t } = useTranslation("workflows");
  return (
    <Badge variant="filled" color="red">
      {t("courtDeadline")}
    </Badge>
  );
}

/** done / total as a bar, red while a step is late; labelled for screen readers. */
export function ProgressBar({
  done,
  total,
  overdue,
  label,
}: {
  done: number;
  total: number;
  overdue: number;
  label: string;
}) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div
      style={{
        inlineSize: "100%",
        blockSize: 8,
        borderRadius: 4,
        background: "var(--mantine-color-default-border)",
        overflow: "hidden",
      }}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
    >
      <div
        style={{
          inlineSize: `${percent}%`,
          blockSize: "100%",
          background: overdue > 0 ? "var(--mantine-color-red-filled)" : "var(--mantine-primary-color-filled)",
        }}
        data-overdue={overdue > 0 || undefined}
      />
    </div>
  );
}

/** A titled section of a workflow page: a bordered sheet whose heading names it for screen readers. */
export function Section({
  headingId,
  title,
  children,
  ...rest
}: {
  headingId: string;
  title: ReactNode;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} {...rest}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A step in a table of steps (a template's or a started workflow's): its number, its title (a link
 * to its task where it has one) with the court-deadline badge and a line under it, and its role;
 * the page's own cells follow.
 */
export function StepRow({
  position,
  title,
  href,
  isCourtDeadline,
  detail,
  stepRole,
  children,
  ...rest
}: {
  position: number;
  title: string;
  href?: string;
  isCourtDeadline: boolean;
  detail: ReactNode;
  /** Who does the step (the role, not an ARIA one). */
  stepRole: WorkflowRole;
  children: ReactNode;
  "data-testid": string;
  "data-state"?: string;
}) {
  return (
    <Table.Tr {...rest}>
      <Table.Td>{position}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Group gap="xs">
            {href ? (
              <Anchor component={Link} to={href} fw={500} style={WRAP}>
                <bdi>{title}</bdi>
              </Anchor>
            ) : (
              <Text fw={500} style={WRAP}>
                <bdi>{title}</bdi>
              </Text>
            )}
            {isCourtDeadline ? <CourtBadge /> : null}
          </Group>
          {detail}
        </Stack>
      </Table.Td>
      <Table.Td>
        <RoleBadge role={stepRole} />
      </Table.Td>
      {children}
    </Table.Tr>
  );
}

/** Long titles break anywhere rather than widen a table (inline: the pages add no stylesheet). */
export const WRAP = { overflowWrap: "anywhere" } as const;
/** Text people wrote keeps its line breaks. */
export const PLAIN_TEXT = { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } as const;
/** A table's box: on a phone the table (at least 640 px) scrolls sideways. */
export const SCROLL_X = { overflowX: "auto" } as const;
