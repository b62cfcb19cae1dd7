import type { FieldMetadata, FormMetadata, SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { withoutKey } from "~/components/form/conform";
import { PendingForm } from "~/components/form/pending-form";

/** The root of the auth pages the person is on (`/auth/supabase`, `/auth-demo/split`, …). */
function useAuthBase(): string {
  const { pathname } = useLocation();
  return pathname.split("/").slice(0, 3).join("/") || "/auth/supabase";
}

/** Title, subtitle and alerts above an auth form. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="xl" ta="start">
      <Title order={1} size="h3">
        {title}
      </Title>
      {children ? (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A link to another auth page in the same layout variant. */
export function AuthLink({ to, children }: { to: string; children?: ReactNode }) {
  const base = useAuthBase();
  return (
    <Anchor component={Link} to={`${base}/${to}`} fw={600} size="sm">
      {children}
    </Anchor>
  );
}

/**
 * Conform + Zod on both sides: the same schema validates in the browser (on blur, then on input)
 * and in the action; without JavaScript the action's reply shows the same messages.
 */
export function useAuthForm<Schema extends z.ZodType<Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | undefined,
  defaultValue?: Record<string, string>,
) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as Parameters<
      typeof useForm<z.input<Schema> & Record<string, unknown>>
    >[0]["defaultValue"],
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** The form element, its form-level error and a full-width submit button. */
export function AuthFormFrame({
  form,
  submitLabel,
  children,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's metadata, whatever its fields
  form: FormMetadata<any, string[]>;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const submitting = navigation.state === "submitting" && navigation.formAction === pathname;
  return (
    <PendingForm method="post" {...getFormProps(form)}>
      <Stack gap="md">
        {form.errors?.length ? (
          <Alert id={form.errorId} variant="light" color="red" radius="md" role="alert">
            {form.errors.map((error) => t(error)).join(" ")}
          </Alert>
        ) : null}
        {children}
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </PendingForm>
  );
}

function errorOf(t: (key: string) => string, field: FieldMetadata<string>): string | undefined {
  return field.errors?.length ? field.errors.map((error) => t(error)).join(" ") : undefined;
}

/** A text or e-mail field wired to Conform. */
export function AuthTextField({
  field,
  label,
  type = "text",
  autoComplete,
  maxLength,
}: {
  field: FieldMetadata<string>;
  label: string;
  type?: "text" | "email";
  autoComplete?: string;
  maxLength?: number;
}) {
  const { t } = useTranslation("auth");
  return (
    <TextInput
      key={field.key}
      {...withoutKey(getInputProps(field, { type, ariaAttributes: false }))}
      label={label}
      autoComplete={autoComplete}
      maxLength={maxLength}
      error={errorOf(t, field)}
      dir={type === "email" ? "ltr" : undefined}
    />
  );
}

/** A password field with the show/hide toggle, wired to Conform. */
export function AuthPasswordField({
  field,
  label,
  autoComplete,
  description,
}: {
  field: FieldMetadata<string>;
  label: string;
  autoComplete: "current-password" | "new-password";
  description?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  const { type: _type, ...props } = getInputProps(field, { type: "password", ariaAttributes: false });
  return (
    <PasswordInput
      key={field.key}
      {...withoutKey(props)}
      label={label}
      autoComplete={autoComplete}
      description={description}
      error={errorOf(t, field)}
      visibilityToggleButtonProps={{ "aria-label": t("form.togglePassword") }}
    />
  );
}
