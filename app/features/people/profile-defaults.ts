import type { PersonProfile } from "./people";

/** The form's starting values from the profile (Conform's defaults: text, lists, "on" for a ticked box). */
export function profileFormDefaults(profile: PersonProfile): Record<string, string | string[]> {
  const text = (value: string | number | null | undefined) => (value == null ? "" : String(value));
  return {
    first_name: text(profile.first_name),
    last_name: text(profile.last_name),
    phone_number: text(profile.phone_number),
    city: text(profile.city),
    country: text(profile.country),
    about: text(profile.about),
    is_public: profile.is_public ? "on" : "",
    practice_areas: profile.practice_areas ?? [],
    jurisdictions: profile.jurisdictions ?? [],
    languages: profile.languages ?? [],
    bar_number: text(profile.bar_number),
    years_experience: text(profile.years_experience),
    hourly_rate: text(profile.hourly_rate),
  };
}
