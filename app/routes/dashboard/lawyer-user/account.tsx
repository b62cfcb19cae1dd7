import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { accountTabOf } from "~/features/account/account-tabs";
import { AccountPage } from "~/features/account/components/account-page";
import {
  isCurrentPassword,
  requestEmailChange,
  saveGeneral,
  setPassword,
  signOutOthers,
} from "~/features/account/mutations.server";
import { readOwnAccount } from "~/features/account/queries.server";
import { emailSchema, generalSchema, passwordSchema } from "~/features/account/schemas";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { cloudflareContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { messageOf, statusOf } from "~/lib/errors";
import { formConstraint, parseForm } from "~/lib/form.server";
import { getInstance } from "~/lib/i18n/i18n.server";
import { pageUrl } from "~/lib/page-url";
import { redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/account";

export const handle = { i18n: ["account"] };

const PATH = "/dashboard/lawyer_user/account";

/**
 * The signed-in person's own settings, for every level (ADR 0025): the menu lists it for the
 * levels of spec §6, but a person's own password and sessions are theirs whatever their level.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const tab = accountTabOf(new URL(request.url).searchParams.get("tab"));
  const profile = await readOwnAccount(getAuth(context).supabase, user.id);
  return data({
    title: getInstance(context).getFixedT(null, "account")("meta"),
    tab,
    profile: { ...profile, email: user.email },
    constraints: {
      general: formConstraint(generalSchema),
      password: formConstraint(passwordSchema),
      email: formConstraint(emailSchema),
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { supabase } = getAuth(context);
  const url = pageUrl(request);
  const intent = (await request.clone().formData()).get("intent");

  if (intent === "signOutOthers") {
    await request.arrayBuffer();
    const outcome = await signOutOthers(supabase);
    return redirectWithToast(
      `${PATH}?tab=sessions`,
      outcome.ok ? { kind: "success", message: "account:sessions.done" } : outcome.code,
    );
  }

  if (intent === "password") {
    const submission = await parseForm(request, passwordSchema);
    const hideFields = ["currentPassword", "password", "confirmPassword"];
    if (submission.status !== "success") {
      return data({ form: "password", reply: submission.reply({ hideFields }) }, { status: 400 });
    }
    const env = getEnv(context.get(cloudflareContext).env as unknown as Record<string, unknown>);
    if (!user.email || !(await isCurrentPassword(env, user.email, submission.value.currentPassword))) {
      return data(
        {
          form: "password",
          reply: submission.reply({
            fieldErrors: { currentPassword: [messageOf("account:wrong_password")] },
            hideFields,
          }),
        },
        { status: statusOf("account:wrong_password") },
      );
    }
    const outcome = await setPassword(supabase, submission.value.password);
    if (!outcome.ok) {
      return data(
        { form: "password", reply: submission.reply({ formErrors: [messageOf(outcome.code)], hideFields }) },
        { status: statusOf(outcome.code) },
      );
    }
    return redirectWithToast(`${PATH}?tab=security`, {
      kind: "success",
      message: "account:security.passwordDone",
    });
  }

  if (intent === "email") {
    const submission = await parseForm(request, emailSchema);
    if (submission.status !== "success")
      return data({ form: "email", reply: submission.reply() }, { status: 400 });
    const next = `${PATH}?tab=security`;
    const outcome = await requestEmailChange(
      supabase,
      submission.value.email,
      `${url.origin}/auth/callback?${new URLSearchParams({ next })}`,
    );
    if (!outcome.ok) {
      return data(
        { form: "email", reply: submission.reply({ formErrors: [messageOf(outcome.code)] }) },
        { status: statusOf(outcome.code) },
      );
    }
    return redirectWithToast(next, { kind: "success", message: "account:security.emailSent" });
  }

  const submission = await parseForm(request, generalSchema);
  if (submission.status !== "success")
    return data({ form: "general", reply: submission.reply() }, { status: 400 });
  const outcome = await saveGeneral(supabase, user.id, submission.value);
  if (!outcome.ok) {
    return data(
      { form: "general", reply: submission.reply({ formErrors: [messageOf(outcome.code)] }) },
      { status: statusOf(outcome.code) },
    );
  }
  return redirectWithToast(PATH, { kind: "success", message: "account:general.saved" });
}

export const meta: Route.MetaFunction = pageMeta;

export default function AccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage
      tab={loaderData.tab}
      profile={loaderData.profile}
      constraints={loaderData.constraints}
      lastResult={actionData ?? null}
    />
  );
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
