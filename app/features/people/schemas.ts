import { z } from "~/lib/zod-jitless";
import { JURISDICTIONS, PRACTICE_AREAS, SPOKEN_LANGUAGES } from "./people";
import { AVATAR_LIMITS, PROFILE_LIMITS } from "./profile-limits";

export { AVATAR_LIMITS, PROFILE_LIMITS };

/** The database's bar number rule: 2-30 letters, digits and . / - or space, starting and ending with a letter or digit. */
const BAR_NUMBER = /^[A-Za-z0-9]([A-Za-z0-9 ./-]{0,28}[A-Za-z0-9])$/;

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional();

/** A multiple choice of a list (checkboxes): none ticked posts nothing, which is an empty list. */
const choices = <Value extends string>(values: readonly [Value, ...Value[]], max: number, invalid: string) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(values, { error: invalid })).max(max, invalid),
  );

/** Whether a posted file is there at all: an empty file input posts a nameless, empty file. */
function isChosenFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File && (value.size > 0 || value.name !== "");
}

/**
 * The avatar's file: nothing (keeps the photo), or an image of an allowed type and size. The
 * type is the one the browser declared; the bucket checks it again.
 */
const avatar = z
  .custom<File | undefined>((value) => value === undefined || value instanceof File, "errors.avatarType")
  .transform((value) => (isChosenFile(value) ? value : undefined))
  .refine(
    (file) => file === undefined || (AVATAR_LIMITS.types as readonly string[]).includes(file.type),
    "errors.avatarType",
  )
  .refine((file) => file === undefined || file.size <= AVATAR_LIMITS.bytes, "errors.avatarTooBig")
  .optional();

/**
 * The profile form (`/dashboard/lawyer_user/{id}/edit`). Field names are the columns of
 * `public.users`; messages are keys of the `people` namespace. The lawyer's fields (practice
 * areas, jurisdictions, bar number, years, rate) are ignored for a client's profile.
 */
export const profileFormSchema = z.object({
  first_name: z
    .string({ error: "errors.firstNameRequired" })
    .trim()
    .min(1, "errors.firstNameRequired")
    .max(PROFILE_LIMITS.name, "errors.tooLong"),
  last_name: optionalText(PROFILE_LIMITS.name, "errors.tooLong"),
  phone_number: optionalText(PROFILE_LIMITS.phone, "errors.tooLong"),
  city: optionalText(PROFILE_LIMITS.place, "errors.tooLong"),
  country: optionalText(PROFILE_LIMITS.place, "errors.tooLong"),
  about: optionalText(PROFILE_LIMITS.about, "errors.aboutTooLong"),
  is_public: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  practice_areas: choices(PRACTICE_AREAS, PROFILE_LIMITS.practiceAreas, "errors.choiceInvalid"),
  jurisdictions: choices(JURISDICTIONS, PROFILE_LIMITS.jurisdictions, "errors.choiceInvalid"),
  languages: choices(SPOKEN_LANGUAGES, PROFILE_LIMITS.languages, "errors.choiceInvalid"),
  bar_number: z.string().trim().regex(BAR_NUMBER, "errors.barNumberInvalid").optional(),
  years_experience: z
    .number({ error: "errors.yearsInvalid" })
    .int("errors.yearsInvalid")
    .min(0, "errors.yearsInvalid")
    .max(PROFILE_LIMITS.yearsMax, "errors.yearsInvalid")
    .optional(),
  hourly_rate: z
    .number({ error: "errors.rateInvalid" })
    .min(0, "errors.rateInvalid")
    .max(PROFILE_LIMITS.rateMax, "errors.rateInvalid")
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, "errors.rateInvalid")
    .optional(),
  avatar,
});

export type ProfileFormValue = z.infer<typeof profileFormSchema>;

/**
 * The invitation form (`/dashboard/lawyer_user/new`): the lawyer's address and name, and for an
 * admin the firm (a firm admin invites into their own). Messages are keys of the `people` namespace.
 */
export const inviteFormSchema = z.object({
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .email({
        error: (issue) => (issue.input === undefined ? "errors.emailRequired" : "errors.emailInvalid"),
      })
      .max(254, "errors.emailInvalid"),
  ),
  first_name: optionalText(PROFILE_LIMITS.name, "errors.tooLong"),
  last_name: optionalText(PROFILE_LIMITS.name, "errors.tooLong"),
  firm_id: z.uuid({ error: "errors.firmRequired" }).optional(),
});

export type InviteFormValue = z.infer<typeof inviteFormSchema>;
