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
import { Link } from "react-router";
import { ConformForm, type FormReply } from "~/components/form/conform";
import { RadioGroupField, SelectField, TextField } from "~/components/form/fields";
import { useConformForm } from "~/components/form/use-conform-form";
import { PageHeader } from "~/components/page-header";
import { formatCurrency, getLanguageOption } from "~/lib/i18n/languages";
import type { CountryOption } from "../countries";
import {
  BILLING_CYCLES,
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
  countries: readonly CountryOption[];
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
  const [form, fields] = useConformForm({
    id: "payment",
    schema: paymentSchema,
    lastResult,
    defaultValue: { plan: defaultPlan, billingCycle: "monthly" },
  });

  // The choice the page opens with; CSS shows what follows the person's choice (`Choice`).
  const plan = isPlanId(fields.plan.value) ? fields.plan.value : defaultPlan;
  const billingCycle = isBillingCycle(fields.billingCycle.value) ? fields.billingCycle.value : "monthly";

  return (
    <Grid gap={{ base: "lg", md: 40 }} className={classes.checkout}>
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

            <Button type="submit" size="lg" classNames={{ root: classes.submit, label: classes.submitLabel }}>
              {PLAN_IDS.flatMap((id) =>
                BILLING_CYCLES.map((cycle) => (
                  <Choice key={`${id}-${cycle}`} plan={id} cycle={cycle} opened={{ plan, billingCycle }}>
                    {t("form.submit", { total: price(planTotal(id, cycle)) })}
                  </Choice>
                )),
              )}
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

/**
 * A text that holds for one plan and/or one billing cycle. Every variant is in the page and CSS
 * shows those that match the form's choice (`.checkout:has(… :checked)`, payment-page.module.css):
 * the total and the summary follow the choice with JavaScript or without it, on a static page
 * (ADR 0023). `opened` is the choice the page opens with, shown where `:has()` is not supported.
 */
function Choice({
  plan,
  cycle,
  opened,
  block = false,
  children,
}: {
  plan?: PlanId;
  cycle?: BillingCycle;
  opened: { plan: PlanId; billingCycle: BillingCycle };
  block?: boolean;
  children: ReactNode;
}) {
  const shown =
    (plan === undefined || plan === opened.plan) && (cycle === undefined || cycle === opened.billingCycle);
  const Element = block ? "div" : "span";
  return (
    <Element className={classes.choice} data-plan={plan} data-cycle={cycle} data-opened={shown || undefined}>
      {children}
    </Element>
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

/** What the chosen plan costs, every variant rendered and the chosen one shown (`Choice`). */
function OrderSummary({ plan, billingCycle }: { plan: PlanId; billingCycle: BillingCycle }) {
  const { t } = useTranslation("payment");
  const price = usePrice();
  const opened = { plan, billingCycle };
  const byPlan = (text: (id: PlanId) => string) =>
    PLAN_IDS.map((id) => (
      <Choice key={id} plan={id} opened={opened}>
        {text(id)}
      </Choice>
    ));
  const byCycle = (text: (cycle: BillingCycle) => string) =>
    BILLING_CYCLES.map((cycle) => (
      <Choice key={cycle} cycle={cycle} opened={opened}>
        {text(cycle)}
      </Choice>
    ));
  const saving = (id: PlanId) => PLAN_MONTHLY_PRICES[id] * 12 - planTotal(id, "yearly");

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="order-summary-title">
      <Title order={2} size="h4" id="order-summary-title" mb="md">
        {t("summary.title")}
      </Title>
      <Stack gap="sm">
        <SummaryRow label={t("summary.plan")} value={byPlan((id) => t(`plans.${id}`))} />
        <SummaryRow
          label={t("summary.monthlyPrice")}
          value={byPlan((id) => price(PLAN_MONTHLY_PRICES[id]))}
        />
        <SummaryRow label={t("summary.billingCycle")} value={byCycle((cycle) => t(`cycles.${cycle}`))} />
        <Choice cycle="yearly" opened={opened} block>
          <SummaryRow label={t("summary.yearlySaving")} value={byPlan((id) => price(-saving(id)))} />
        </Choice>
        <Divider />
        <Group justify="space-between" align="baseline">
          <Text fw={700}>{t("summary.total")}</Text>
          <Text fw={800} size="xl" data-testid="order-total">
            {PLAN_IDS.flatMap((id) =>
              BILLING_CYCLES.map((cycle) => (
                <Choice key={`${id}-${cycle}`} plan={id} cycle={cycle} opened={opened}>
                  {price(planTotal(id, cycle))}
                </Choice>
              )),
            )}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {byCycle((cycle) => t(cycle === "yearly" ? "summary.renewsYearly" : "summary.renewsMonthly"))}
        </Text>
        <Text size="xs" fw={600}>
          {t("summary.demo")}
        </Text>
      </Stack>
    </Card>
  );
}

function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
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
