import type { Supabase } from "~/lib/database";
import type { ContactMessage } from "./schemas";

/**
 * Stores a contact-form message in `contact_messages`. Anyone may insert (the row records the
 * signed-in user, if any, through the column's `auth.uid()` default); only admins can read them,
 * so the insert asks for no representation back. Returns false when the database refused it.
 */
export async function storeContactMessage(supabase: Supabase, message: ContactMessage): Promise<boolean> {
  const { error } = await supabase.from("contact_messages").insert({
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
  });
  if (error) console.error("contact message not stored:", error.code, error.message);
  return !error;
}
