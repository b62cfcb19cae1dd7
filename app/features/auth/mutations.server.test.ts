import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { describeAuthError } from "./mutations.server";

describe("describeAuthError", () => {
  it("shows the spec's messages for known Auth errors", () => {
    expect(
      describeAuthError(new AuthApiError("Invalid login credentials", 400, "invalid_credentials")),
    ).toEqual({
      status: 400,
      formErrors: ["errors.invalidCredentials"],
    });
    expect(
      describeAuthError(new AuthApiError("User already registered", 422, "user_already_exists")),
    ).toMatchObject({
      formErrors: ["errors.userExists"],
    });
  });

  it("turns Auth's rate limit into a 429 with a translated message", () => {
    expect(
      describeAuthError(new AuthApiError("Request rate limit reached", 429, "over_request_rate_limit")),
    ).toEqual({
      status: 429,
      formErrors: ["errors.rateLimited"],
    });
  });

  it("lists the reasons a password is too weak on the password field", () => {
    // A reason this app does not know ("unknown") is left out rather than shown raw.
    const reasons = ["length", "characters", "unknown"] as ConstructorParameters<
      typeof AuthWeakPasswordError
    >[2];
    const error = new AuthWeakPasswordError("weak", 422, reasons);
    expect(describeAuthError(error)).toEqual({
      status: 422,
      formErrors: [],
      fieldErrors: { password: ["errors.weakPassword.length", "errors.weakPassword.characters"] },
    });
  });

  it("reports an unreachable backend as unavailable rather than as the person's mistake", () => {
    expect(describeAuthError(new AuthRetryableFetchError("fetch failed", 0))).toMatchObject({
      status: 503,
      formErrors: ["errors.unavailable"],
    });
  });
});
