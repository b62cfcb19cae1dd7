import type { Constraint } from "@conform-to/dom";
import { Alert, Anchor, Box, Code, Group, Stack, Text } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type FormReply, useLazyConformForm } from "~/components/form/conform";
import { TextField } from "~/components/form/fields";
import { PasswordField } from "~/components/form/password-field";
import type { AccessLevel } from "~/lib/access";
import { useCspNonce } from "~/lib/csp-nonce";
import { useStaticPage } from "~/lib/hydration";
import { announceAuthEvent, authEventScript } from "../auth-channel";
import { AUTH_LIMITS } from "../limits";
import { AuthFormFrame, AuthHeading, AuthLink } from "./auth-form";
import demoClasses from "./demo-accounts.module.css";

/** The e-mail field every auth form has. */
function AuthEmailField({ field }: { field: Parameters<typeof TextField>[0]["field"] }) {
  const { t } = useTranslation("auth");
  return (
    <TextField
      field={field}
      label={t("form.email")}
      type="email"
      autoComplete="email"
      maxLength={AUTH_LIMITS.email}
    />
  );
}

/** A password field whose show/hide toggle is named in the reader's language. */
function AuthPasswordField(props: Omit<Parameters<typeof PasswordField>[0], "visibilityToggleButtonProps">) {
  const { t } = useTranslation("auth");
  return (
    <PasswordField {...props} visibilityToggleButtonProps={{ "aria-label": t("form.togglePassword") }} />
  );
}

function ReturnToSignIn({ mt }: { mt?: string }) {
  const { t } = useTranslation("auth");
  return (
    <Group justify="center" mt={mt}>
      <AuthLink to="sign-in">{t("common.returnToSignIn")}</AuthLink>
    </Group>
  );
}

type Reply = FormReply;

/** A form's constraints as the route's loader read them from its schema (`formConstraint`). */
type FormConstraint = Record<string, Constraint>;

// The schemas load on the first input into a form: nobody types the moment an auth page opens.
const schemas = () => import("../schemas");
const loadSignIn = () => schemas().then((module) => module.signInSchema);
const loadSignUp = () => schemas().then((module) => module.signUpSchema);
const loadResend = () => schemas().then((module) => module.resendSchema);
const loadResetPassword = () => schemas().then((module) => module.resetPasswordSchema);
const loadUpdatePassword = () => schemas().then((module) => module.updatePasswordSchema);

/** A demo account of the local backend, listed on the sign-in page outside production. */
export type DemoAccount = { email: string; accessLevel: AccessLevel };

export function SignInPage({
  lastResult,
  returnTo,
  notice,
  demoAccounts,
  demoPassword,
  constraint,
}: {
  constraint: FormConstraint;
  lastResult: Reply;
  returnTo: string | null;
  notice: string | null;
  demoAccounts: DemoAccount[];
  demoPassword: string | null;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useLazyConformForm({
    id: "sign-in",
    schema: { load: loadSignIn, constraint },
    lastResult,
  });
  const signedOut = notice === "notices.signedOut";
  useEffect(() => {
    // Landing here signed out: the other tabs of this browser follow (rendered by React after a
    // client-side navigation; loaded as a document, the static page's island says it).
    if (signedOut) announceAuthEvent("SIGNED_OUT");
  }, [signedOut]);
  return (
    <Box>
      <AuthHeading title={t("signIn.title")}>
        {t("signIn.noAccount")} <AuthLink to="sign-up">{t("signIn.getStarted")}</AuthLink>
      </AuthHeading>
      {notice ? (
        <Alert
          variant="light"
          color={notice.startsWith("errors.") ? "red" : "teal"}
          radius="md"
          mb="md"
          role="status"
        >
          {/* An expired or invalid e-mail link offers the way to a new one (the resend page). */}
          <Trans t={t} i18nKey={notice} components={{ resend: <AuthLink to="verify" /> }} />
        </Alert>
      ) : null}
      <AuthFormFrame form={form} submitLabel={t("signIn.submit")}>
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <AuthEmailField field={fields.email} />
        <Stack gap={6}>
          <Group justify="flex-end">
            <AuthLink to="reset-password">{t("signIn.forgot")}</AuthLink>
          </Group>
          <AuthPasswordField
            field={fields.password}
            label={t("form.password")}
            autoComplete="current-password"
          />
        </Stack>
      </AuthFormFrame>
      {signedOut ? <SignedOutIsland /> : null}
      {demoAccounts.length > 0 && demoPassword ? (
        <Alert variant="light" radius="md" mt="xl" title={t("demo.title")}>
          <Text size="sm" mb="xs">
            <Trans
              t={t}
              i18nKey="demo.text"
              values={{ password: demoPassword }}
              components={{ code: <Code style={{ whiteSpace: "nowrap" }} /> }}
            />
          </Text>
          {/* A plain table: Mantine's adds only code for a list of five rows. */}
          <table className={demoClasses.table}>
            <tbody>
              {demoAccounts.map((account) => (
                <tr key={account.email}>
                  <td dir="ltr">{account.email}</td>
                  <td>{t(`demo.levels.${account.accessLevel}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Alert>
      ) : null}
    </Box>
  );
}

/** The island that tells the other tabs of a sign-out, on the static page only (ADR 0023). */
function SignedOutIsland() {
  const nonce = useCspNonce();
  const staticPage = useStaticPage();
  if (!staticPage) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, no user input.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: authEventScript("SIGNED_OUT") }} />;
}

export function SignUpPage({ lastResult, constraint }: { lastResult: Reply; constraint: FormConstraint }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useLazyConformForm({
    id: "sign-up",
    schema: { load: loadSignUp, constraint },
    lastResult,
  });
  return (
    <Box>
      <AuthHeading title={t("signUp.title")}>
        {t("signUp.haveAccount")} <AuthLink to="sign-in">{t("signUp.signIn")}</AuthLink>
      </AuthHeading>
      <AuthFormFrame form={form} submitLabel={t("signUp.submit")}>
        <Group grow align="flex-start" gap="md">
          <TextField
            field={fields.firstName}
            label={t("form.firstName")}
            autoComplete="given-name"
            maxLength={AUTH_LIMITS.name}
          />
          <TextField
            field={fields.lastName}
            label={t("form.lastName")}
            autoComplete="family-name"
            maxLength={AUTH_LIMITS.name}
          />
        </Group>
        <AuthEmailField field={fields.email} />
        <AuthPasswordField
          field={fields.password}
          label={t("form.password")}
          autoComplete="new-password"
          description={t("form.passwordHint", { min: AUTH_LIMITS.passwordMin })}
        />
      </AuthFormFrame>
      <Text size="xs" c="dimmed" ta="center" mt="lg">
        {t("signUp.terms")}{" "}
        <Anchor component={Link} to="/privacy-policy" size="xs" underline="always">
          {t("signUp.privacy")}
        </Anchor>
      </Text>
    </Box>
  );
}

export function VerifyPage({
  email,
  lastResult,
  resent,
  constraint,
}: {
  constraint: FormConstraint;
  email: string | null;
  lastResult: Reply;
  resent: boolean;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useLazyConformForm({
    id: "resend",
    schema: { load: loadResend, constraint },
    lastResult,
    defaultValue: email ? { email } : undefined,
  });
  return (
    <Stack gap="lg" align="stretch">
      <Group justify="center">
        <IconMailCheck size={72} stroke={1.2} color="var(--mantine-primary-color-filled)" aria-hidden />
      </Group>
      <AuthHeading title={t("verify.title")}>
        {email ? t("verify.sentTo", { email }) : t("verify.sent")}
      </AuthHeading>
      {resent ? (
        <Alert variant="light" color="teal" radius="md" role="status">
          {t("verify.resent")}
        </Alert>
      ) : null}
      <AuthFormFrame form={form} submitLabel={t("verify.resend")}>
        <AuthEmailField field={fields.email} />
      </AuthFormFrame>
      <ReturnToSignIn />
    </Stack>
  );
}

export function ResetPasswordPage({
  lastResult,
  sentTo,
  constraint,
}: {
  lastResult: Reply;
  sentTo: string | null;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useLazyConformForm({
    id: "reset-password",
    schema: { load: loadResetPassword, constraint },
    lastResult,
  });
  return (
    <Box>
      <AuthHeading title={t("reset.title")}>{t("reset.text")}</AuthHeading>
      {sentTo ? (
        <Alert variant="light" color="teal" radius="md" mb="md" role="status" title={t("reset.sentTitle")}>
          {t("reset.sent", { email: sentTo })}
        </Alert>
      ) : null}
      <AuthFormFrame form={form} submitLabel={t("reset.submit")}>
        <AuthEmailField field={fields.email} />
      </AuthFormFrame>
      <ReturnToSignIn mt="lg" />
    </Box>
  );
}

export function UpdatePasswordPage({
  lastResult,
  signedIn,
  constraint,
}: {
  lastResult: Reply;
  signedIn: boolean;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useLazyConformForm({
    id: "update-password",
    schema: { load: loadUpdatePassword, constraint },
    lastResult,
  });
  if (!signedIn) {
    return (
      <Box>
        <AuthHeading title={t("update.title")} />
        <Alert variant="light" color="red" radius="md" role="alert" mb="lg">
          {t("errors.sessionMissing")} {t("update.needLink")}
        </Alert>
        <Group justify="center">
          <AuthLink to="reset-password">{t("update.requestLink")}</AuthLink>
        </Group>
      </Box>
    );
  }
  return (
    <Box>
      <AuthHeading title={t("update.title")}>{t("update.text")}</AuthHeading>
      <AuthFormFrame form={form} submitLabel={t("update.submit")}>
        <AuthPasswordField
          field={fields.password}
          label={t("form.newPassword")}
          autoComplete="new-password"
          description={t("form.passwordHint", { min: AUTH_LIMITS.passwordMin })}
        />
        <AuthPasswordField
          field={fields.confirmPassword}
          label={t("form.confirmPassword")}
          autoComplete="new-password"
        />
      </AuthFormFrame>
    </Box>
  );
}
