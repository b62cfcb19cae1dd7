/*
 * The profile form's limits, apart from its schema so the pages that show them load no zod (ADR 0019).
 */

/** The database's limits on a profile (20260101000000_initial.sql, 20261126020000_people_write_rules.sql). */
export const PROFILE_LIMITS = {
  name: 100,
  phone: 50,
  place: 100,
  about: 5000,
  barNumber: 30,
  yearsMax: 80,
  rateMax: 10000,
  practiceAreas: 20,
  jurisdictions: 50,
  languages: 30,
} as const;

/** The avatars bucket's limits (20261129100000_people_profiles.sql): 1 MB of JPEG, PNG or WebP. */
export const AVATAR_LIMITS = {
  bytes: 1024 * 1024,
  types: ["image/jpeg", "image/png", "image/webp"],
} as const;
