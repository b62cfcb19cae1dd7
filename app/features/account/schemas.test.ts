import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { accountTabOf } from "./account-tabs";
import { emailSchema, generalSchema, passwordSchema } from "./schemas";

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const submission = parseWithZod(form, { schema });
  return submission.status === "success" ? { value: submission.value } : { errors: submission.error };
}

describe("the account page's forms", () => {
  it("reads the tab from the address, general by default", () => {
    expect(accountTabOf("sessions")).toBe("sessions");
    expect(accountTabOf("admin")).toBe("general");
    expect(accountTabOf(null)).toBe("general");
  });

  it("general: names required and trimmed, is_public a checkbox", () => {
    expect(
      errorsOf(generalSchema, {
        intent: "general",
        first_name: " Ada ",
        last_name: "Lovelace",
        is_public: "on",
      }),
    ).toEqual({ value: { intent: "general", first_name: "Ada", last_name: "Lovelace", is_public: true } });
    expect(
      errorsOf(generalSchema, { intent: "general", first_name: "Ada", last_name: "Lovelace" }),
    ).toMatchObject({
      value: { is_public: false },
    });
    expect(
      errorsOf(generalSchema, { intent: "general", first_name: "", last_name: "x".repeat(101) }),
    ).toEqual({
      errors: { first_name: ["errors.firstNameRequired"], last_name: ["errors.nameTooLong"] },
    });
  });

  it("password: the current one, a new one of 8 to 72 characters, confirmed", () => {
    const base = { intent: "password", currentPassword: "Old-Password-1" };
    expect(
      errorsOf(passwordSchema, { ...base, password: "New-Password-1", confirmPassword: "New-Password-1" }),
    ).toHaveProperty("value");
    expect(errorsOf(passwordSchema, { ...base, password: "short", confirmPassword: "short" })).toEqual({
      errors: { password: ["errors.passwordTooShort"] },
    });
    expect(
      errorsOf(passwordSchema, { ...base, password: "New-Password-1", confirmPassword: "Other-1234" }),
    ).toEqual({
      errors: { confirmPassword: ["errors.passwordsDiffer"] },
    });
    expect(
      errorsOf(passwordSchema, {
        intent: "password",
        password: "New-Password-1",
        confirmPassword: "New-Password-1",
      }),
    ).toEqual({ errors: { currentPassword: ["errors.currentPasswordRequired"] } });
  });

  it("e-mail: a valid address", () => {
    expect(errorsOf(emailSchema, { intent: "email", email: "new@example.com" })).toHaveProperty("value");
    expect(errorsOf(emailSchema, { intent: "email", email: "nope" })).toEqual({
      errors: { email: ["errors.emailInvalid"] },
    });
  });
});
