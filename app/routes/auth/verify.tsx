import { data, redirect } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth } from "~/features/auth/auth.server";
import { VerifyPage } from "~/features/auth/components/auth-pages";
import { resendConfirmation } from "~/features/auth/mutations.server";
import { resendSchema } from "~/features/auth/schemas";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getInstance } from "~/lib/i18n/i18n.server";
import { pageUrl } from "~/lib/page-url";
import type { Route } from "./+types/verify";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const email = resendSchema.safeParse({ email: url.searchParams.get("email") ?? undefined });
  return data({
    title: getInstance(context).getFixedT(null, "auth")("verify.metaTitle"),
    email: email.success ? email.data.email : null,
    resent: url.searchParams.get("resent") === "1",
    constraint: formConstraint(resendSchema),
  });
}

/** Static: a form that posts, validated by the server (ADR 0023); no JavaScript, kept rendered (ADR 0022). */
export const handle = { hydrate: false, sameForEveryone: true };

export const meta: Route.MetaFunction = pageMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, resendSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const url = pageUrl(request);
  const outcome = await resendConfirmation(getAuth(context).supabase, submission.value.email, url.origin);
  if (!outcome.ok)
    return data(submission.reply({ formErrors: outcome.formErrors }), { status: outcome.status });
  throw redirect(`${url.pathname}?${new URLSearchParams({ email: submission.value.email, resent: "1" })}`);
}

export default function VerifyRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <VerifyPage
      email={loaderData.email}
      resent={loaderData.resent}
      lastResult={actionData}
      constraint={loaderData.constraint}
    />
  );
}
