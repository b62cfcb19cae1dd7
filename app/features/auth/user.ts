import type { User } from "@supabase/supabase-js";
import { type AccessLevel, accessLevelOf } from "~/lib/access";
import type { Profile } from "~/lib/database";

/** The signed-in user as the app sees it (spec §3). */
export type SignedInUser = {
  id: string;
  email: string | null;
  displayName: string;
  /** From user metadata; "admin" when absent, as the spec says. */
  role: string;
  accessLevel: AccessLevel;
  lawFirm: string | null;
  /** The firm's name, read with the profile (null without a firm or a profile). */
  lawFirmName: string | null;
  plan: string | null;
  firstName: string | null;
  photoURL: string | null;
  /** When the account was made (`users.created_at`; null without a profile). */
  accountCreatedAt: string | null;
  /** False when the profile could not be read: the person is signed in with the basics only. */
  profileLoaded: boolean;
};

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/**
 * Who a verified access token says the person is: its subject, e-mail and user metadata (an Auth
 * `User` has these too).
 */
export type AuthIdentity = Pick<User, "id" | "email" | "user_metadata">;

/** Combines the Auth identity and (when it could be read) their profile row. */
export function toSignedInUser(user: AuthIdentity, profile: Profile | null): SignedInUser {
  const metadata = (user.user_metadata ?? {}) as Record<string, unknown>;
  const fullName = [profile?.first_name, profile?.last_name].map(text).filter(Boolean).join(" ");
  return {
    id: user.id,
    email: user.email ?? null,
    displayName: text(metadata.display_name) ?? (fullName || (user.email ?? "")),
    role: text(metadata.role) ?? "admin",
    accessLevel: accessLevelOf(profile?.access_level),
    lawFirm: profile?.law_firm ?? null,
    lawFirmName: profile?.law_firms?.name ?? null,
    plan: profile?.plan ?? null,
    firstName: text(profile?.first_name) ?? text(metadata.first_name),
    photoURL: text(metadata.avatar_url) ?? text(metadata.photo_url),
    accountCreatedAt: profile?.created_at ?? null,
    profileLoaded: profile !== null,
  };
}
