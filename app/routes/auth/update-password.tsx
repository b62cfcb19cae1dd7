import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { DEFAULT_SIGNED_IN_PATH, getAuth } from "~/features/auth/auth.server";
import { UpdatePasswordPage } from "~/features/auth/components/auth-pages";
import { updatePassword } from "~/features/auth/mutations.server";
import { updatePasswordSchema } from "~/features/auth/schemas";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getInstance } from "~/lib/i18n/i18n.server";
import { redirectWithToast } from "~/lib/responses.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/update-password";

export function loader({ context }: Route.LoaderArgs) {
  return data({
    title: getInstance(context).getFixedT(null, "auth")("update.metaTitle"),
    signedIn: getAuth(context).user !== null,
    constraint: formConstraint(updatePasswordSchema),
  });
}

/** Static: a form that posts, validated by the server (ADR 0023); no JavaScript, kept rendered (ADR 0022). */
export const handle = { hydrate: false, sameForEveryone: true };

export const meta: Route.MetaFunction = pageMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, updatePasswordSchema);
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const auth = getAuth(context);
  if (!auth.user)
    return data(submission.reply({ formErrors: ["errors.sessionMissing"], hideFields }), { status: 401 });
  const outcome = await updatePassword(auth.supabase, submission.value.password);
  if (!outcome.ok) {
    return data(
      submission.reply({ formErrors: outcome.formErrors, fieldErrors: outcome.fieldErrors, hideFields }),
      {
        status: outcome.status,
      },
    );
  }
  // An invitee goes on to their profile (auth/confirm puts it in `next`); anyone else to the dashboard.
  const next = safeRedirectPath(new URL(request.url).searchParams.get("next"), DEFAULT_SIGNED_IN_PATH);
  throw redirectWithToast(next, {
    kind: "success",
    message: "auth:notices.passwordUpdated",
  });
}

export default function UpdatePasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <UpdatePasswordPage
      lastResult={actionData}
      signedIn={loaderData.signedIn}
      constraint={loaderData.constraint}
    />
  );
}
