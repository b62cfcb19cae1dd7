import { data, redirect } from "react-router";
import { storeReaderLanguage } from "~/features/notifications/reader-language.server";
import { preferenceCookie } from "~/lib/cookies";
import { parseForm } from "~/lib/form.server";
import { isLanguage, LANGUAGE_COOKIE, type Language } from "~/lib/i18n/languages";
import { redirectWithToast } from "~/lib/responses.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { z } from "~/lib/zod-jitless";
import type { Route } from "./+types/language";

/** The language menu's form: one of the app's languages (and where to go back to, as posted). */
const languageFormSchema = z.object({ lng: z.custom<Language>(isLanguage) });

/**
 * Sets the language cookie. A plain form post (no JavaScript, or a page that ships none: ADR 0015)
 * is sent back to `returnTo` with any `?lng=` removed so the cookie decides, and the page it lands
 * on shows the outcome as a toast (spec §4); a script gets JSON. Unknown languages are refused.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, languageFormSchema);
  const returnTo = submission.payload.returnTo;
  if (submission.status !== "success") {
    if (typeof returnTo === "string") {
      throw redirectWithToast(safeRedirectPath(returnTo), {
        kind: "error",
        message: "common:language.error",
      });
    }
    return data({ error: "unsupported language" }, { status: 400 });
  }
  const { lng } = submission.value;
  const headers = { "Set-Cookie": preferenceCookie(LANGUAGE_COOKIE, lng) };
  // The signed-in person's e-mails follow their language (issue 18 item 2).
  await storeReaderLanguage(context, lng);
  if (typeof returnTo === "string") {
    const target = new URL(safeRedirectPath(returnTo), "http://local");
    target.searchParams.delete("lng");
    throw redirectWithToast(
      `${target.pathname}${target.search}${target.hash}`,
      { kind: "success", message: "common:language.changed" },
      { headers },
    );
  }
  return data({ lng }, { headers });
}

export function loader() {
  throw redirect("/");
}
