import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth } from "~/features/auth/auth.server";
import { ResetPasswordPage } from "~/features/auth/components/auth-pages";
import { requestPasswordReset } from "~/features/auth/mutations.server";
import { resetPasswordSchema } from "~/features/auth/schemas";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getInstance } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/reset-password";

export function loader({ context }: Route.LoaderArgs) {
  return data({
    title: getInstance(context).getFixedT(null, "auth")("reset.metaTitle"),
    constraint: formConstraint(resetPasswordSchema),
  });
}

/** Static: a form that posts, validated by the server (ADR 0023); no JavaScript, kept rendered (ADR 0022). */
export const handle = { hydrate: false, sameForEveryone: true };

export const meta: Route.MetaFunction = pageMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, resetPasswordSchema);
  if (submission.status !== "success")
    return data({ reply: submission.reply(), sentTo: null }, { status: 400 });
  const { email } = submission.value;
  const outcome = await requestPasswordReset(getAuth(context).supabase, email, new URL(request.url).origin);
  if (!outcome.ok) {
    return data(
      { reply: submission.reply({ formErrors: outcome.formErrors }), sentTo: null },
      { status: outcome.status },
    );
  }
  return data({ reply: submission.reply({ resetForm: true }), sentTo: email });
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResetPasswordPage
      lastResult={actionData?.reply}
      sentTo={actionData?.sentTo ?? null}
      constraint={loaderData.constraint}
    />
  );
}
