import { describe, expect, it } from "vitest";
import { CONTACT_LIMITS, contactSchema } from "./schemas";

const valid = {
  name: "Amina Haddad",
  email: "amina@example.com",
  subject: "Question about plans",
  message: "Can a law firm share one Premium plan?",
};

function errorsOf(input: Record<string, unknown>): Record<string, string[]> {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

describe("contactSchema", () => {
  it("accepts a complete message and trims it", () => {
    const result = contactSchema.parse({ ...valid, name: "  Amina Haddad  " });
    expect(result.name).toBe("Amina Haddad");
  });

  it("asks for every missing field", () => {
    expect(errorsOf({})).toEqual({
      name: ["errors.nameRequired"],
      email: ["errors.emailRequired"],
      subject: ["errors.subjectRequired"],
      message: ["errors.messageRequired"],
    });
  });

  it("treats blank text as missing", () => {
    expect(errorsOf({ ...valid, name: "   ", subject: " " })).toEqual({
      name: ["errors.nameRequired"],
      subject: ["errors.subjectRequired"],
    });
  });

  it("rejects a malformed e-mail address", () => {
    expect(errorsOf({ ...valid, email: "amina@" })).toEqual({ email: ["errors.emailInvalid"] });
  });

  it("limits the lengths", () => {
    expect(
      errorsOf({
        ...valid,
        name: "n".repeat(CONTACT_LIMITS.name + 1),
        subject: "s".repeat(CONTACT_LIMITS.subject + 1),
        message: "m".repeat(CONTACT_LIMITS.messageMax + 1),
      }),
    ).toEqual({
      name: ["errors.nameTooLong"],
      subject: ["errors.subjectTooLong"],
      message: ["errors.messageTooLong"],
    });
    expect(errorsOf({ ...valid, message: "Too short" })).toEqual({ message: ["errors.messageTooShort"] });
    expect(errorsOf({ ...valid, message: "m".repeat(CONTACT_LIMITS.messageMax) })).toEqual({});
  });
});
