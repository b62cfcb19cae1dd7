import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconDeviceFloppy,
  IconFileText,
  IconLock,
  IconSend,
  IconTrash,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigation } from "react-router";
import { ConfirmStep } from "~/components/confirm-step";
import {
  ConformForm,
  type FormConstraint,
  FormErrorAlert,
  type FormReply,
  useLazyConformForm,
} from "~/components/form/conform";
import { SelectField, TextareaField, TextField } from "~/components/form/fields";
import { IdempotencyKeyInput } from "~/components/form/idempotency";
import { PendingForm } from "~/components/form/pending-form";
import { PageTitle } from "~/components/page-title";
import { matchingLabel } from "~/features/cases/matching-labels";
import { JURISDICTIONS } from "~/lib/database-values";
import { CASE_FORM_LIMITS, type CaseFormIntent, caseFormIntents } from "../case-form-rules";
import { CASE_DATE_RANGE, CASE_PRIORITIES, type CaseStatus, CURRENCIES, PRACTICE_AREAS } from "../cases";
import { CaseStatusBadge } from "./case-badges";
import classes from "./case-form.module.css";

/** The form's schema (and zod) load on the form's first focus, press or input (ADR 0019). */
const loadCaseFormSchema = () => import("../schemas").then((module) => module.caseFormSchema);

/** The query parameter that opens the delete confirmation without JavaScript. */
const CONFIRM_DELETE_PARAM = "delete";

/** The case being edited, or nothing for a new one. */
type EditedCase = { id: string; reference: string; status: CaseStatus; canDelete: boolean };

interface CaseFormPageProps {
  editing: EditedCase | null;
  /** Where "back" goes: the case list for a new case, the case itself when editing. */
  backTo: string;
  defaultValue: Record<string, string>;
  /** `formConstraint(caseFormSchema)` from the loader: the fields' HTML attributes. */
  constraint: FormConstraint;
  /** A new case's form key: the same form posted twice creates one case. */
  idempotencyKey?: string;
  /** The action's reply to a submission it refused (field errors or the database's refusal). */
  lastResult?: FormReply;
}

/** The new-case and edit-case page: one form, saved as a draft or published. */
export function CaseFormPage({
  editing,
  backTo,
  defaultValue,
  constraint,
  idempotencyKey,
  lastResult,
}: CaseFormPageProps) {
  const { t } = useTranslation("case-form");
  return (
    <Stack gap="lg" maw={1100}>
      <BackLink
        to={backTo}
        label={editing ? t("back.toCase", { reference: editing.reference }) : t("back.toList")}
      />
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle
          title={editing ? t("edit.title", { reference: editing.reference }) : t("new.title")}
          description={editing ? t("edit.description") : t("new.description")}
        />
        {editing ? <CaseStatusBadge value={editing.status} /> : null}
      </Group>
      <Card withBorder radius="md" padding="lg">
        <CaseForm
          editing={editing}
          backTo={backTo}
          defaultValue={defaultValue}
          constraint={constraint}
          idempotencyKey={idempotencyKey}
          lastResult={lastResult}
        />
        {editing?.canDelete ? (
          <>
            <Divider my="lg" />
            <DeleteDraft />
          </>
        ) : null}
      </Card>
    </Stack>
  );
}

/** In place of the form when this person may not edit the case (the database would refuse). */
export function CaseEditUnavailable({
  reference,
  backTo,
  reason,
}: {
  reference: string;
  backTo: string;
  reason: "notClient" | "notEditable";
}) {
  const { t } = useTranslation("case-form");
  return (
    <Stack gap="lg" maw={720}>
      <BackLink to={backTo} label={t("back.toCase", { reference })} />
      <PageTitle title={t("edit.title", { reference })} />
      <Alert
        color="orange"
        variant="light"
        radius="md"
        icon={<IconLock size={20} />}
        title={t(`unavailable.${reason}.title`)}
      >
        <Text size="sm">{t(`unavailable.${reason}.text`)}</Text>
        <Button component={Link} to={backTo} variant="light" color="orange" mt="md">
          {t("unavailable.openCase")}
        </Button>
      </Alert>
    </Stack>
  );
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" className={classes.back}>
      <IconArrowLeft size={16} aria-hidden className={classes.flip} />
      {label}
    </Anchor>
  );
}

function CaseForm({
  editing,
  backTo,
  defaultValue,
  constraint,
  idempotencyKey,
  lastResult,
}: Omit<CaseFormPageProps, "editing"> & { editing: EditedCase | null }) {
  const { t } = useTranslation("case-form");
  const { t: tCases } = useTranslation("cases");
  const navigation = useNavigation();
  const [form, fields] = useLazyConformForm({
    id: editing ? `case-${editing.id}` : "case-new",
    schema: { load: loadCaseFormSchema, constraint },
    lastResult,
    defaultValue,
  });
  const submittingIntent =
    navigation.state === "submitting" && navigation.formMethod === "POST"
      ? navigation.formData?.get("intent")
      : null;

  return (
    <ConformForm form={form} ns="case-form">
      {idempotencyKey ? <IdempotencyKeyInput value={idempotencyKey} /> : null}
      <Stack gap="xl">
        {/* The intent has no input of its own: a post without a valid one is told at the top. */}
        <FormErrorAlert form={form} errors={fields.intent.errors} />

        <Section title={t("sections.problem")} hint={t("sections.problemHint")}>
          <TextField
            field={fields.title}
            maxLength={CASE_FORM_LIMITS.title}
            label={tCases("field.title")}
            description={t("hints.title")}
          />
          <TextareaField
            field={fields.description}
            maxLength={CASE_FORM_LIMITS.description}
            label={t("fields.description")}
            description={t("hints.description")}
            rows={7}
            resize="vertical"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SelectField
              field={fields.practice_area}
              label={tCases("field.practiceArea")}
              data={[
                { value: "", label: t("placeholders.practiceArea") },
                ...PRACTICE_AREAS.map((area) => ({ value: area, label: tCases(`practiceArea.${area}`) })),
              ]}
            />
            <SelectField
              field={fields.priority}
              label={tCases("field.priority")}
              data={CASE_PRIORITIES.map((priority) => ({
                value: priority,
                label: tCases(`priority.${priority}`),
              }))}
            />
          </SimpleGrid>
        </Section>

        <Section title={t("sections.whereWhen")} hint={t("sections.whereWhenHint")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              field={fields.jurisdiction}
              maxLength={CASE_FORM_LIMITS.jurisdiction}
              label={tCases("field.jurisdiction")}
              description={t("hints.jurisdiction")}
              list="case-jurisdictions"
            />
            {/* The shared matching list (issue 21 item 7), offered as the browser's suggestions. */}
            <datalist id="case-jurisdictions">
              {JURISDICTIONS.map((jurisdiction) => (
                <option
                  key={jurisdiction}
                  value={jurisdiction}
                  label={matchingLabel(tCases, "jurisdiction", jurisdiction)}
                />
              ))}
            </datalist>
            <TextField
              field={fields.needed_by}
              type="date"
              min={CASE_DATE_RANGE.min}
              max={CASE_DATE_RANGE.max}
              label={tCases("field.neededBy")}
              description={t("hints.neededBy")}
            />
          </SimpleGrid>
        </Section>

        <Section title={t("sections.budget")} hint={t("sections.budgetHint")}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextField
              field={fields.budget_min}
              type="number"
              step="0.01"
              inputMode="decimal"
              label={t("fields.budgetMin")}
            />
            <TextField
              field={fields.budget_max}
              type="number"
              step="0.01"
              inputMode="decimal"
              label={t("fields.budgetMax")}
            />
            <SelectField field={fields.currency} label={t("fields.currency")} data={[...CURRENCIES]} />
          </SimpleGrid>
        </Section>

        <Section title={t("sections.court")} hint={t("sections.courtHint")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              field={fields.court_name}
              maxLength={CASE_FORM_LIMITS.courtName}
              label={tCases("field.court")}
            />
            <TextField
              field={fields.court_case_number}
              maxLength={CASE_FORM_LIMITS.courtCaseNumber}
              label={tCases("field.courtCaseNumber")}
            />
          </SimpleGrid>
          <TextField
            field={fields.opposing_party}
            maxLength={CASE_FORM_LIMITS.opposingParty}
            label={tCases("field.opposingParty")}
          />
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={backTo} variant="subtle" color="gray">
            {t("actions.cancel")}
          </Button>
          {caseFormIntents(editing?.status ?? null).map((intent) => (
            <IntentButton key={intent} intent={intent} loading={submittingIntent === intent} />
          ))}
        </Group>
      </Stack>
    </ConformForm>
  );
}

const INTENT_ICONS: Record<CaseFormIntent, ReactNode> = {
  draft: <IconFileText size={18} aria-hidden />,
  publish: <IconSend size={18} aria-hidden className={classes.flip} />,
  save: <IconDeviceFloppy size={18} aria-hidden />,
};

function IntentButton({ intent, loading }: { intent: CaseFormIntent; loading: boolean }) {
  const { t } = useTranslation("case-form");
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      variant={intent === "draft" ? "default" : "filled"}
      leftSection={INTENT_ICONS[intent]}
      loading={loading}
    >
      {t(`actions.${intent}`)}
    </Button>
  );
}

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Box component="fieldset" className={classes.section}>
      <Box component="legend" className={classes.legend}>
        <Title order={2} size="h4">
          {title}
        </Title>
      </Box>
      <Text size="sm" c="dimmed" mb="md">
        {hint}
      </Text>
      <Stack gap="md">{children}</Stack>
    </Box>
  );
}

/** "Delete draft", asked for twice (see ConfirmStep). */
function DeleteDraft() {
  const { t } = useTranslation("case-form");
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <Group justify="space-between" gap="sm">
      <Box>
        <Text fw={600} size="sm">
          {t("delete.heading")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("delete.hint")}
        </Text>
      </Box>
      <ConfirmStep
        param={CONFIRM_DELETE_PARAM}
        value="1"
        trigger={t("delete.action")}
        triggerProps={{ variant: "light", color: "red", leftSection: <IconTrash size={16} aria-hidden /> }}
        title={t("delete.title")}
        text={t("delete.text")}
        cancelLabel={t("delete.cancel")}
        confirm={
          <PendingForm method="post" action={pathname}>
            <input type="hidden" name="intent" value="delete" />
            <Button
              type="submit"
              color="red"
              loading={deleting}
              leftSection={<IconTrash size={16} aria-hidden />}
            >
              {t("delete.confirm")}
            </Button>
          </PendingForm>
        }
      />
    </Group>
  );
}
