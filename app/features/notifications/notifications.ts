/** The notification types of the product (spec §3), in the order filters and preferences list them. */
export const NOTIFICATION_TYPES = ["task_assignment", "appointment", "case_update", "payment"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The media a person can receive a notification type on (spec §3 preferences). */
export const NOTIFICATION_MEDIA = ["in_app", "email", "sms"] as const;
export type NotificationMedium = (typeof NOTIFICATION_MEDIA)[number];

/** What a preference means when the person never chose (no row): in-app only. */
export const DEFAULT_PREFERENCE: Record<NotificationMedium, boolean> = {
  in_app: true,
  email: false,
  sms: false,
};

/** The tabs, in the spec's order: All (0), Unread (1), Archived (2). */
export const NOTIFICATION_TABS = ["all", "unread", "archived"] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

/** The category that marks a notification archived (spec §3). */
export const ARCHIVED_CATEGORY = "Archived";

export const NOTIFICATIONS_PAGE_SIZE = 10;

export type TabCounts = Record<NotificationTab, number>;

/** The minimum a notification needs for counting and filtering. */
type Countable = { isUnread: boolean; category: string | null };

function inTab(item: Countable, tab: NotificationTab): boolean {
  if (tab === "unread") return item.isUnread;
  if (tab === "archived") return item.category === ARCHIVED_CATEGORY;
  return true;
}

/** The badge counts of the three tabs for a list of notifications. */
export function tabCounts(items: readonly Countable[]): TabCounts {
  return {
    all: items.length,
    unread: items.filter((item) => inTab(item, "unread")).length,
    archived: items.filter((item) => inTab(item, "archived")).length,
  };
}

/** Adds notifications that arrived live to counts the server computed. */
export function addToCounts(counts: TabCounts, arrived: readonly Countable[]): TabCounts {
  const extra = tabCounts(arrived);
  return {
    all: counts.all + extra.all,
    unread: counts.unread + extra.unread,
    archived: counts.archived + extra.archived,
  };
}

/** The notifications of one tab. */
export function filterTab<Item extends Countable>(items: readonly Item[], tab: NotificationTab): Item[] {
  return items.filter((item) => inTab(item, tab));
}

/**
 * New arrivals first, then the known list, each notification once (a live insert may also come
 * back in the next server list).
 */
export function mergeArrivals<Item extends { id: string }>(
  arrivals: readonly Item[],
  known: readonly Item[],
): Item[] {
  const seen = new Set<string>();
  const merged: Item[] = [];
  for (const item of [...arrivals, ...known]) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    merged.push(item);
  }
  return merged;
}

/** The notifications page's URL state: tab, type filter and page, each falling back on its own. */
export type NotificationListParams = { tab: NotificationTab; type: NotificationType | null; page: number };

export function parseListParams(search: URLSearchParams): NotificationListParams {
  const tab = NOTIFICATION_TABS.find((value) => value === search.get("tab")) ?? "all";
  const type = NOTIFICATION_TYPES.find((value) => value === search.get("type")) ?? null;
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  return { tab, type, page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

/** Text made safe to place in HTML. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The translation function of the notifications namespace (react-i18next's `t`, narrowed). */
type NotificationTranslate = (key: string, options: Record<string, unknown>) => string;

/** Parameters that name a value the reader's language translates (as the database's e-mails do). */
const TRANSLATED_PARAMS: Record<string, string> = { status: "caseStatuses", role: "caseRoles" };

/**
 * A notification's title as HTML in the reader's language: its event's text in
 * locales/<lng>/notifications.json (`events.<event>`) with the parameters HTML-escaped (a status
 * or a role translated first); the stored title when there is no event or no text for it. What
 * people wrote (a name, a case's title) is a `<bdi>`, so it keeps its own direction in a sentence
 * of the other one. The texts are the app's own, so the result needs no sanitiser; the stored
 * title was sanitised.
 */
export function notificationTitleHtml(
  item: { title: string; event: string | null; params: Record<string, string> },
  t: NotificationTranslate,
): string {
  if (!item.event) return item.title;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(item.params)) {
    const section = TRANSLATED_PARAMS[name];
    const text = section ? t(`${section}.${value}`, { defaultValue: value }) : value;
    values[name] = section ? escapeHtml(text) : `<bdi>${escapeHtml(text)}</bdi>`;
  }
  const html = t(`events.${item.event}`, {
    ...values,
    defaultValue: "",
    interpolation: { escapeValue: false },
  });
  return html || item.title;
}

/** One notification as the app shows it (spec §3 notifications). `title` is HTML. */
export type NotificationItem = {
  id: string;
  title: string;
  type: string;
  category: string | null;
  isUnread: boolean;
  createdAt: string;
  avatarUrl: string | null;
  /** What happened, rendered in the reader's language (notificationTitleHtml); null: `title` as it is. */
  event: string | null;
  params: Record<string, string>;
  /** Where the notification leads (a path on the site), or null. */
  link: string | null;
};
