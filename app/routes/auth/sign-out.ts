import { redirect } from "react-router";
import { getAuth, SIGN_IN_PATH } from "~/features/auth/auth.server";
import { signOut } from "~/features/auth/mutations.server";
import { signOutSchema } from "~/features/auth/schemas";
import { parseForm } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/responses.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/sign-out";

/**
 * Sign-out (the account drawer's Logout button posts here). On success the cookies are cleared and
 * the person lands on sign-in; on failure they go back where they were with "Unable to logout!".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, signOutSchema);
  const auth = getAuth(context);
  const outcome = await signOut(auth.supabase);
  if (!outcome.ok) {
    throw redirectWithToast(safeRedirectPath(submission.payload.returnTo, "/dashboard"), "auth:sign_out_failed");
  }
  auth.clearSession();
  throw redirect(`${SIGN_IN_PATH}?notice=notices.signedOut`);
}

export function loader() {
  throw redirect(SIGN_IN_PATH);
}
