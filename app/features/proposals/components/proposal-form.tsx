import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconDeviceFloppy, IconSend } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { withoutKey } from "~/components/form/conform";
import { IdempotencyKeyInput } from "~/components/form/idempotency";
import { PendingForm } from "~/components/form/pending-form";
import { CURRENCIES } from "~/features/cases/cases";
import { FEE_TYPES, type FeeType } from "../proposals";
import { PROPOSAL_LIMITS, proposalFormSchema } from "../schemas";

/** Which fee fields each fee type uses: the others are hidden with JavaScript, ignored without. */
const FEE_FIELDS: Record<FeeType, readonly FeeField[]> = {
  fixed: ["amount"],
  hourly: ["hourlyRate", "estimatedHours"],
  contingency: ["contingencyPercent"],
  retainer: ["amount"],
};
type FeeField = "amount" | "hourlyRate" | "estimatedHours" | "contingencyPercent";

/** The step of each figure's input, as the database stores it. */
const FEE_STEP: Record<FeeField, string> = {
  amount: "0.01",
  hourlyRate: "0.01",
  estimatedHours: "0.1",
  contingencyPercent: "0.01",
};

type ProposalFormProps = {
  lastResult?: SubmissionResult<string[]>;
  defaultValue: Record<string, string>;
  /** A new proposal's form key: the same form posted twice creates one proposal. */
  idempotencyKey?: string;
  /** A draft (or a new proposal) can be saved as a draft or submitted; otherwise it is saved. */
  isDraft: boolean;
  cancelHref: string;
};

/**
 * The proposal form (new and edit). The fee type is a radio group; with JavaScript only its own
 * fields show, without it every fee field is there with a hint of the type it belongs to, and the
 * schema keeps only the chosen type's figures.
 */
export function ProposalForm({
  lastResult,
  defaultValue,
  idempotencyKey,
  isDraft,
  cancelHref,
}: ProposalFormProps) {
  const { t } = useTranslation(["proposals", "cases"]);
  const mounted = useMounted();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useForm({
    id: "proposal",
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: proposalFormSchema }),
  });
  const feeType = (FEE_TYPES as readonly string[]).includes(fields.feeType.value ?? "")
    ? (fields.feeType.value as FeeType)
    : "fixed";
  const errorOf = (field: FieldMetadata<unknown>) => (field.errors?.[0] ? t(field.errors[0]) : undefined);
  // Every figure field belongs to one or two fee types: without JavaScript, say which.
  const hintOf = (field: FeeField) =>
    mounted
      ? undefined
      : t("form.onlyFor", {
          types: FEE_TYPES.filter((type) => FEE_FIELDS[type].includes(field))
            .map((type) => t(`cases:feeType.${type}`))
            .join(" / "),
        });
  const shown = (field: FeeField) => !mounted || FEE_FIELDS[feeType].includes(field);
  const figure = (field: FeeField, label: string) =>
    shown(field) ? (
      <TextInput
        key={fields[field].key}
        {...withoutKey(getInputProps(fields[field], { type: "number", ariaAttributes: false }))}
        step={FEE_STEP[field]}
        min={0}
        inputMode="decimal"
        label={label}
        description={hintOf(field)}
        error={errorOf(fields[field])}
        data-testid={`fee-${field}`}
      />
    ) : null;

  return (
    <PendingForm method="post" {...getFormProps(form)}>
      {idempotencyKey ? <IdempotencyKeyInput value={idempotencyKey} /> : null}
      <Stack gap="md">
        {form.errors?.[0] ? (
          <Alert id={form.errorId} variant="light" color="red" role="alert">
            {t(form.errors[0])}
          </Alert>
        ) : null}

        <Radio.Group
          name={fields.feeType.name}
          defaultValue={fields.feeType.initialValue ?? "fixed"}
          label={t("form.feeType")}
          error={errorOf(fields.feeType)}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="xs" spacing="sm">
            {FEE_TYPES.map((type) => (
              <Radio
                key={type}
                value={type}
                label={t(`cases:feeType.${type}`)}
                description={t(`form.feeTypeHint.${type}`)}
                data-testid={`fee-type-${type}`}
              />
            ))}
          </SimpleGrid>
        </Radio.Group>

        <Fieldset legend={t("form.fee")} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {figure("amount", feeType === "retainer" && mounted ? t("form.retainer") : t("form.amount"))}
            {figure("hourlyRate", t("form.hourlyRate"))}
            {figure("estimatedHours", t("form.estimatedHours"))}
            {figure("contingencyPercent", t("form.contingencyPercent"))}
            <NativeSelect
              key={fields.currency.key}
              {...withoutKey(getSelectProps(fields.currency, { ariaAttributes: false }))}
              label={t("form.currency")}
              data={[...CURRENCIES]}
              error={errorOf(fields.currency)}
            />
            <TextInput
              key={fields.estimatedDurationDays.key}
              {...withoutKey(
                getInputProps(fields.estimatedDurationDays, { type: "number", ariaAttributes: false }),
              )}
              min={PROPOSAL_LIMITS.durationDaysMin}
              max={PROPOSAL_LIMITS.durationDaysMax}
              step={1}
              inputMode="numeric"
              label={t("form.duration")}
              description={t("form.durationHint", {
                min: PROPOSAL_LIMITS.durationDaysMin,
                max: PROPOSAL_LIMITS.durationDaysMax,
              })}
              error={errorOf(fields.estimatedDurationDays)}
            />
          </SimpleGrid>
        </Fieldset>

        <Textarea
          key={fields.scope.key}
          {...withoutKey(getTextareaProps(fields.scope, { ariaAttributes: false }))}
          maxLength={PROPOSAL_LIMITS.textMax}
          label={t("form.scope")}
          description={t("form.scopeHint")}
          autosize={mounted}
          minRows={5}
          rows={5}
          error={errorOf(fields.scope)}
        />
        <Textarea
          key={fields.terms.key}
          {...withoutKey(getTextareaProps(fields.terms, { ariaAttributes: false }))}
          maxLength={PROPOSAL_LIMITS.textMax}
          label={t("form.terms")}
          description={t("form.termsHint")}
          autosize={mounted}
          minRows={3}
          rows={3}
          error={errorOf(fields.terms)}
        />

        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" gap="sm">
            <Button component={Link} to={cancelHref} variant="subtle">
              {t("form.cancel")}
            </Button>
            <Group gap="sm">
              {isDraft ? (
                <Button
                  type="submit"
                  name="intent"
                  value="draft"
                  variant="default"
                  leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                  loading={busyIntent === "draft"}
                >
                  {t("form.saveDraft")}
                </Button>
              ) : null}
              <Button
                type="submit"
                name="intent"
                value="submit"
                leftSection={<IconSend size={16} aria-hidden />}
                loading={busyIntent === "submit"}
              >
                {isDraft ? t("form.submit") : t("form.save")}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </PendingForm>
  );
}
