import { describe, expect, it } from "vitest";
import { displayNameOf, signInSchema, signUpSchema, updatePasswordSchema } from "./schemas";

describe("auth schemas", () => {
  it("builds the display name from first and last name", () => {
    expect(displayNameOf(" Ana ", "Silva ")).toBe("Ana Silva");
  });

  it("requires names, a valid e-mail and a password of at least 6 characters at sign-up", () => {
    const result = signUpSchema.safeParse({ firstName: " ", lastName: "", email: "nope", password: "12345" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      firstName: "errors.firstNameRequired",
      lastName: "errors.lastNameRequired",
      email: "errors.emailInvalid",
      password: "errors.passwordTooShort",
    });
  });

  it("accepts a complete sign-in", () => {
    expect(signInSchema.safeParse({ email: "a@b.co", password: "x", returnTo: "/dashboard" }).success).toBe(
      true,
    );
  });

  it("requires the two new passwords to match", () => {
    const result = updatePasswordSchema.safeParse({ password: "Secret-123", confirmPassword: "Secret-124" });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["confirmPassword"],
      message: "errors.passwordsDiffer",
    });
  });
});
