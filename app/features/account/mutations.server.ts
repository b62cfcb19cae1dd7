import { createClient } from "@supabase/supabase-js";
import type { Database, Supabase } from "~/lib/database";
import { done, type Outcome, refused, refusedBy } from "~/lib/errors";

/** Saves the person's own names and `is_public` (RLS: their own row; ADR 0010 says who writes what). */
export async function saveGeneral(
  supabase: Supabase,
  userId: string,
  values: { first_name: string; last_name: string; is_public: boolean },
): Promise<Outcome> {
  const { data, error } = await supabase
    .from("users")
    .update({ first_name: values.first_name, last_name: values.last_name, is_public: values.is_public })
    .eq("uuid", userId)
    .select("uuid");
  if (error) return refusedBy(error, { failed: "account:update_failed" });
  return data.length === 0 ? refused("user:not_found") : done();
}

/**
 * Whether `password` is the person's current password: a sign-in on a client of its own, whose
 * session is ended at once, so the person's own session and cookies are untouched. Supabase Auth's
 * `PUT /user` does not ask for the current password unless "secure password change" is on.
 */
export async function isCurrentPassword(
  env: { SUPABASE_URL: string; SUPABASE_ANON_KEY: string },
  email: string,
  password: string,
): Promise<boolean> {
  const probe = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { error } = await probe.auth.signInWithPassword({ email, password });
  if (error) return false;
  await probe.auth.signOut({ scope: "local" });
  return true;
}

/** Ends every other session of the person (Auth `POST /logout?scope=others`); this one stays. */
export async function signOutOthers(supabase: Supabase): Promise<Outcome> {
  const { error } = await supabase.auth.signOut({ scope: "others" });
  return error ? refused("auth:sign_out_failed") : done();
}

/**
 * Asks Auth to move the person's e-mail to `email`: with "secure e-mail change" (Supabase's
 * default, and supabase/local's) a link goes to the current and to the new address, and the
 * address changes once both are followed. The links land on the auth callback, then here.
 */
export async function requestEmailChange(
  supabase: Supabase,
  email: string,
  redirectTo: string,
): Promise<Outcome> {
  const { error } = await supabase.auth.updateUser({ email }, { emailRedirectTo: redirectTo });
  return error ? refused("account:update_failed") : done();
}

/** Sets the person's new password (after isCurrentPassword). */
export async function setPassword(supabase: Supabase, password: string): Promise<Outcome> {
  const { error } = await supabase.auth.updateUser({ password });
  return error ? refused("account:update_failed") : done();
}
