import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth } from "~/features/auth/auth.server";
import { ContactPage } from "~/features/contact/components/contact-page";
import { storeContactMessage } from "~/features/contact/contact.server";
import { contactSchema } from "~/features/contact/schemas";
import { parseForm } from "~/lib/form.server";
import { getInstance } from "~/lib/i18n/i18n.server";
import { formRefusal } from "~/lib/responses.server";
import type { Route } from "./+types/contact-us";

/**
 * Static (ADR 0023): the form posts and the server validates it; the forms' island sends it once.
 * The same for every visitor without a session (ADR 0022).
 */
export const handle = { i18n: ["contact", "errors"], hydrate: false, sameForEveryone: true };

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(null, "contact");
  return data({ title: t("meta.title"), description: t("meta.description") });
}

export const meta: Route.MetaFunction = pageMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, contactSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const message = submission.value;
  const outcome = await storeContactMessage(getAuth(context).supabase, message);
  if (!outcome.ok) return formRefusal(submission, outcome.code);
  return data({ sender: { name: message.name, email: message.email } });
}

export default function ContactRoute({ actionData }: Route.ComponentProps) {
  const sender = actionData && "sender" in actionData ? actionData.sender : undefined;
  const lastResult = actionData && !("sender" in actionData) ? actionData : undefined;
  return <ContactPage lastResult={lastResult} sender={sender} />;
}
