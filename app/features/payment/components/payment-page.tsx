import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Divider,
  Grid,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { withoutKey } from "~/components/form/conform";
import { PendingForm } from "~/components/form/pending-form";
import { PageHeader } from "~/components/page-header";
import { formatCurrency, getLanguageOption } from "~/lib/i18n/languages";
import type { CountryOption } from "../countries";
import {
  type BillingCycle,
  isBillingCycle,
  isPlanId,
  PLAN_CURRENCY,
  PLAN_IDS,
  PLAN_MONTHLY_PRICES,
  type PlanId,
  planTotal,
} from "../plans";
import { PAYMENT_LIMITS, paymentSchema } from "../schemas";
import classes from "./payment-page.module.css";

/** What was ordered, echoed back once the demonstration checkout has been completed. */
interface DemoOrder {
  plan: PlanId;
  billingCycle: BillingCycle;
  total: number;
}

interface PaymentPageProps {
  /** The plan chosen on the pricing page (`?plan=`). */
  defaultPlan: PlanId;
  /** Countries of the billing address, already named in the page's language. */
  countries: CountryOption[];
  /** The action's reply to an invalid submission. */
  lastResult?: SubmissionResult<string[]>;
  /** Set once a valid order has been accepted. */
  order?: DemoOrder;
}

/** Formats an amount in the plans' currency (US dollars) with the page language's conventions. */
function usePrice(): (amount: number) => string {
  const { i18n } = useTranslation();
  const lng = getLanguageOption(i18n.language).value;
  return (amount) => formatCurrency(lng, amount, PLAN_CURRENCY);
}

/** The demonstration checkout: plan, billing details and card, with an order summary beside them. */
export function PaymentPage({ defaultPlan, countries, lastResult, order }: PaymentPageProps) {
  const { t } = useTranslation("payment");
  return (
    <>
      <PageHeader
        eyebrow={t("header.eyebrow")}
        title={t("header.title")}
        description={t("header.description")}
      />
      <Container size="lg" pb={{ base: 56, md: 96 }}>
        <Alert
          variant="light"
          color="yellow"
          radius="md"
          mb="xl"
          icon={<IconAlertTriangle />}
          title={t("demo.title")}
          className={classes.notice}
        >
          {t("demo.text")}
        </Alert>
        {order ? (
          <OrderConfirmation order={order} />
        ) : (
          <PaymentForm defaultPlan={defaultPlan} countries={countries} lastResult={lastResult} />
        )}
      </Container>
    </>
  );
}

function PaymentForm({ defaultPlan, countries, lastResult }: Omit<PaymentPageProps, "order">) {
  const { t } = useTranslation("payment");
  const price = usePrice();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "payment",
    lastResult,
    defaultValue: { plan: defaultPlan, billingCycle: "monthly" },
    constraint: getZodConstraint(paymentSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentSchema }),
  });

  const plan = isPlanId(fields.plan.value) ? fields.plan.value : defaultPlan;
  const billingCycle = isBillingCycle(fields.billingCycle.value) ? fields.billingCycle.value : "monthly";
  const errorOf = (field: FieldMetadata<string>) => (field.errors?.[0] ? t(field.errors[0]) : undefined);
  const text = (field: FieldMetadata<string>, type: "text" | "email" = "text") =>
    withoutKey(getInputProps(field, { type, ariaAttributes: false }));

  return (
    <Grid gap={{ base: "lg", md: 40 }}>
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <PendingForm method="post" {...getFormProps(form)}>
          <Stack gap="lg">
            <FormSection title={t("sections.plan")}>
              <NativeSelect
                key={fields.plan.key}
                {...withoutKey(getSelectProps(fields.plan, { ariaAttributes: false }))}
                label={t("fields.plan")}
                data={PLAN_IDS.map((id) => ({
                  value: id,
                  label: t("planOption", { plan: t(`plans.${id}`), price: price(PLAN_MONTHLY_PRICES[id]) }),
                }))}
                error={errorOf(fields.plan)}
              />
              <Radio.Group
                key={fields.billingCycle.key}
                name={fields.billingCycle.name}
                defaultValue={fields.billingCycle.initialValue}
                label={t("fields.billingCycle")}
                error={errorOf(fields.billingCycle)}
                required
              >
                <Group gap="xl" mt="xs">
                  <Radio value="monthly" label={t("cycles.monthly")} />
                  <Radio value="yearly" label={t("cycles.yearlyWithSaving")} />
                </Group>
              </Radio.Group>
            </FormSection>

            <FormSection title={t("sections.billing")}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  key={fields.name.key}
                  {...text(fields.name)}
                  maxLength={PAYMENT_LIMITS.name}
                  label={t("fields.name")}
                  autoComplete="billing name"
                  error={errorOf(fields.name)}
                />
                <TextInput
                  key={fields.email.key}
                  {...text(fields.email, "email")}
                  maxLength={PAYMENT_LIMITS.email}
                  label={t("fields.email")}
                  autoComplete="billing email"
                  error={errorOf(fields.email)}
                />
              </SimpleGrid>
              <TextInput
                key={fields.address.key}
                {...text(fields.address)}
                maxLength={PAYMENT_LIMITS.address}
                label={t("fields.address")}
                autoComplete="billing street-address"
                error={errorOf(fields.address)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  key={fields.city.key}
                  {...text(fields.city)}
                  maxLength={PAYMENT_LIMITS.city}
                  label={t("fields.city")}
                  autoComplete="billing address-level2"
                  error={errorOf(fields.city)}
                />
                <TextInput
                  key={fields.postalCode.key}
                  {...text(fields.postalCode)}
                  maxLength={PAYMENT_LIMITS.postalCode}
                  label={t("fields.postalCode")}
                  description={t("fields.postalCodeHint")}
                  autoComplete="billing postal-code"
                  error={errorOf(fields.postalCode)}
                />
              </SimpleGrid>
              <NativeSelect
                key={fields.country.key}
                {...withoutKey(getSelectProps(fields.country, { ariaAttributes: false }))}
                label={t("fields.country")}
                autoComplete="billing country"
                data={[{ value: "", label: t("fields.countryPlaceholder") }, ...countries]}
                error={errorOf(fields.country)}
              />
            </FormSection>

            <FormSection title={t("sections.card")}>
              <TextInput
                key={fields.cardHolder.key}
                {...text(fields.cardHolder)}
                maxLength={PAYMENT_LIMITS.cardHolder}
                label={t("fields.cardHolder")}
                autoComplete="cc-name"
                error={errorOf(fields.cardHolder)}
              />
              <TextInput
                key={fields.cardNumber.key}
                {...text(fields.cardNumber)}
                label={t("fields.cardNumber")}
                placeholder={t("fields.cardNumberPlaceholder")}
                inputMode="numeric"
                autoComplete="cc-number"
                dir="ltr"
                error={errorOf(fields.cardNumber)}
              />
              <SimpleGrid cols={2} spacing="md">
                <TextInput
                  key={fields.expiry.key}
                  {...text(fields.expiry)}
                  label={t("fields.expiry")}
                  placeholder={t("fields.expiryPlaceholder")}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  dir="ltr"
                  error={errorOf(fields.expiry)}
                />
                <TextInput
                  key={fields.cvv.key}
                  {...text(fields.cvv)}
                  label={t("fields.cvv")}
                  placeholder={t("fields.cvvPlaceholder")}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  dir="ltr"
                  error={errorOf(fields.cvv)}
                />
              </SimpleGrid>
              <Group gap={6} wrap="nowrap">
                <IconLock size={16} aria-hidden className={classes.muted} />
                <Text size="xs" c="dimmed">
                  {t("card.neverStored")}
                </Text>
              </Group>
            </FormSection>

            <Button
              type="submit"
              size="lg"
              loading={navigation.state === "submitting"}
              classNames={{ root: classes.submit, label: classes.submitLabel }}
            >
              {t("form.submit", { total: price(planTotal(plan, billingCycle)) })}
            </Button>
          </Stack>
        </PendingForm>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Box className={classes.sticky}>
          <OrderSummary plan={plan} billingCycle={billingCycle} />
        </Box>
      </Grid.Col>
    </Grid>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="fieldset" className={classes.section}>
      <Title order={2} size="h4" component="legend" className={classes.legend}>
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

function OrderSummary({ plan, billingCycle }: { plan: PlanId; billingCycle: BillingCycle }) {
  const { t } = useTranslation("payment");
  const price = usePrice();
  const monthly = PLAN_MONTHLY_PRICES[plan];
  const yearly = billingCycle === "yearly";
  const saving = yearly ? monthly * 12 - planTotal(plan, "yearly") : 0;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="order-summary-title">
      <Title order={2} size="h4" id="order-summary-title" mb="md">
        {t("summary.title")}
      </Title>
      <Stack gap="sm">
        <SummaryRow label={t("summary.plan")} value={t(`plans.${plan}`)} />
        <SummaryRow label={t("summary.monthlyPrice")} value={price(monthly)} />
        <SummaryRow label={t("summary.billingCycle")} value={t(`cycles.${billingCycle}`)} />
        {yearly && <SummaryRow label={t("summary.yearlySaving")} value={price(-saving)} />}
        <Divider />
        <Group justify="space-between" align="baseline">
          <Text fw={700}>{t("summary.total")}</Text>
          <Text fw={800} size="xl">
            {price(planTotal(plan, billingCycle))}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t(yearly ? "summary.renewsYearly" : "summary.renewsMonthly")}
        </Text>
        <Text size="xs" fw={600}>
          {t("summary.demo")}
        </Text>
      </Stack>
    </Card>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="end">
        {value}
      </Text>
    </Group>
  );
}

function OrderConfirmation({ order }: { order: DemoOrder }) {
  const { t } = useTranslation("payment");
  const price = usePrice();
  return (
    <Card withBorder radius="lg" padding="xl" maw={640} mx="auto">
      <Stack gap="lg">
        <Alert
          variant="light"
          color="teal"
          radius="md"
          icon={<IconCircleCheck />}
          title={t("confirmation.title")}
        >
          {t("confirmation.text")}
        </Alert>
        <Stack gap="sm">
          <SummaryRow label={t("summary.plan")} value={t(`plans.${order.plan}`)} />
          <SummaryRow label={t("summary.billingCycle")} value={t(`cycles.${order.billingCycle}`)} />
          <SummaryRow label={t("summary.total")} value={price(order.total)} />
        </Stack>
        <Text size="sm" fw={600}>
          {t("confirmation.noPayment")}
        </Text>
        <Group>
          <Button component={Link} to="/pricing" variant="default">
            {t("confirmation.backToPricing")}
          </Button>
          <Button component={Link} to="/">
            {t("confirmation.home")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
