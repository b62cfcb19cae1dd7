import type { Supabase } from "~/lib/database";
import { done, type Outcome, refusedBy } from "~/lib/errors";
import type { ContactMessage } from "./schemas";

/**
 * Stores a contact-form message in `contact_messages`. Anyone may insert (the row records the
 * signed-in user, if any, through the column's `auth.uid()` default); only admins can read them,
 * so the insert asks for no representation back.
 */
export async function storeContactMessage(supabase: Supabase, message: ContactMessage): Promise<Outcome> {
  const { error } = await supabase.from("contact_messages").insert({
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
  });
  return error ? refusedBy(error, { failed: "contact:send_failed" }) : done();
}
