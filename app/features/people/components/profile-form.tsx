import { Anchor, Box, Button, Card, Group, Input, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconDeviceFloppy } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import {
  ConformForm,
  type FormConstraint,
  FormErrorAlert,
  type FormReply,
  useFormErrorText,
  useLazyConformForm,
} from "~/components/form/conform";
import { CheckboxField, TextareaField, TextField } from "~/components/form/fields";
import { PageTitle } from "~/components/page-title";
import { CheckGroup, CheckOption } from "~/features/cases/components/case-table-filters";
import { matchingLabel } from "~/features/cases/matching-labels";
import {
  JURISDICTIONS,
  type PersonProfile,
  PRACTICE_AREAS,
  peoplePaths,
  personName,
  SPOKEN_LANGUAGES,
} from "../people";
import { AVATAR_LIMITS, PROFILE_LIMITS } from "../profile-limits";
import classes from "./people.module.css";
import { PersonAvatar } from "./person-avatar";

/** The form's schema (and zod) load on the form's first use (ADR 0019). */
const loadProfileFormSchema = () => import("../schemas").then((module) => module.profileFormSchema);

type ProfileFormPageProps = {
  person: Pick<PersonProfile, "uuid" | "first_name" | "last_name" | "avatar_url" | "access_level">;
  /** Whether the lawyer's fields apply (a lawyer's or a firm admin's profile). */
  lawyer: boolean;
  defaultValue: Record<string, unknown>;
  constraint: FormConstraint;
  lastResult?: FormReply;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A list's checkboxes (a native `<details>`, as the case table's filters), ticked from the profile. */
function ChoiceField({
  name,
  legend,
  values,
  checked,
  label,
  errors,
}: {
  name: string;
  legend: string;
  values: readonly string[];
  checked: readonly string[];
  label: (value: string) => string;
  errors?: string[];
}) {
  const text = useFormErrorText();
  return (
    <div data-testid={`profile-choices-${name}`}>
      <CheckGroup legend={legend} count={checked.length}>
        {values.map((value) => (
          <CheckOption
            key={value}
            name={name}
            value={value}
            label={label(value)}
            checked={checked.includes(value)}
          />
        ))}
      </CheckGroup>
      {errors?.[0] ? (
        <Text size="xs" c="red" mt={4} role="alert">
          {text(errors[0])}
        </Text>
      ) : null}
    </div>
  );
}

/** `/dashboard/lawyer_user/{id}/edit`: one form for the profile and its photo (multipart, so it posts without JavaScript). */
export function ProfileFormPage({
  person,
  lawyer,
  defaultValue,
  constraint,
  lastResult,
}: ProfileFormPageProps) {
  const { t } = useTranslation(["people", "cases"]);
  const navigation = useNavigation();
  const [form, fields] = useLazyConformForm({
    id: `profile-${person.uuid}`,
    schema: { load: loadProfileFormSchema, constraint },
    lastResult,
    defaultValue,
  });
  const list = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  const name = personName(person) || t("people:unnamed");
  const avatarError = fields.avatar.errors?.[0];
  return (
    <Stack gap="lg" maw={1000}>
      <Anchor component={Link} to={peoplePaths.view(person.uuid)} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden className={classes.flip} />
          {t("people:edit.back", { name })}
        </Group>
      </Anchor>
      <PageTitle title={t("people:edit.title", { name })} description={t("people:edit.description")} />
      <Card withBorder radius="md" padding="lg">
        <ConformForm form={form} ns="people" encType="multipart/form-data" data-testid="profile-form">
          <Stack gap="xl">
            <FormErrorAlert form={form} />
            <Section title={t("people:sections.photo")}>
              <Group gap="md" align="center" wrap="wrap">
                <PersonAvatar person={person} size={72} />
                <Input.Wrapper
                  label={t("people:field.avatar")}
                  description={t("people:hints.avatar", { size: AVATAR_LIMITS.bytes / (1024 * 1024) })}
                  error={avatarError ? t(`people:${avatarError}`) : undefined}
                  id={fields.avatar.id}
                  errorProps={{ id: fields.avatar.errorId }}
                  style={{ flex: "1 1 16rem" }}
                >
                  <input
                    id={fields.avatar.id}
                    name={fields.avatar.name}
                    type="file"
                    accept={AVATAR_LIMITS.types.join(",")}
                    aria-invalid={avatarError ? true : undefined}
                    aria-describedby={avatarError ? fields.avatar.errorId : undefined}
                    data-testid="profile-avatar-input"
                    style={{ display: "block", marginTop: 6, maxWidth: "100%" }}
                  />
                </Input.Wrapper>
              </Group>
            </Section>

            <Section title={t("people:sections.identity")}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextField
                  field={fields.first_name}
                  maxLength={PROFILE_LIMITS.name}
                  label={t("people:field.firstName")}
                />
                <TextField
                  field={fields.last_name}
                  maxLength={PROFILE_LIMITS.name}
                  label={t("people:field.lastName")}
                />
                <TextField
                  field={fields.city}
                  maxLength={PROFILE_LIMITS.place}
                  label={t("people:field.city")}
                />
                <TextField
                  field={fields.country}
                  maxLength={PROFILE_LIMITS.place}
                  label={t("people:field.country")}
                />
                <TextField
                  field={fields.phone_number}
                  type="tel"
                  maxLength={PROFILE_LIMITS.phone}
                  label={t("people:field.phone")}
                  description={t("people:hints.phone")}
                />
              </SimpleGrid>
              <TextareaField
                field={fields.about}
                maxLength={PROFILE_LIMITS.about}
                label={t("people:field.about")}
                rows={5}
                resize="vertical"
              />
              <ChoiceField
                name={fields.languages.name}
                legend={t("people:field.languages")}
                values={SPOKEN_LANGUAGES}
                checked={list(fields.languages.initialValue)}
                label={(value) => matchingLabel(t, "language", value)}
                errors={fields.languages.errors}
              />
              <CheckboxField
                field={fields.is_public}
                label={t("people:field.isPublic")}
                description={lawyer ? t("people:hints.isPublicLawyer") : t("people:hints.isPublicClient")}
                data-testid="profile-is-public"
              />
            </Section>

            {lawyer ? (
              <Section title={t("people:sections.practice")}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <ChoiceField
                    name={fields.practice_areas.name}
                    legend={t("people:field.practiceAreas")}
                    values={PRACTICE_AREAS}
                    checked={list(fields.practice_areas.initialValue)}
                    label={(value) => matchingLabel(t, "practiceArea", value)}
                    errors={fields.practice_areas.errors}
                  />
                  <ChoiceField
                    name={fields.jurisdictions.name}
                    legend={t("people:field.jurisdictions")}
                    values={JURISDICTIONS}
                    checked={list(fields.jurisdictions.initialValue)}
                    label={(value) => matchingLabel(t, "jurisdiction", value)}
                    errors={fields.jurisdictions.errors}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <TextField
                    field={fields.bar_number}
                    maxLength={PROFILE_LIMITS.barNumber}
                    label={t("people:field.barNumber")}
                    dir="ltr"
                  />
                  <TextField
                    field={fields.years_experience}
                    type="number"
                    step="1"
                    inputMode="numeric"
                    label={t("people:field.years")}
                  />
                  <TextField
                    field={fields.hourly_rate}
                    type="number"
                    step="0.01"
                    inputMode="decimal"
                    label={t("people:field.hourlyRateUsd")}
                  />
                </SimpleGrid>
              </Section>
            ) : null}

            <Box>
              <Group justify="flex-end" gap="sm">
                <Button component={Link} to={peoplePaths.view(person.uuid)} variant="subtle" color="gray">
                  {t("people:edit.cancel")}
                </Button>
                <Button
                  type="submit"
                  leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                  loading={navigation.state === "submitting" && navigation.formMethod === "POST"}
                  data-testid="profile-save"
                >
                  {t("people:edit.save")}
                </Button>
              </Group>
            </Box>
          </Stack>
        </ConformForm>
      </Card>
    </Stack>
  );
}
