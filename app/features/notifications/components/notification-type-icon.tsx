import {
  IconBell,
  IconBriefcase,
  IconCalendarEvent,
  IconChecklist,
  IconCreditCard,
  IconUserCircle,
} from "@tabler/icons-react";

const TYPE_ICONS = {
  task_assignment: IconChecklist,
  appointment: IconCalendarEvent,
  case_update: IconBriefcase,
  payment: IconCreditCard,
  account: IconUserCircle,
} as const;

/** The icon of a notification type (spec §3: task_assignment, appointment, case_update, payment; and account messages). */
export function NotificationTypeIcon({ type, size = 20 }: { type: string; size?: number }) {
  const Icon = TYPE_ICONS[type as keyof typeof TYPE_ICONS] ?? IconBell;
  return <Icon size={size} stroke={1.7} aria-hidden />;
}
