/**
 * The address of a person's profile (spec §2 `lawyer_user/{user_id}`), here in the shared layer so
 * the case and proposal pages link names to it without depending on the people feature.
 */
export function profilePath(userId: string): string {
  return `/dashboard/lawyer_user/${userId}`;
}
