import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ProposalStatus } from "~/features/proposals/proposals";
import type { CasePriority, CaseStatus } from "../cases";

/** A status's colour, the same everywhere (badges, the table's cells). */
export const CASE_STATUS_COLOR: Record<CaseStatus, string> = {
  draft: "gray",
  open: "blue",
  engaged: "teal",
  on_hold: "yellow",
  closed: "dark",
  cancelled: "red",
};

export const CASE_PRIORITY_COLOR: Record<CasePriority, string> = {
  low: "gray",
  normal: "blue",
  high: "orange",
  urgent: "red",
};

const PROPOSAL_STATUS_COLOR: Record<ProposalStatus, string> = {
  draft: "gray",
  submitted: "blue",
  viewed: "cyan",
  accepted: "teal",
  declined: "red",
  withdrawn: "gray",
};

type Props<Value> = { value: Value } & Omit<BadgeProps, "children" | "color">;

/** A case's status, coloured the same everywhere (cards, table, pipeline, case page). */
export function CaseStatusBadge({ value, ...props }: Props<CaseStatus>) {
  const { t } = useTranslation("cases");
  return (
    <Badge variant="light" color={CASE_STATUS_COLOR[value]} data-status={value} {...props}>
      {t(`status.${value}`)}
    </Badge>
  );
}

export function CasePriorityBadge({ value, ...props }: Props<CasePriority>) {
  const { t } = useTranslation("cases");
  return (
    <Badge variant="dot" color={CASE_PRIORITY_COLOR[value]} data-priority={value} {...props}>
      {t(`priority.${value}`)}
    </Badge>
  );
}

export function ProposalStatusBadge({ value, ...props }: Props<ProposalStatus>) {
  const { t } = useTranslation("cases");
  return (
    <Badge variant="light" color={PROPOSAL_STATUS_COLOR[value]} data-status={value} {...props}>
      {t(`proposalStatus.${value}`)}
    </Badge>
  );
}
