import { data, redirect } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth } from "~/features/auth/auth.server";
import { SignUpPage } from "~/features/auth/components/auth-pages";
import { signUp } from "~/features/auth/mutations.server";
import { signUpSchema } from "~/features/auth/schemas";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getInstance } from "~/lib/i18n/i18n.server";
import { pageUrl } from "~/lib/page-url";
import type { Route } from "./+types/sign-up";

export function loader({ context }: Route.LoaderArgs) {
  return data({
    title: getInstance(context).getFixedT(null, "auth")("signUp.metaTitle"),
    constraint: formConstraint(signUpSchema),
  });
}

/** Static: a form that posts, validated by the server (ADR 0023); no JavaScript, kept rendered (ADR 0022). */
export const handle = { hydrate: false, sameForEveryone: true };

export const meta: Route.MetaFunction = pageMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, signUpSchema);
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const url = pageUrl(request);
  const outcome = await signUp(getAuth(context).supabase, submission.value, url.origin);
  if (!outcome.ok) {
    return data(
      submission.reply({
        formErrors: outcome.formErrors,
        fieldErrors: outcome.fieldErrors,
        hideFields: ["password"],
      }),
      { status: outcome.status },
    );
  }
  const verify = url.pathname.replace(/sign-up$/, "verify");
  throw redirect(`${verify}?${new URLSearchParams({ email: submission.value.email })}`);
}

export default function SignUpRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SignUpPage lastResult={actionData} constraint={loaderData.constraint} />;
}
