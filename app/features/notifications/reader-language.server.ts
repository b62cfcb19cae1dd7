import type { RouterContextProvider } from "react-router";
import { getAuth } from "~/features/auth/auth.server";
import type { Language } from "~/lib/i18n/languages";

/**
 * Stores the signed-in person's language (public.set_my_locale), so what the system writes to
 * them without the app — their notification e-mails — is in it. A visitor has nothing to store;
 * a failure is logged only: the language switch itself still works.
 */
export async function storeReaderLanguage(
  context: Readonly<RouterContextProvider>,
  language: Language,
): Promise<void> {
  const { user, supabase } = getAuth(context);
  if (!user) return;
  const { error } = await supabase.rpc("set_my_locale", { p_locale: language });
  if (error) console.error("Failed to store the person's language", error.message);
}
