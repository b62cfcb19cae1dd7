import { z } from "~/lib/zod-jitless";

import { AUTH_LIMITS } from "./limits";

export { AUTH_LIMITS };

// Messages are keys of the `auth` namespace.
const email = z
  .email({ error: (issue) => (issue.input === undefined ? "errors.emailRequired" : "errors.emailInvalid") })
  .max(AUTH_LIMITS.email, "errors.emailInvalid");

const password = z
  .string({ error: "errors.passwordRequired" })
  .min(AUTH_LIMITS.passwordMin, "errors.passwordTooShort")
  .max(AUTH_LIMITS.passwordMax, "errors.passwordTooLong");

const name = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(AUTH_LIMITS.name, "errors.nameTooLong");

const returnTo = z.string().max(2000).optional();

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: "errors.passwordRequired" })
    .max(AUTH_LIMITS.passwordMax, "errors.passwordTooLong"),
  returnTo,
});

export const signUpSchema = z.object({
  firstName: name("errors.firstNameRequired"),
  lastName: name("errors.lastNameRequired"),
  email,
  password,
});

/** Logout: nothing to fill in (its form carries `returnTo`, where a failure goes back to). */
export const signOutSchema = z.object({});

export const resetPasswordSchema = z.object({ email });

export const resendSchema = z.object({ email });

export const updatePasswordSchema = z
  .object({ password, confirmPassword: z.string({ error: "errors.confirmPasswordRequired" }) })
  .refine((value) => value.password === value.confirmPassword, {
    message: "errors.passwordsDiffer",
    path: ["confirmPassword"],
  });

/** The display name sent at sign-up: first name plus last name (spec §5). */
export function displayNameOf(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}
