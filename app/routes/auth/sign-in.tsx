import { data, redirect } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, signedInDestination } from "~/features/auth/auth.server";
import { SignInPage } from "~/features/auth/components/auth-pages";
import { demoAccountsFor } from "~/features/auth/demo-accounts.server";
import { signIn } from "~/features/auth/mutations.server";
import { signInSchema } from "~/features/auth/schemas";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getInstance } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/sign-in";

const NOTICES = new Set(["notices.signedOut", "notices.passwordUpdated", "errors.linkInvalid"]);

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const notice = url.searchParams.get("notice");
  const t = getInstance(context).getFixedT(null, "auth");
  return data({
    title: t("signIn.metaTitle"),
    returnTo: url.searchParams.get("returnTo"),
    notice: notice && NOTICES.has(notice) ? notice : null,
    ...demoAccountsFor(context),
    constraint: formConstraint(signInSchema),
  });
}

/** Static: a form that posts, validated by the server (ADR 0023); no JavaScript, kept rendered (ADR 0022). */
export const handle = { hydrate: false, sameForEveryone: true };

export const meta: Route.MetaFunction = pageMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, signInSchema);
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { email, password, returnTo } = submission.value;
  const outcome = await signIn(getAuth(context).supabase, email, password);
  if (!outcome.ok) {
    return data(submission.reply({ formErrors: outcome.formErrors, hideFields: ["password"] }), {
      status: outcome.status,
    });
  }
  throw redirect(signedInDestination(returnTo));
}

export default function SignInRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignInPage
      lastResult={actionData}
      returnTo={loaderData.returnTo}
      notice={loaderData.notice}
      demoAccounts={loaderData.demoAccounts}
      demoPassword={loaderData.demoPassword}
      constraint={loaderData.constraint}
    />
  );
}
