import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
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

export type BadgeValueProps<Value> = { value: Value } & Omit<BadgeProps, "children" | "color">;

/** A case's status, coloured the same everywhere (cards, table, pipeline, case page). */
export function CaseStatusBadge({ value, ...props }: BadgeValueProps<CaseStatus>) {
  const { t } = useTranslation("cases");
  return (
    <Badge variant="light" color={CASE_STATUS_COLOR[value]} data-status={value} {...props}>
      {t(`status.${value}`)}
    </Badge>
  );
}

export function CasePriorityBadge({ value, ...props }: BadgeValueProps<CasePriority>) {
  const { t } = useTranslation("cases");
  return (
    <Badge variant="dot" color={CASE_PRIORITY_COLOR[value]} data-priority={value} {...props}>
      {t(`priority.${value}`)}
    </Badge>
  );
}
