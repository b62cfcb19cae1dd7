import type { Supabase } from "~/lib/database";
import { done, type Fallbacks, type Outcome, refused, refusedBy } from "~/lib/errors";
import { isLawyerLevel, type PersonProfile } from "./people";
import type { ProfileFormValue } from "./schemas";

/*
 * What a person changes of a profile: the form's fields and the photo. Row level security (the
 * update policies of public.users; storage's policies on the avatars bucket) and the trigger that
 * guards levels, firms, plans and ratings judge every write; refusals come back as codes.
 */

const PROFILE_FALLBACKS: Fallbacks = {
  notAllowed: "people:not_allowed",
  notFound: "people:not_allowed",
  refused: "people:refused",
  failed: "people:save_failed",
};

/** The file name extension the bucket stores a photo of this type under. */
const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/**
 * Stores the photo in the person's folder of the avatars bucket (`<id>/avatar-<time>.<ext>`, a new
 * name each time so no cache shows the old one) and gives its public address. The bucket refuses
 * another type, a bigger file or a folder the editor may not write.
 */
async function uploadAvatar(supabase: Supabase, personId: string, file: File): Promise<Outcome<string>> {
  const extension = EXTENSIONS[file.type];
  if (!extension) return refused("people:avatar_refused");
  const path = `${personId}/avatar-${Date.now()}.${extension}`;
  const { error } = await supabase.storage
    .from("avatars")
    .upload(path, await file.arrayBuffer(), { contentType: file.type, upsert: false });
  if (error) {
    const status = Number((error as { statusCode?: string | number }).statusCode ?? 0);
    console.error("Avatar upload refused", status, error.message);
    return refused(status === 403 || status === 401 ? "people:not_allowed" : "people:avatar_refused");
  }
  return done(supabase.storage.from("avatars").getPublicUrl(path).data.publicUrl);
}

/**
 * Saves the profile form for `person`. A client's profile keeps no lawyer's fields. Nothing is
 * written when the photo is refused; a profile the editor may not update (RLS lets no row through)
 * is refused, never "saved" with nothing changed.
 */
export async function updateProfile(
  supabase: Supabase,
  person: Pick<PersonProfile, "uuid" | "access_level">,
  value: ProfileFormValue,
): Promise<Outcome> {
  let avatarUrl: string | undefined;
  if (value.avatar) {
    const uploaded = await uploadAvatar(supabase, person.uuid, value.avatar);
    if (!uploaded.ok) return uploaded;
    avatarUrl = uploaded.value;
  }
  const lawyer = isLawyerLevel(person.access_level);
  const columns = {
    first_name: value.first_name,
    last_name: value.last_name ?? "",
    phone_number: value.phone_number ?? null,
    city: value.city ?? null,
    country: value.country ?? null,
    about: value.about ?? null,
    is_public: value.is_public,
    languages: value.languages,
    ...(lawyer
      ? {
          practice_areas: value.practice_areas,
          jurisdictions: value.jurisdictions,
          bar_number: value.bar_number ?? null,
          years_experience: value.years_experience ?? null,
          hourly_rate: value.hourly_rate ?? null,
        }
      : {}),
    ...(avatarUrl ? { avatar_url: avatarUrl } : {}),
  };
  const { data, error } = await supabase.from("users").update(columns).eq("uuid", person.uuid).select("uuid");
  if (error) return refusedBy(error, PROFILE_FALLBACKS);
  return data && data.length > 0 ? done() : refused("people:not_allowed");
}
