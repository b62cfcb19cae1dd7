import type { User } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { toSignedInUser } from "./user";

const authUser = (metadata: Record<string, unknown> = {}) =>
  ({ id: "u1", email: "ana@example.com", user_metadata: metadata, app_metadata: {} }) as unknown as User;

describe("toSignedInUser", () => {
  it("reads the display name from metadata and the rest from the profile", () => {
    const user = toSignedInUser(authUser({ display_name: "Ana Silva", role: "client" }), {
      first_name: "Ana",
      last_name: "Silva",
      access_level: "lawyer",
      law_firm: "f1",
      plan: "premium",
      law_firms: { name: "Hartwell & Co" },
      created_at: "2026-11-01T09:00:00+00:00",
    });
    expect(user).toEqual({
      id: "u1",
      email: "ana@example.com",
      displayName: "Ana Silva",
      role: "client",
      accessLevel: "lawyer",
      lawFirm: "f1",
      lawFirmName: "Hartwell & Co",
      plan: "premium",
      firstName: "Ana",
      photoURL: null,
      accountCreatedAt: "2026-11-01T09:00:00+00:00",
      profileLoaded: true,
    });
  });

  it("defaults role to admin and the access level to user", () => {
    const user = toSignedInUser(authUser(), {
      first_name: "Bo",
      last_name: null,
      access_level: "root",
      law_firm: null,
      plan: null,
      law_firms: null,
      created_at: null,
    });
    expect(user.role).toBe("admin");
    expect(user.accessLevel).toBe("user");
    expect(user.displayName).toBe("Bo");
  });

  it("keeps the person signed in without the extra fields when the profile failed", () => {
    const user = toSignedInUser(authUser({ avatar_url: "https://x/a.png" }), null);
    expect(user).toMatchObject({
      displayName: "ana@example.com",
      accessLevel: "user",
      lawFirm: null,
      lawFirmName: null,
      plan: null,
      firstName: null,
      photoURL: "https://x/a.png",
      accountCreatedAt: null,
      profileLoaded: false,
    });
  });
});
