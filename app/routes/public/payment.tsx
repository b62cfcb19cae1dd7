import { data } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { PaymentPage } from "~/features/payment/components/payment-page";
import { countryOptions } from "~/features/payment/countries";
import { isPlanId, planTotal } from "~/features/payment/plans";
import { PAYMENT_SECRET_FIELDS, paymentSchema } from "~/features/payment/schemas";
import { parseForm } from "~/lib/form.server";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/payment";

/**
 * Static (ADR 0023): the total and the order summary follow the plan and billing cycle in CSS,
 * the form posts and the server validates it. Kept rendered without `?plan=` (ADR 0022).
 */
export const handle = { i18n: "payment", hydrate: false, sameForEveryone: true };

export function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(null, "payment");
  const requested = new URL(request.url).searchParams.get("plan");
  return data({
    title: t("meta.title"),
    description: t("meta.description"),
    defaultPlan: isPlanId(requested) ? requested : "starter",
    countries: countryOptions(getLocale(context)),
  });
}

export const meta: Route.MetaFunction = pageMeta;

/** A demonstration checkout: the order is validated and echoed back; no card data is kept or sent on. */
export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, paymentSchema);
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: [...PAYMENT_SECRET_FIELDS] }), { status: 400 });
  }
  const { plan, billingCycle } = submission.value;
  return { order: { plan, billingCycle, total: planTotal(plan, billingCycle) } };
}

export default function PaymentRoute({ loaderData, actionData }: Route.ComponentProps) {
  const order = actionData && "order" in actionData ? actionData.order : undefined;
  const lastResult = actionData && !("order" in actionData) ? actionData : undefined;
  return (
    <PaymentPage
      defaultPlan={loaderData.defaultPlan}
      countries={loaderData.countries}
      lastResult={lastResult}
      order={order}
    />
  );
}
