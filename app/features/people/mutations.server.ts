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
async function uploadAvatar(
  supabase: Supabase,
  personId: string,
  file: File,
): Promise<Outcome<{ path: string; url: string }>> {
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
  return done({ path, url: supabase.storage.from("avatars").getPublicUrl(path).data.publicUrl });
}

/**
 * Removes the person's earlier photos once the profile points at `keep`: each change stores a new
 * name, so without this every photo ever chosen would stay in the bucket. A removal that fails
 * leaves an unused file, not a broken profile, so it is logged and the save still succeeds.
 */
async function removeOldAvatars(supabase: Supabase, personId: string, keep: string): Promise<void> {
  const bucket = supabase.storage.from("avatars");
  const { data, error } = await bucket.list(personId, { limit: 100 });
  if (error) {
    console.error("Listing old photos failed", error.message);
    return;
  }
  const old = (data ?? [])
    .map((object) => `${personId}/${object.name}`)
    .filter((path) => path !== keep && /\/avatar-\d+\.(jpg|png|webp)$/.test(path));
  if (old.length === 0) return;
  const removed = await bucket.remove(old);
  if (removed.error) console.error("Removing old photos failed", removed.error.message);
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
  let avatar: { path: string; url: string } | undefined;
  if (value.avatar) {
    const uploaded = await uploadAvatar(supabase, person.uuid, value.avatar);
    if (!uploaded.ok) return uploaded;
    avatar = uploaded.value;
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
    ...(avatar ? { avatar_url: avatar.url } : {}),
  };
  const { data, error } = await supabase.from("users").update(columns).eq("uuid", person.uuid).select("uuid");
  if (error) return refusedBy(error, PROFILE_FALLBACKS);
  if (!data || data.length === 0) return refused("people:not_allowed");
  if (avatar) await removeOldAvatars(supabase, person.uuid, avatar.path);
  return done();
}
