import { z } from "~/lib/zod-jitless";

/** Length limits of the contact form. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** The public contact form. Messages are keys of the `contact` namespace. */
export const contactSchema = z.object({
  name: z
    .string({ error: "errors.nameRequired" })
    .trim()
    .min(1, "errors.nameRequired")
    .max(CONTACT_LIMITS.name, "errors.nameTooLong"),
  email: z
    .email({ error: (issue) => (issue.input === undefined ? "errors.emailRequired" : "errors.emailInvalid") })
    .max(CONTACT_LIMITS.email, "errors.emailTooLong"),
  subject: z
    .string({ error: "errors.subjectRequired" })
    .trim()
    .min(1, "errors.subjectRequired")
    .max(CONTACT_LIMITS.subject, "errors.subjectTooLong"),
  message: z
    .string({ error: "errors.messageRequired" })
    .trim()
    .min(CONTACT_LIMITS.messageMin, "errors.messageTooShort")
    .max(CONTACT_LIMITS.messageMax, "errors.messageTooLong"),
});

export type ContactMessage = z.infer<typeof contactSchema>;
