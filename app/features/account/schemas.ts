import { z } from "~/lib/zod-jitless";

const ACCOUNT_LIMITS = { nameMax: 100, passwordMin: 8, passwordMax: 72 } as const;

const name = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(ACCOUNT_LIMITS.nameMax, "errors.nameTooLong");

/** General: the person's names and whether their profile is public (the users row's own columns). */
export const generalSchema = z.object({
  intent: z.literal("general"),
  first_name: name("errors.firstNameRequired"),
  last_name: name("errors.lastNameRequired"),
  is_public: z.boolean().default(false),
});

/** Security: a new password, given with the current one. */
export const passwordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string({ error: "errors.currentPasswordRequired" }).max(ACCOUNT_LIMITS.passwordMax),
    password: z
      .string({ error: "errors.passwordRequired" })
      .min(ACCOUNT_LIMITS.passwordMin, "errors.passwordTooShort")
      .max(ACCOUNT_LIMITS.passwordMax, "errors.passwordTooLong"),
    confirmPassword: z.string({ error: "errors.confirmPasswordRequired" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "errors.passwordsDiffer",
    path: ["confirmPassword"],
  });

/** Security: a new e-mail address, confirmed from both the old and the new one. */
export const emailSchema = z.object({
  intent: z.literal("email"),
  email: z.email({ error: "errors.emailInvalid" }).max(254, "errors.emailInvalid"),
});
