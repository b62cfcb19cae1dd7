import { redirect } from "react-router";
import { DEFAULT_SIGNED_IN_PATH, getAuth, SIGN_IN_PATH } from "~/features/auth/auth.server";
import { exchangeCode } from "~/features/auth/mutations.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/callback";

/**
 * Where Auth's e-mail links land (`?code=` of the PKCE flow): the code becomes a session, written
 * to the cookies by the session middleware, and the person goes on to `next` (a local path). A
 * missing, used or expired code, or one opened in another browser, leads to sign-in with a notice.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("code");
  const next = safeRedirectPath(url.searchParams.get("next"), DEFAULT_SIGNED_IN_PATH);
  if (!code || code.length > 512) throw redirect(`${SIGN_IN_PATH}?notice=errors.linkInvalid`);
  const outcome = await exchangeCode(getAuth(context).supabase, code);
  if (!outcome.ok) throw redirect(`${SIGN_IN_PATH}?notice=errors.linkInvalid`);
  throw redirect(next);
}
