import { describe, expect, it } from "vitest";
import { avatarSource, mayEditProfile, personInitials, responseTime } from "./people";

const FIRM = "10000000-0000-4000-8000-000000000001";

describe("mayEditProfile (the update policies of public.users)", () => {
  const lawyer = { uuid: "b", access_level: "lawyer" as const, law_firm: FIRM };
  it("lets a person edit themself", () => {
    expect(mayEditProfile({ id: "b", accessLevel: "lawyer", lawFirm: FIRM }, lawyer)).toBe(true);
  });
  it("lets a firm's admin edit their firm's lawyers only", () => {
    expect(mayEditProfile({ id: "a", accessLevel: "lawyer_admin", lawFirm: FIRM }, lawyer)).toBe(true);
    expect(mayEditProfile({ id: "a", accessLevel: "lawyer_admin", lawFirm: "other" }, lawyer)).toBe(false);
    expect(
      mayEditProfile(
        { id: "a", accessLevel: "lawyer_admin", lawFirm: FIRM },
        { ...lawyer, access_level: "user" },
      ),
    ).toBe(false);
  });
  it("lets admins edit anyone and nobody else edit others", () => {
    expect(mayEditProfile({ id: "a", accessLevel: "admin", lawFirm: null }, lawyer)).toBe(true);
    expect(mayEditProfile({ id: "a", accessLevel: "lawyer", lawFirm: FIRM }, lawyer)).toBe(false);
    expect(mayEditProfile({ id: "a", accessLevel: "user", lawFirm: null }, lawyer)).toBe(false);
  });
});

describe("responseTime", () => {
  it("picks minutes, hours or days", () => {
    expect(responseTime(90)).toEqual({ value: 2, unit: "minute" });
    expect(responseTime(3 * 3600 + 1200)).toEqual({ value: 3, unit: "hour" });
    expect(responseTime(47 * 3600)).toEqual({ value: 47, unit: "hour" });
    expect(responseTime(5.4 * 86400)).toEqual({ value: 5, unit: "day" });
    expect(responseTime(-5)).toEqual({ value: 0, unit: "minute" });
  });
});

describe("avatarSource and initials", () => {
  it("shows the app's own files and http(s) photos only", () => {
    expect(avatarSource("/people/leo-hartwell.svg")).toBe("/people/leo-hartwell.svg");
    expect(avatarSource("https://x.test/a.png")).toBe("https://x.test/a.png");
    expect(avatarSource("javascript:alert(1)")).toBeNull();
    expect(avatarSource("//evil.test/a.png")).toBeNull();
    expect(avatarSource(null)).toBeNull();
  });
  it("makes initials of the names", () => {
    expect(personInitials({ first_name: "ana", last_name: "Ruiz" })).toBe("AR");
    expect(personInitials({ first_name: "", last_name: null })).toBe("");
  });
});
