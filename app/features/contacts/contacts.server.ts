import type { SupabaseClient } from "@supabase/supabase-js";
import { type Contact, presenceOf } from "./contact";

/** How many contacts the header's popover lists. */
export const CONTACTS_LIMIT = 20;

/** A row of `public.list_contacts` (supabase/migrations/20261123000200_contacts.sql). */
type ContactRow = {
  id: string;
  name: string;
  avatar_url: string | null;
  last_activity: string | null;
};

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
 * The people the signed-in user may see (firm colleagues, public profiles; admins everyone),
 * most recently active first, with their presence. A failure is logged and gives no contacts.
 */
export async function listContacts(supabase: SupabaseClient): Promise<Contact[]> {
  const { data, error } = await supabase.rpc("list_contacts", { max_rows: CONTACTS_LIMIT });
  if (error) {
    console.error("Failed to fetch contacts", error.message);
    return [];
  }
  const now = new Date();
  return ((data ?? []) as ContactRow[]).map((row) => toContact(row, now));
}
