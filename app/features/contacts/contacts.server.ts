import type { FunctionReturns } from "~/lib/database";
import { type Contact, presenceOf } from "./contact";

/** How many contacts the header's popover lists. */
export const CONTACTS_LIMIT = 20;

/** A row of `public.list_contacts` (supabase/migrations/20261123000200_contacts.sql). */
export type ContactRow = FunctionReturns<"list_contacts">[number];

function toContact(row: ContactRow, now: Date): Contact {
  return {
    id: row.id,
    name: row.name,
    status: presenceOf(row.last_activity, now),
    avatarUrl: row.avatar_url,
    lastActivity: row.last_activity,
  };
}

/**
 * The people the signed-in user may see (firm colleagues, public profiles; admins everyone), most
 * recently active first as `list_contacts` gives them (read with the shell's data,
 * `readDashboardShell`), with their presence as of now.
 */
export function contactsOf(rows: ContactRow[]): Contact[] {
  const now = new Date();
  return rows.map((row) => toContact(row, now));
}
