import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import {
  ConformForm,
  type FormConstraint,
  FormErrorAlert,
  type FormReply,
  useLazyConformForm,
} from "~/components/form/conform";
import { SelectField, TextField } from "~/components/form/fields";
import { PageTitle } from "~/components/page-title";
import { PROFILE_LIMITS } from "../profile-limits";

/** The form's schema (and zod) load on the form's first use (ADR 0019). */
const loadInviteFormSchema = () => import("../schemas").then((module) => module.inviteFormSchema);

type InviteFormPageProps = {
  /** The firms an admin chooses from; null for a firm admin, who invites into their own firm. */
  firms: { id: string; name: string }[] | null;
  /** A firm admin's firm, shown instead of the choice. */
  firmName: string | null;
  constraint: FormConstraint;
  lastResult?: FormReply;
};

/**
 * `/dashboard/lawyer_user/new`: a firm admin (or an admin) adds a lawyer by e-mail. A new address
 * gets an invitation; an existing client is added to the firm. A plain form that posts, so it
 * works without JavaScript.
 */
export function InviteFormPage({ firms, firmName, constraint, lastResult }: InviteFormPageProps) {
  const { t } = useTranslation("people");
  const navigation = useNavigation();
  const [form, fields] = useLazyConformForm({
    id: "invite-lawyer",
    schema: { load: loadInviteFormSchema, constraint },
    lastResult,
  });
  return (
    <Stack gap="lg" maw={720}>
      <PageTitle title={t("new.title")} description={t("new.description")} />
      <Card withBorder radius="md" padding="lg">
        <ConformForm form={form} ns="people" data-testid="invite-form">
          <Stack gap="md">
            <FormErrorAlert form={form} />
            <TextField
              field={fields.email}
              type="email"
              autoComplete="off"
              maxLength={254}
              label={t("new.email")}
              description={t("new.emailHint")}
              dir="ltr"
              data-testid="invite-email"
            />
            <Group grow gap="md" wrap="wrap" align="flex-start">
              <TextField
                field={fields.first_name}
                maxLength={PROFILE_LIMITS.name}
                label={t("field.firstName")}
              />
              <TextField
                field={fields.last_name}
                maxLength={PROFILE_LIMITS.name}
                label={t("field.lastName")}
              />
            </Group>
            {firms ? (
              <SelectField
                field={fields.firm_id}
                label={t("new.firm")}
                data={[
                  { value: "", label: t("new.chooseFirm") },
                  ...firms.map((f) => ({ value: f.id, label: f.name })),
                ]}
                data-testid="invite-firm"
              />
            ) : (
              <Text size="sm" c="dimmed" data-testid="invite-firm-name">
                {t("new.intoFirm", { firm: firmName ?? "" })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconSend size={18} aria-hidden />}
                loading={navigation.state === "submitting" && navigation.formMethod === "POST"}
                data-testid="invite-submit"
              >
                {t("new.submit")}
              </Button>
            </Group>
          </Stack>
        </ConformForm>
      </Card>
    </Stack>
  );
}
