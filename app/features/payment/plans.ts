/** Subscription plans (spec §4: basic 0, starter 4.99, premium 9.99 per month). */
export const PLAN_IDS = ["basic", "starter", "premium"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_CYCLES = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** Plans are priced in US dollars whatever the interface language. */
export const PLAN_CURRENCY = "USD";

/** Monthly price of each plan, in US dollars. */
export const PLAN_MONTHLY_PRICES: Readonly<Record<PlanId, number>> = {
  basic: 0,
  starter: 4.99,
  premium: 9.99,
};

/** A yearly subscription costs ten monthly payments: the pricing copy says "2 months free". */
const MONTHS_CHARGED_PER_YEAR = 10;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

export function isBillingCycle(value: unknown): value is BillingCycle {
  return typeof value === "string" && (BILLING_CYCLES as readonly string[]).includes(value);
}

/** The amount charged for one billing period of a plan, rounded to the cent. */
export function planTotal(plan: PlanId, cycle: BillingCycle): number {
  const monthlyCents = Math.round(PLAN_MONTHLY_PRICES[plan] * 100);
  const months = cycle === "yearly" ? MONTHS_CHARGED_PER_YEAR : 1;
  return (monthlyCents * months) / 100;
}
