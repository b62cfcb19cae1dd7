/** Presence of a contact (spec §4 demo enumeration; "alway" is the spec's spelling of "away"). */
const CONTACT_STATUSES = ["online", "offline", "alway", "busy"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** A person shown in the header's contacts popover (spec §3 Contact). */
export type Contact = {
  id: string;
  name: string;
  status: ContactStatus;
  avatarUrl: string | null;
  /** ISO timestamp of the last sign-in, null when the person never signed in. */
  lastActivity: string | null;
};

const MINUTE_MS = 60_000;
/** Signed in this recently: online. */
export const ONLINE_WITHIN_MS = 15 * MINUTE_MS;
/** Signed in this recently (but not online): away. */
export const AWAY_WITHIN_MS = 2 * 60 * MINUTE_MS;

/**
 * Presence from the last activity: online within 15 minutes, away within 2 hours, otherwise (or
 * never, or an unreadable date) offline. A time slightly in the future (clock skew) is online.
 */
export function presenceOf(lastActivity: string | null, now: Date): ContactStatus {
  if (!lastActivity) return "offline";
  const at = Date.parse(lastActivity);
  if (Number.isNaN(at)) return "offline";
  const elapsed = now.getTime() - at;
  if (elapsed <= ONLINE_WITHIN_MS) return "online";
  if (elapsed <= AWAY_WITHIN_MS) return "alway";
  return "offline";
}

/** How many of the contacts are online now (the header's presence dot). */
export function onlineCount(contacts: readonly Pick<Contact, "status">[]): number {
  return contacts.filter((contact) => contact.status === "online").length;
}
