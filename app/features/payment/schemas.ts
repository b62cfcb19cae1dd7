import { z } from "~/lib/zod-jitless";
import {
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_MIN_DIGITS,
  CARD_NUMBER_PATTERN,
  CVV_PATTERN,
  cardDigits,
  EXPIRY_PATTERN,
  isExpiryCurrent,
  passesLuhn,
} from "./card";
import { COUNTRY_CODES } from "./countries";
import { BILLING_CYCLES, PLAN_IDS } from "./plans";

/** Longest accepted value of each free-text field. */
export const PAYMENT_LIMITS = {
  name: 100,
  email: 254,
  address: 200,
  city: 100,
  postalCode: 20,
  cardHolder: 100,
} as const;

/** A required one-line text: missing and blank give `required`, too long gives `tooLong`. */
function requiredText(max: number, required: string, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/**
 * The demonstration checkout (plan, billing details, card). Messages are keys of the `payment`
 * namespace. The card is only checked for shape; it is never stored or sent anywhere.
 */
export const paymentSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: "errors.planRequired" }),
  billingCycle: z.enum(BILLING_CYCLES, { error: "errors.billingCycleRequired" }),
  name: requiredText(PAYMENT_LIMITS.name, "errors.nameRequired", "errors.nameTooLong"),
  email: z
    .email({ error: (issue) => (issue.input === undefined ? "errors.emailRequired" : "errors.emailInvalid") })
    .max(PAYMENT_LIMITS.email, "errors.emailTooLong"),
  address: requiredText(PAYMENT_LIMITS.address, "errors.addressRequired", "errors.addressTooLong"),
  city: requiredText(PAYMENT_LIMITS.city, "errors.cityRequired", "errors.cityTooLong"),
  postalCode: z.string().trim().max(PAYMENT_LIMITS.postalCode, "errors.postalCodeTooLong").optional(),
  country: z.enum(COUNTRY_CODES, { error: "errors.countryRequired" }),
  cardHolder: requiredText(
    PAYMENT_LIMITS.cardHolder,
    "errors.cardHolderRequired",
    "errors.cardHolderTooLong",
  ),
  cardNumber: z
    .string({ error: "errors.cardNumberRequired" })
    .trim()
    .regex(CARD_NUMBER_PATTERN, { error: "errors.cardNumberFormat", abort: true })
    .refine(
      (value) => {
        const length = cardDigits(value).length;
        return length >= CARD_NUMBER_MIN_DIGITS && length <= CARD_NUMBER_MAX_DIGITS;
      },
      { error: "errors.cardNumberLength", abort: true },
    )
    .refine((value) => passesLuhn(cardDigits(value)), "errors.cardNumberInvalid"),
  expiry: z
    .string({ error: "errors.expiryRequired" })
    .trim()
    .regex(EXPIRY_PATTERN, { error: "errors.expiryFormat", abort: true })
    .refine((value) => isExpiryCurrent(value, new Date()), "errors.expiryPast"),
  cvv: z.string({ error: "errors.cvvRequired" }).trim().regex(CVV_PATTERN, "errors.cvvInvalid"),
});

/** Fields whose values are never sent back to the browser after a submission. */
export const PAYMENT_SECRET_FIELDS = ["cardNumber", "cvv"] as const;
