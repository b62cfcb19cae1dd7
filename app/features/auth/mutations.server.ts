import type { AuthError } from "@supabase/supabase-js";
import type { Supabase } from "~/lib/database";
import { DEFAULT_SIGNED_IN_PATH } from "./auth.server";
import { displayNameOf } from "./schemas";

const UPDATE_PASSWORD_PATH = "/auth/supabase/update-password";

/** A failed auth call, as keys of the `auth` namespace for the form (and the HTTP status to send). */
type AuthFailure = { status: number; formErrors: string[]; fieldErrors?: Record<string, string[]> };

type Outcome = { ok: true } | ({ ok: false } & AuthFailure);

const WEAK_PASSWORD_REASONS = new Set(["length", "characters", "pwned"]);

/** Maps an Auth error to the message the person sees; unknown errors get a generic one. */
export function describeAuthError(error: AuthError): AuthFailure {
  const code = error.code ?? "";
  if (error.status === 429 || code.startsWith("over_"))
    return { status: 429, formErrors: ["errors.rateLimited"] };
  if (code === "invalid_credentials") return { status: 400, formErrors: ["errors.invalidCredentials"] };
  if (code === "email_not_confirmed") return { status: 400, formErrors: ["errors.emailNotConfirmed"] };
  if (code === "user_already_exists" || code === "email_exists")
    return { status: 400, formErrors: ["errors.userExists"] };
  if (code === "same_password")
    return { status: 400, formErrors: [], fieldErrors: { password: ["errors.samePassword"] } };
  if (code === "weak_password") {
    const reasons = ((error as AuthError & { reasons?: string[] }).reasons ?? []).filter((reason) =>
      WEAK_PASSWORD_REASONS.has(reason),
    );
    return {
      status: 422,
      formErrors: [],
      fieldErrors: {
        password:
          reasons.length > 0
            ? reasons.map((reason) => `errors.weakPassword.${reason}`)
            : ["errors.weakPassword.length"],
      },
    };
  }
  if (code === "session_not_found" || error.name === "AuthSessionMissingError")
    return { status: 401, formErrors: ["errors.sessionMissing"] };
  if (error.status === undefined || error.status === 0 || error.status >= 500)
    return { status: 503, formErrors: ["errors.unavailable"] };
  return { status: 400, formErrors: ["errors.generic"] };
}

function fromError(error: AuthError | null): Outcome {
  return error ? { ok: false, ...describeAuthError(error) } : { ok: true };
}

/** Where Auth's e-mail links land: the callback exchanges the code, then goes to `next`. */
function callbackUrl(origin: string, next: string): string {
  return `${origin}/auth/callback?${new URLSearchParams({ next })}`;
}

/** Signs in with e-mail and password; the session cookies are written by the middleware. */
export async function signIn(supabase: Supabase, email: string, password: string): Promise<Outcome> {
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  return fromError(error);
}

/**
 * Creates the account; the confirmation e-mail leads to the dashboard. Auth answers an address
 * already registered with a user without identities: "This user already exists" (spec §5).
 */
export async function signUp(
  supabase: Supabase,
  values: { firstName: string; lastName: string; email: string; password: string },
  origin: string,
): Promise<Outcome> {
  const { data, error } = await supabase.auth.signUp({
    email: values.email,
    password: values.password,
    options: {
      data: {
        display_name: displayNameOf(values.firstName, values.lastName),
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
      },
      emailRedirectTo: callbackUrl(origin, DEFAULT_SIGNED_IN_PATH),
    },
  });
  if (error) return fromError(error);
  if (data.user && (data.user.identities?.length ?? 0) === 0)
    return { ok: false, status: 400, formErrors: ["errors.userExists"] };
  return { ok: true };
}

/** Sends the confirmation e-mail again. */
export async function resendConfirmation(supabase: Supabase, email: string, origin: string) {
  const { error } = await supabase.auth.resend({
    type: "signup",
    email,
    options: { emailRedirectTo: callbackUrl(origin, DEFAULT_SIGNED_IN_PATH) },
  });
  return fromError(error);
}

/** Sends the reset e-mail whose link opens the update-password page. */
export async function requestPasswordReset(supabase: Supabase, email: string, origin: string) {
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: callbackUrl(origin, UPDATE_PASSWORD_PATH),
  });
  return fromError(error);
}

/** Sets a new password for the signed-in person. */
export async function updatePassword(supabase: Supabase, password: string): Promise<Outcome> {
  const { error } = await supabase.auth.updateUser({ password });
  return fromError(error);
}

/** Exchanges the code of an e-mail link (PKCE) for a session. */
export async function exchangeCode(supabase: Supabase, code: string): Promise<Outcome> {
  const { error } = await supabase.auth.exchangeCodeForSession(code);
  return fromError(error);
}

/**
 * Verifies an invitation link's token hash (the invite e-mail of supabase/templates/invite.html):
 * the invitee is signed in, the session cookies written by the middleware. Gives the person's id.
 */
export async function verifyInvitation(
  supabase: Supabase,
  tokenHash: string,
): Promise<{ ok: true; userId: string } | { ok: false }> {
  const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: "invite" });
  if (error || !data.user) return { ok: false };
  return { ok: true, userId: data.user.id };
}

/** Ends this browser's session. */
export async function signOut(supabase: Supabase): Promise<Outcome> {
  const { error } = await supabase.auth.signOut({ scope: "local" });
  return fromError(error);
}
