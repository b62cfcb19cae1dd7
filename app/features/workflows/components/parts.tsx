import { Badge, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { WorkflowRole } from "../workflows";
import classes from "./workflows.module.css";

/** "7 days after", "3 business days before", "on the trigger date". */
export function OffsetText({ days, business }: { days: number; business: boolean }) {
  const { t } = useTranslation("workflows");
  if (days === 0) return <>{t("offset.onTrigger")}</>;
  const key = `${days > 0 ? "after" : "before"}${business ? "Business" : ""}` as const;
  return <>{t(`offset.${key}`, { count: Math.abs(days) })}</>;
}

export function RoleBadge({ role }: { role: WorkflowRole }) {
  const { t } = useTranslation("workflows");
  return (
    <Badge variant="light" color={role === "client" ? "teal" : "gray"} miw="max-content">
      {t(`role.${role}`)}
    </Badge>
  );
}

export function CourtBadge() {
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
      className={classes.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
    >
      <div
        className={classes.progressBar}
        style={{ inlineSize: `${percent}%` }}
        data-overdue={overdue > 0 || undefined}
      />
    </div>
  );
}
