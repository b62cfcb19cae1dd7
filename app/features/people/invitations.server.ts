import { FunctionsHttpError } from "@supabase/supabase-js";
import type { Supabase } from "~/lib/database";
import { done, isErrorCode, type Outcome, refused } from "~/lib/errors";
import type { InviteFormValue } from "./schemas";

/** What an invitation did: a new account invited, an existing one added, or nothing to do. */
type InvitationResult = { status: "invited" | "added" | "already_member"; userId: string };

/**
 * Invites a lawyer into a firm through the `invite-lawyer` Edge Function, as the signed-in person
 * (their JWT): the function checks their level and firm and alone holds the service role, so the
 * Worker's request path never does. The e-mail's link leads to `redirectTo` (the app's /auth/confirm).
 */
export async function inviteLawyer(
  supabase: Supabase,
  value: InviteFormValue,
  redirectTo: string,
): Promise<Outcome<InvitationResult>> {
  const { data, error } = await supabase.functions.invoke("invite-lawyer", {
    body: { ...value, redirect_to: redirectTo },
  });
  if (error instanceof FunctionsHttpError) {
    const answer = (await (error.context as Response).json().catch(() => ({}))) as { code?: unknown };
    return refused(isErrorCode(answer.code) ? answer.code : "invitation:failed");
  }
  const result = data as { status?: string; user_id?: string } | null;
  if (error || !result?.user_id) {
    console.error("invite-lawyer failed", error?.message);
    return refused("invitation:failed");
  }
  const status = result.status === "added" || result.status === "already_member" ? result.status : "invited";
  return done({ status, userId: result.user_id });
}
