import { IconCalendarDue, IconMapPin, IconMessage2, IconWallet } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { matchingLabel } from "~/features/cases/matching-labels";
import type { DateText } from "~/lib/i18n/format";
import { type CasePriority, type CaseStatus, casePaths, type PracticeArea } from "../cases";
import { CasePriorityBadge, CaseStatusBadge } from "./case-badges";
import classes from "./case-card.module.css";

/** A case as its card shows it: text already written on the server in the reader's language. */
export type CaseCardData = {
  id: string;
  reference: string;
  title: string;
  status: CaseStatus;
  priority: CasePriority;
  practiceArea: PracticeArea;
  jurisdiction: string;
  budget: string | null;
  neededBy: DateText | null;
  updated: DateText | null;
  /** The proposals the reader may see on the case; null where the list does not count them. */
  proposals: number | null;
};

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <p className={classes.fact}>
      {icon}
      <span className={classes.factLabel}>{label}</span>
      <span className={classes.factValue}>{children}</span>
    </p>
  );
}

/**
 * One case as a card (the list, the overview, the pipeline): reference, title, status and
 * priority, then what a lawyer or client scans for. The title is the link to the case; `compact`
 * keeps the pipeline's columns narrow (no budget and jurisdiction line). Plain elements with the
 * look of Mantine's Paper, Text and Anchor (case-card.module.css): pages render many cards.
 */
export function CaseCard({ item, compact = false }: { item: CaseCardData; compact?: boolean }) {
  const { t } = useTranslation(["cases", "case-list"]);
  const iconProps = { size: 16, stroke: 1.6, "aria-hidden": true, className: classes.icon };
  return (
    <article
      className={classes.card}
      data-compact={compact || undefined}
      data-testid="case-card"
      data-case-id={item.id}
      aria-labelledby={`case-card-${item.id}`}
    >
      <div className={classes.head}>
        <p className={classes.reference}>{item.reference}</p>
        <div className={classes.badges}>
          {compact ? null : <CaseStatusBadge value={item.status} size="sm" />}
          <CasePriorityBadge value={item.priority} size="sm" />
        </div>
      </div>
      <Link
        to={casePaths.view(item.id)}
        id={`case-card-${item.id}`}
        className={`mantine-focus-auto ${classes.title}`}
      >
        {item.title}
      </Link>
      <p className={classes.area}>{t(`cases:practiceArea.${item.practiceArea}`)}</p>
      {compact ? null : (
        <>
          <Fact icon={<IconMapPin {...iconProps} />} label={t("cases:field.jurisdiction")}>
            {matchingLabel(t, "jurisdiction", item.jurisdiction)}
          </Fact>
          <Fact icon={<IconWallet {...iconProps} />} label={t("cases:field.budget")}>
            {item.budget ?? t("cases:notSet")}
          </Fact>
        </>
      )}
      <Fact icon={<IconCalendarDue {...iconProps} />} label={t("cases:field.neededBy")}>
        {item.neededBy ? <time dateTime={item.neededBy.iso}>{item.neededBy.text}</time> : t("cases:notSet")}
      </Fact>
      {item.proposals === null ? null : (
        <Fact icon={<IconMessage2 {...iconProps} />} label={t("case-list:card.proposals")}>
          {item.proposals}
        </Fact>
      )}
    </article>
  );
}
