import { Button, Fieldset, Group, Paper, SimpleGrid, Stack } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconDeviceFloppy, IconSend } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import {
  ConformForm,
  type FormConstraint,
  FormErrorAlert,
  type FormReply,
  useLazyConformForm,
} from "~/components/form/conform";
import { RadioGroupField, SelectField, TextareaField, TextField } from "~/components/form/fields";
import { IdempotencyKeyInput } from "~/components/form/idempotency";
import { CURRENCIES } from "~/features/cases/cases";
import { FEE_TYPES, type FeeType, PROPOSAL_LIMITS } from "../proposals";

/** The form's schema (and zod) load on the form's first focus, press or input (ADR 0019). */
const loadProposalFormSchema = () => import("../schemas").then((module) => module.proposalFormSchema);

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
  lastResult?: FormReply;
  defaultValue: Record<string, string>;
  /** `formConstraint(proposalFormSchema)` from the loader: the fields' HTML attributes. */
  constraint: FormConstraint;
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
  constraint,
  idempotencyKey,
  isDraft,
  cancelHref,
}: ProposalFormProps) {
  const { t } = useTranslation(["proposals", "cases"]);
  const mounted = useMounted();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useLazyConformForm({
    id: "proposal",
    schema: { load: loadProposalFormSchema, constraint },
    lastResult,
    defaultValue,
  });
  const feeType = (FEE_TYPES as readonly string[]).includes(fields.feeType.value ?? "")
    ? (fields.feeType.value as FeeType)
    : "fixed";
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
      <TextField
        field={fields[field]}
        type="number"
        step={FEE_STEP[field]}
        min={0}
        inputMode="decimal"
        label={label}
        description={hintOf(field)}
        data-testid={`fee-${field}`}
      />
    ) : null;

  return (
    <ConformForm form={form} ns="proposals">
      {idempotencyKey ? <IdempotencyKeyInput value={idempotencyKey} /> : null}
      <Stack gap="md">
        <FormErrorAlert form={form} />

        <RadioGroupField
          field={fields.feeType}
          defaultValue="fixed"
          label={t("form.feeType")}
          options={FEE_TYPES.map((type) => ({
            value: type,
            label: t(`cases:feeType.${type}`),
            description: t(`form.feeTypeHint.${type}`),
            "data-testid": `fee-type-${type}`,
          }))}
        >
          {(radios) => (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="xs" spacing="sm">
              {radios}
            </SimpleGrid>
          )}
        </RadioGroupField>

        <Fieldset legend={t("form.fee")} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {figure("amount", feeType === "retainer" && mounted ? t("form.retainer") : t("form.amount"))}
            {figure("hourlyRate", t("form.hourlyRate"))}
            {figure("estimatedHours", t("form.estimatedHours"))}
            {figure("contingencyPercent", t("form.contingencyPercent"))}
            <SelectField field={fields.currency} label={t("form.currency")} data={[...CURRENCIES]} />
            <TextField
              field={fields.estimatedDurationDays}
              type="number"
              min={PROPOSAL_LIMITS.durationDaysMin}
              max={PROPOSAL_LIMITS.durationDaysMax}
              step={1}
              inputMode="numeric"
              label={t("form.duration")}
              description={t("form.durationHint", {
                min: PROPOSAL_LIMITS.durationDaysMin,
                max: PROPOSAL_LIMITS.durationDaysMax,
              })}
            />
          </SimpleGrid>
        </Fieldset>

        <TextareaField
          field={fields.scope}
          maxLength={PROPOSAL_LIMITS.textMax}
          label={t("form.scope")}
          description={t("form.scopeHint")}
          autosize={mounted}
          minRows={5}
          rows={5}
        />
        <TextareaField
          field={fields.terms}
          maxLength={PROPOSAL_LIMITS.textMax}
          label={t("form.terms")}
          description={t("form.termsHint")}
          autosize={mounted}
          minRows={3}
          rows={3}
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
    </ConformForm>
  );
}
