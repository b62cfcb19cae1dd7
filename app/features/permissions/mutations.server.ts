import type { AccessLevel } from "~/lib/access";
import type { Supabase } from "~/lib/database";
import { done, type Outcome, refused, refusedBy } from "~/lib/errors";
import { NO_FIRM } from "./permission-query";
import type { AccessChange } from "./schemas";

/**
 * Sets a person's level and firm. The database judges everything (ADR 0010, 0025): oneself, who
 * may make whom what, unknown values, the last super user; its code comes back as the outcome.
 */
export async function changeAccess(supabase: Supabase, change: AccessChange): Promise<Outcome> {
  const { data, error } = await supabase
    .from("users")
    .update({
      // Not narrowed here on purpose: an unknown level is the database's to refuse, with its code.
      access_level: change.accessLevel as AccessLevel,
      law_firm: change.lawFirm === NO_FIRM ? null : change.lawFirm,
    })
    .eq("uuid", change.userId)
    .select("uuid");
  if (error) {
    return refusedBy(error, {
      notAllowed: "user:privileges_by_admin",
      notFound: "user:unknown_firm",
      refused: "user:unknown_level",
      failed: "user:save_failed",
    });
  }
  // Row level security hid the row: nobody of that id that this person may change.
  return data.length === 0 ? refused("user:not_found") : done();
}
