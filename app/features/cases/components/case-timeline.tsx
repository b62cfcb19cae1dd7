import { Text, Timeline } from "@mantine/core";
import {
  IconArrowsExchange,
  IconCheck,
  IconEdit,
  IconFilePlus,
  IconFileText,
  IconId,
  IconSend,
  IconUserMinus,
  IconUserPlus,
  IconUsers,
  IconX,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isCaseStatus } from "../cases";
import type { CaseActivityAction, TimelineEntry } from "../queries.server";
import { timelineStandIns } from "../timeline-people";
import { personLabel, SideCard } from "./case-page-details";

const ICON_SIZE = 14;

const ACTION_ICON: Record<CaseActivityAction, ReactNode> = {
  created: <IconFilePlus size={ICON_SIZE} />,
  updated: <IconEdit size={ICON_SIZE} />,
  status_changed: <IconArrowsExchange size={ICON_SIZE} />,
  contact_updated: <IconId size={ICON_SIZE} />,
  proposal_submitted: <IconSend size={ICON_SIZE} />,
  proposal_updated: <IconFileText size={ICON_SIZE} />,
  proposal_withdrawn: <IconX size={ICON_SIZE} />,
  proposal_declined: <IconX size={ICON_SIZE} />,
  proposal_accepted: <IconCheck size={ICON_SIZE} />,
  member_added: <IconUserPlus size={ICON_SIZE} />,
  member_removed: <IconUserMinus size={ICON_SIZE} />,
  member_role_changed: <IconUsers size={ICON_SIZE} />,
};

const ACTION_COLOR: Partial<Record<CaseActivityAction, string>> = {
  proposal_accepted: "teal",
  proposal_declined: "red",
  proposal_withdrawn: "gray",
  status_changed: "violet",
};

/** One event told as a sentence in the reader's language. */
function useSentence() {
  const { t } = useTranslation("case-detail");
  const { t: tc } = useTranslation("cases");
  const statusLabel = (value: string | null) => (isCaseStatus(value) ? tc(`status.${value}`) : (value ?? ""));
  const roleLabel = (value: string | null) =>
    value ? tc(`memberRole.${value}`, { defaultValue: value }) : "";
  return (entry: TimelineEntry) => {
    const standIn = timelineStandIns(entry);
    const actor = personLabel(t, entry.actor, standIn.actor);
    const subject = personLabel(t, entry.subject ?? entry.actor, standIn.subject);
    const subjectInSentence = entry.subject?.isYou
      ? t("people.youInSentence")
      : (entry.subject?.name ?? t(standIn.subjectInSentence));
    const fields = entry.fields
      .map((field) => t(`timeline.fields.${field}`, { defaultValue: field.replaceAll("_", " ") }))
      .join(", ");
    switch (entry.action) {
      case "created":
        return t("timeline.created", { actor, status: statusLabel(entry.to) });
      case "updated":
        return t("timeline.updated", { actor, fields });
      case "status_changed":
        return t("timeline.status_changed", {
          actor,
          from: statusLabel(entry.from),
          to: statusLabel(entry.to),
        });
      case "contact_updated":
        return t("timeline.contact_updated", { actor, fields });
      case "proposal_submitted":
      case "proposal_updated":
      case "proposal_withdrawn":
        return t(`timeline.${entry.action}`, { lawyer: subject });
      case "proposal_declined":
      case "proposal_accepted":
        return t(`timeline.${entry.action}`, { actor, lawyer: subjectInSentence });
      case "member_added":
      case "member_removed":
        return t(`timeline.${entry.action}`, { member: subject, role: roleLabel(entry.role) });
      case "member_role_changed":
        return t("timeline.member_role_changed", {
          member: subject,
          from: roleLabel(entry.from),
          to: roleLabel(entry.to),
        });
    }
  };
}

/** The case's history, newest first (written by the database's triggers). */
export function CaseTimeline({ entries }: { entries: TimelineEntry[] }) {
  const { t } = useTranslation("case-detail");
  const sentence = useSentence();
  return (
    <SideCard title={t("sections.timeline")} testId="case-timeline">
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("timeline.empty")}
        </Text>
      ) : (
        <Timeline bulletSize={24} lineWidth={2} active={entries.length}>
          {entries.map((entry) => (
            <Timeline.Item
              key={entry.id}
              bullet={ACTION_ICON[entry.action]}
              color={ACTION_COLOR[entry.action]}
              data-action={entry.action}
            >
              <Text size="sm">{sentence(entry)}</Text>
              <Text size="xs" c="dimmed" mt={2}>
                <time dateTime={entry.at.iso}>{entry.at.text}</time>
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </SideCard>
  );
}
