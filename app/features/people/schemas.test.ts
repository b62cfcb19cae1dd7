import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { AVATAR_LIMITS, inviteFormSchema, profileFormSchema } from "./schemas";

function form(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function parse(entries: [string, string | File][]) {
  return parseWithZod(form(entries), { schema: profileFormSchema });
}

describe("profileFormSchema", () => {
  it("reads a complete lawyer's profile, lists from repeated checkboxes", () => {
    const result = parse([
      ["first_name", " Ana "],
      ["last_name", "Ruiz"],
      ["is_public", "on"],
      ["practice_areas", "employment"],
      ["practice_areas", "immigration"],
      ["jurisdictions", "New York"],
      ["languages", "es"],
      ["bar_number", "MA-671204"],
      ["years_experience", "6"],
      ["hourly_rate", "190.50"],
    ]);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toMatchObject({
      first_name: "Ana",
      is_public: true,
      practice_areas: ["employment", "immigration"],
      jurisdictions: ["New York"],
      languages: ["es"],
      years_experience: 6,
      hourly_rate: 190.5,
    });
    expect(result.value.avatar).toBeUndefined();
  });

  it("takes unticked boxes as empty lists and an unticked share as private", () => {
    const result = parse([["first_name", "Clara"]]);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toMatchObject({
      practice_areas: [],
      jurisdictions: [],
      languages: [],
      is_public: false,
    });
  });

  it("refuses values outside the shared lists and out-of-range numbers", () => {
    const result = parse([
      ["first_name", ""],
      ["practice_areas", "astrology"],
      ["languages", "English"],
      ["bar_number", "-bad-"],
      ["years_experience", "81"],
      ["hourly_rate", "10000.01"],
    ]);
    expect(result.status).toBe("error");
    const errors = result.reply().error ?? {};
    expect(errors.first_name).toEqual(["errors.firstNameRequired"]);
    expect(errors["practice_areas[0]"] ?? errors.practice_areas).toBeDefined();
    expect(errors["languages[0]"] ?? errors.languages).toBeDefined();
    expect(errors.bar_number).toEqual(["errors.barNumberInvalid"]);
    expect(errors.years_experience).toEqual(["errors.yearsInvalid"]);
    expect(errors.hourly_rate).toEqual(["errors.rateInvalid"]);
  });

  it("keeps the photo when no file is chosen (an empty file input)", () => {
    const result = parse([
      ["first_name", "Leo"],
      ["avatar", new File([], "", { type: "application/octet-stream" })],
    ]);
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.avatar).toBeUndefined();
  });

  it("accepts a small PNG and refuses another type or a file over the limit", () => {
    const png = new File([new Uint8Array(100)], "me.png", { type: "image/png" });
    const ok = parse([
      ["first_name", "Leo"],
      ["avatar", png],
    ]);
    expect(ok.status).toBe("success");
    if (ok.status === "success") expect(ok.value.avatar?.name).toBe("me.png");

    const svg = new File(["<svg/>"], "me.svg", { type: "image/svg+xml" });
    expect(
      parse([
        ["first_name", "Leo"],
        ["avatar", svg],
      ]).reply().error?.avatar,
    ).toEqual(["errors.avatarType"]);

    const big = new File([new Uint8Array(AVATAR_LIMITS.bytes + 1)], "big.jpg", { type: "image/jpeg" });
    expect(
      parse([
        ["first_name", "Leo"],
        ["avatar", big],
      ]).reply().error?.avatar,
    ).toEqual(["errors.avatarTooBig"]);
  });
});

describe("inviteFormSchema", () => {
  const invite = (entries: [string, string][]) => parseWithZod(form(entries), { schema: inviteFormSchema });

  it("takes an address, optional names and an optional firm", () => {
    const submission = invite([
      ["email", " ines@example.com "],
      ["first_name", "Ines"],
      ["firm_id", "10000000-0000-4000-8000-000000000001"],
    ]);
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).toEqual({
        email: "ines@example.com",
        first_name: "Ines",
        firm_id: "10000000-0000-4000-8000-000000000001",
      });
    }
  });

  it("refuses a missing or malformed address and a firm that is not an id", () => {
    expect(invite([]).reply().error?.email).toEqual(["errors.emailRequired"]);
    expect(invite([["email", "not-an-address"]]).reply().error?.email).toEqual(["errors.emailInvalid"]);
    expect(
      invite([
        ["email", "a@example.com"],
        ["firm_id", "hartwell"],
      ]).reply().error?.firm_id,
    ).toEqual(["errors.firmRequired"]);
  });
});
