import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { WorkflowRole } from "../workflows";

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

/** Long titles break anywhere rather than widen a table (inline: the pages add no stylesheet). */
export const WRAP = { overflowWrap: "anywhere" } as const;
/** Text people wrote keeps its line breaks. */
export const PLAIN_TEXT = { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } as const;
/** A table's box: on a phone the table (at least 640 px) scrolls sideways. */
export const SCROLL_X = { overflowX: "auto" } as const;
