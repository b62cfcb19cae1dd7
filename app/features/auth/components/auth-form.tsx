import { Anchor, Button, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { type AnyFormMetadata, ConformForm, FormErrorAlert } from "~/components/form/conform";

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

/** The form element, its form-level error and a full-width submit button. */
export function AuthFormFrame({
  form,
  submitLabel,
  children,
}: {
  form: AnyFormMetadata;
  submitLabel: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const submitting = navigation.state === "submitting" && navigation.formAction === pathname;
  return (
    <ConformForm form={form} ns="auth">
      <Stack gap="md">
        <FormErrorAlert form={form} />
        {children}
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </ConformForm>
  );
}
