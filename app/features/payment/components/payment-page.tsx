import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Divider,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { ConformForm, type FormReply } from "~/components/form/conform";
import { RadioGroupField, SelectField, TextField } from "~/components/form/fields";
import { useConformForm } from "~/components/form/use-conform-form";
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
  lastResult?: FormReply;
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
  const [form, fields] = useConformForm({
    id: "payment",
    schema: paymentSchema,
    lastResult,
    defaultValue: { plan: defaultPlan, billingCycle: "monthly" },
  });

  const plan = isPlanId(fields.plan.value) ? fields.plan.value : defaultPlan;
  const billingCycle = isBillingCycle(fields.billingCycle.value) ? fields.billingCycle.value : "monthly";

  return (
    <Grid gap={{ base: "lg", md: 40 }}>
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <ConformForm form={form} ns="payment">
          <Stack gap="lg">
            <FormSection title={t("sections.plan")}>
              <SelectField
                field={fields.plan}
                label={t("fields.plan")}
                data={PLAN_IDS.map((id) => ({
                  value: id,
                  label: t("planOption", { plan: t(`plans.${id}`), price: price(PLAN_MONTHLY_PRICES[id]) }),
                }))}
              />
              <RadioGroupField
                field={fields.billingCycle}
                label={t("fields.billingCycle")}
                options={[
                  { value: "monthly", label: t("cycles.monthly") },
                  { value: "yearly", label: t("cycles.yearlyWithSaving") },
                ]}
              >
                {(radios) => (
                  <Group gap="xl" mt="xs">
                    {radios}
                  </Group>
                )}
              </RadioGroupField>
            </FormSection>

            <FormSection title={t("sections.billing")}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextField
                  field={fields.name}
                  maxLength={PAYMENT_LIMITS.name}
                  label={t("fields.name")}
                  autoComplete="billing name"
                />
                <TextField
                  field={fields.email}
                  type="email"
                  maxLength={PAYMENT_LIMITS.email}
                  label={t("fields.email")}
                  autoComplete="billing email"
                />
              </SimpleGrid>
              <TextField
                field={fields.address}
                maxLength={PAYMENT_LIMITS.address}
                label={t("fields.address")}
                autoComplete="billing street-address"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextField
                  field={fields.city}
                  maxLength={PAYMENT_LIMITS.city}
                  label={t("fields.city")}
                  autoComplete="billing address-level2"
                />
                <TextField
                  field={fields.postalCode}
                  maxLength={PAYMENT_LIMITS.postalCode}
                  label={t("fields.postalCode")}
                  description={t("fields.postalCodeHint")}
                  autoComplete="billing postal-code"
                />
              </SimpleGrid>
              <SelectField
                field={fields.country}
                label={t("fields.country")}
                autoComplete="billing country"
                data={[{ value: "", label: t("fields.countryPlaceholder") }, ...countries]}
              />
            </FormSection>

            <FormSection title={t("sections.card")}>
              <TextField
                field={fields.cardHolder}
                maxLength={PAYMENT_LIMITS.cardHolder}
                label={t("fields.cardHolder")}
                autoComplete="cc-name"
              />
              <TextField
                field={fields.cardNumber}
                label={t("fields.cardNumber")}
                placeholder={t("fields.cardNumberPlaceholder")}
                inputMode="numeric"
                autoComplete="cc-number"
                dir="ltr"
              />
              <SimpleGrid cols={2} spacing="md">
                <TextField
                  field={fields.expiry}
                  label={t("fields.expiry")}
                  placeholder={t("fields.expiryPlaceholder")}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  dir="ltr"
                />
                <TextField
                  field={fields.cvv}
                  label={t("fields.cvv")}
                  placeholder={t("fields.cvvPlaceholder")}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  dir="ltr"
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
        </ConformForm>
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
