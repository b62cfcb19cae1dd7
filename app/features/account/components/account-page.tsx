import { Anchor, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  ConformForm,
  type FormConstraint,
  FormErrorAlert,
  type FormReply,
  useLazyConformForm,
} from "~/components/form/conform";
import { CheckboxField, TextField } from "~/components/form/fields";
import { PasswordField } from "~/components/form/password-field";
import { PendingForm } from "~/components/form/pending-form";
import { PageTitle } from "~/components/page-title";
import { ACCOUNT_TABS, type AccountTab } from "../account-tabs";

// The schemas load on the first input into a form (ADR 0016, 0019): the page itself ships no zod.
const schemas = () => import("../schemas");
const loadGeneral = () => schemas().then((module) => module.generalSchema);
const loadPassword = () => schemas().then((module) => module.passwordSchema);
const loadEmail = () => schemas().then((module) => module.emailSchema);

/** Each form's constraints, read by the loader from its schema (`formConstraint`). */
type AccountConstraints = { general: FormConstraint; password: FormConstraint; email: FormConstraint };

import classes from "./account-page.module.css";

const ACCOUNT_PATH = "/dashboard/lawyer_user/account";

type AccountPageProps = {
  tab: AccountTab;
  profile: { id: string; email: string | null; first_name: string; last_name: string; is_public: boolean };
  /** The reply of the form last posted, with the form it belongs to. */
  lastResult: { form: string; reply: FormReply } | null;
  constraints: AccountConstraints;
};

/**
 * /dashboard/lawyer_user/account (issue 21, item 3; ADR 0025): the signed-in person's own
 * settings. The tabs are links (`?tab=`), so each works without JavaScript, as do its forms.
 */
export function AccountPage({ tab, profile, lastResult, constraints }: AccountPageProps) {
  const { t } = useTranslation("account");
  const replyOf = (form: string) => (lastResult?.form === form ? lastResult.reply : undefined);
  return (
    <Stack gap="lg" data-testid="account-page">
      <PageTitle title={t("title")} description={t("description")} />
      <nav aria-label={t("tabs.label")} className={classes.tabs}>
        {ACCOUNT_TABS.map((name) => (
          <Link
            key={name}
            to={name === "general" ? ACCOUNT_PATH : `${ACCOUNT_PATH}?tab=${name}`}
            className={classes.tab}
            aria-current={name === tab ? "page" : undefined}
            data-active={name === tab || undefined}
          >
            {t(`tabs.${name}`)}
          </Link>
        ))}
      </nav>
      <Paper withBorder radius="md" p="md" maw={640}>
        {tab === "general" && (
          <General profile={profile} lastResult={replyOf("general")} constraint={constraints.general} />
        )}
        {tab === "security" && (
          <Stack gap="xl">
            <PasswordForm lastResult={replyOf("password")} constraint={constraints.password} />
            <EmailForm email={profile.email} lastResult={replyOf("email")} constraint={constraints.email} />
          </Stack>
        )}
        {tab === "notifications" && (
          <Stack gap="sm">
            <Text>{t("notifications.text")}</Text>
            <Anchor component={Link} to="/dashboard/notification/NotificationPreferences">
              {t("notifications.link")}
            </Anchor>
          </Stack>
        )}
        {tab === "sessions" && (
          <Stack gap="sm">
            <Text>{t("sessions.text")}</Text>
            <PendingForm method="post" action={`${ACCOUNT_PATH}?tab=sessions`}>
              <input type="hidden" name="intent" value="signOutOthers" />
              <Button type="submit" color="red" variant="light" data-testid="account-sign-out-others">
                {t("sessions.submit")}
              </Button>
            </PendingForm>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function General({
  profile,
  lastResult,
  constraint,
}: {
  profile: AccountPageProps["profile"];
  lastResult: FormReply;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("account");
  const [form, fields] = useLazyConformForm({
    id: "account-general",
    schema: { load: loadGeneral, constraint },
    lastResult,
    defaultValue: { intent: "general", ...profile },
  });
  return (
    <ConformForm form={form} ns="account" action={ACCOUNT_PATH}>
      <Stack gap="md">
        <FormErrorAlert form={form} />
        <input type="hidden" name="intent" value="general" />
        <TextField field={fields.first_name} label={t("general.firstName")} autoComplete="given-name" />
        <TextField field={fields.last_name} label={t("general.lastName")} autoComplete="family-name" />
        <CheckboxField
          field={fields.is_public}
          label={t("general.isPublic")}
          description={t("general.isPublicHint")}
        />
        <Group justify="space-between">
          <Anchor component={Link} to={`/dashboard/lawyer_user/${profile.id}/edit`} size="sm">
            {t("general.fullProfile")}
          </Anchor>
          <Button type="submit" data-testid="account-general-submit">
            {t("general.submit")}
          </Button>
        </Group>
      </Stack>
    </ConformForm>
  );
}

function PasswordForm({ lastResult, constraint }: { lastResult: FormReply; constraint: FormConstraint }) {
  const { t } = useTranslation("account");
  const [form, fields] = useLazyConformForm({
    id: "account-password",
    schema: { load: loadPassword, constraint },
    lastResult,
  });
  return (
    <ConformForm form={form} ns="account" action={`${ACCOUNT_PATH}?tab=security`}>
      <Stack gap="md">
        <Text fw={600}>{t("security.passwordTitle")}</Text>
        <FormErrorAlert form={form} />
        <input type="hidden" name="intent" value="password" />
        <PasswordField
          field={fields.currentPassword}
          label={t("security.currentPassword")}
          autoComplete="current-password"
        />
        <PasswordField
          field={fields.password}
          label={t("security.newPassword")}
          autoComplete="new-password"
        />
        <PasswordField
          field={fields.confirmPassword}
          label={t("security.confirmPassword")}
          autoComplete="new-password"
        />
        <Group justify="flex-end">
          <Button type="submit">{t("security.passwordSubmit")}</Button>
        </Group>
      </Stack>
    </ConformForm>
  );
}

function EmailForm({
  email,
  lastResult,
  constraint,
}: {
  email: string | null;
  lastResult: FormReply;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("account");
  const [form, fields] = useLazyConformForm({
    id: "account-email",
    schema: { load: loadEmail, constraint },
    lastResult,
  });
  return (
    <ConformForm form={form} ns="account" action={`${ACCOUNT_PATH}?tab=security`}>
      <Stack gap="md">
        <Text fw={600}>{t("security.emailTitle")}</Text>
        <Text size="sm" c="dimmed">
          {t("security.emailText", { email: email ?? "" })}
        </Text>
        <FormErrorAlert form={form} />
        <input type="hidden" name="intent" value="email" />
        <TextField field={fields.email} type="email" label={t("security.newEmail")} autoComplete="email" />
        <Group justify="flex-end">
          <Button type="submit">{t("security.emailSubmit")}</Button>
        </Group>
      </Stack>
    </ConformForm>
  );
}
