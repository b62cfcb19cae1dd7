import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";
import { loadDayjsLocale } from "~/lib/i18n/dayjs";
import type { Contact } from "./contact";

dayjs.extend(relativeTime);

/** A contact with their last activity written for the reader ("5 minutes ago"); null when never. */
export type SeenContact = Contact & { lastSeen: string | null };

/**
 * The contacts with their last activity written in `language`'s date locale, relative to `now`.
 * Written on the server, as the notifications' times are: the first HTML (also without
 * JavaScript) and the hydrated page agree, and the browser needs no date library for it.
 */
export async function withLastSeen(
  contacts: Contact[],
  language: string,
  now = new Date(),
): Promise<SeenContact[]> {
  const dateLocale = await loadDayjsLocale(language);
  return contacts.map((contact) => ({
    ...contact,
    lastSeen: contact.lastActivity ? dayjs(contact.lastActivity).locale(dateLocale).from(now) : null,
  }));
}
