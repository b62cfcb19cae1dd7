/**
 * People as the app sees them (../shared/design/domain.md "People and firms"; spec §2
 * `lawyer_user`, §3 the sample profile): the addresses of their pages, what a profile holds as
 * `public.people_profile` returns it, and who may edit whom — the database's rule
 * (20261126020000_people_write_rules.sql), mirrored so nobody is offered a form it would refuse.
 */
import type { AccessLevel } from "~/lib/access";
import type { PracticeArea } from "~/lib/database-values";
import { profilePath } from "~/lib/navigation/people-paths";

export {
  JURISDICTIONS,
  type Jurisdiction,
  PRACTICE_AREAS,
  type PracticeArea,
  SPOKEN_LANGUAGES,
  type SpokenLanguage,
} from "~/lib/database-values";

/** The addresses of the people pages (spec §2), in one place. */
export const peoplePaths = {
  index: "/dashboard/lawyer_user",
  list: "/dashboard/lawyer_user/list",
  cards: "/dashboard/lawyer_user/cards",
  /** The menu's "Edit Profile": the signed-in person's own form. */
  editOwn: "/dashboard/lawyer_user/edit",
  view: profilePath,
  edit: (id: string) => `/dashboard/lawyer_user/${id}/edit`,
} as const;

/** A lawyer's record on the platform (`public.lawyer_record`). */
type LawyerRecord = {
  cases_engaged: number;
  cases_closed: number;
  proposals_sent: number;
  /** Median seconds from a case's publication to this lawyer's proposal on it; null without one. */
  median_response_seconds: number | null;
};

/**
 * Which rule let the reader see the person: their whole row (themself, their firm, admins), a
 * public lawyer's profile, or what a client chose to share.
 */
type ProfileVisibility = "full" | "public_lawyer" | "public_client";

/** `public.people_profile(id)`: the fields the reader may see (the others are absent). */
export type PersonProfile = {
  uuid: string;
  first_name: string;
  last_name: string;
  access_level: AccessLevel;
  visibility: ProfileVisibility;
  is_public: boolean;
  law_firm?: string | null;
  firm_name?: string | null;
  email?: string | null;
  phone_number?: string | null;
  city?: string | null;
  country?: string | null;
  about?: string | null;
  avatar_url?: string | null;
  practice_areas?: PracticeArea[];
  jurisdictions?: string[];
  languages?: string[];
  bar_number?: string | null;
  years_experience?: number | null;
  hourly_rate?: number | null;
  rating?: number | null;
  record?: LawyerRecord | null;
};

/** Whether a level is a lawyer's (a lawyer or a firm's admin): their profile has the lawyer's fields. */
export function isLawyerLevel(level: AccessLevel | null | undefined): boolean {
  return level === "lawyer" || level === "lawyer_admin";
}

/** The name to show: first and last name, or a placeholder the caller translates. */
export function personName(person: { first_name?: string | null; last_name?: string | null }): string {
  return [person.first_name, person.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
}

/** Initials for an avatar without a photo. */
export function personInitials(person: { first_name?: string | null; last_name?: string | null }): string {
  return [person.first_name, person.last_name]
    .map((part) => Array.from(part?.trim() ?? "")[0] ?? "")
    .join("")
    .toUpperCase();
}

type Editor = { id: string; accessLevel: AccessLevel; lawFirm: string | null };
type Edited = { uuid: string; access_level: AccessLevel; law_firm?: string | null };

/**
 * Whether `editor` may edit `person`'s profile: themself, admins, and a firm's admin for their
 * firm's lawyers — the update policies of `public.users`, which decide in the end.
 */
export function mayEditProfile(editor: Editor, person: Edited): boolean {
  if (editor.id === person.uuid) return true;
  if (editor.accessLevel === "admin" || editor.accessLevel === "super_user") return true;
  return (
    editor.accessLevel === "lawyer_admin" &&
    editor.lawFirm !== null &&
    person.law_firm === editor.lawFirm &&
    isLawyerLevel(person.access_level)
  );
}

/**
 * A response time as its largest sensible unit: under an hour in minutes, under two days in hours,
 * else days (rounded; never 0 of a unit but for a response within the minute).
 */
export function responseTime(seconds: number): { value: number; unit: "minute" | "hour" | "day" } {
  const minutes = Math.max(0, seconds) / 60;
  if (minutes < 60) return { value: Math.round(minutes), unit: "minute" };
  const hours = minutes / 60;
  if (hours < 48) return { value: Math.round(hours), unit: "hour" };
  return { value: Math.round(hours / 24), unit: "day" };
}

/** The URL of a person's photo, when it is one the app shows (its own files, or https). */
export function avatarSource(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}
