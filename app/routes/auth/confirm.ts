import { redirect } from "react-router";
import { getAuth, SIGN_IN_PATH } from "~/features/auth/auth.server";
import { verifyInvitation } from "~/features/auth/mutations.server";
import type { Route } from "./+types/confirm";

const UPDATE_PASSWORD_PATH = "/auth/supabase/update-password";

/**
 * Where an invitation e-mail's link lands (`?token_hash=…&type=invite`, supabase/templates/invite.html):
 * the server verifies the token, which signs the invitee in (cookies by the session middleware),
 * then they choose a password and go on to their own profile to complete it. Works without
 * JavaScript. A used, expired or forged link leads to sign-in with a notice.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tokenHash = url.searchParams.get("token_hash");
  if (!tokenHash || tokenHash.length > 512 || url.searchParams.get("type") !== "invite") {
    throw redirect(`${SIGN_IN_PATH}?notice=errors.linkInvalid`);
  }
  const outcome = await verifyInvitation(getAuth(context).supabase, tokenHash);
  if (!outcome.ok) throw redirect(`${SIGN_IN_PATH}?notice=errors.linkInvalid`);
  const next = `/dashboard/lawyer_user/${outcome.userId}/edit`;
  throw redirect(`${UPDATE_PASSWORD_PATH}?${new URLSearchParams({ next })}`);
}
