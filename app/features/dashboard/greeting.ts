/** How long an account counts as new: the first day, whatever the number of sign-ins in it. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the overview greets a newcomer ("Welcome") rather than a returning person ("Welcome
 * back"): the account was created less than a day ago. An unknown creation time is not new.
 */
export function isNewAccount(createdAt: string | null, now: Date): boolean {
  if (!createdAt) return false;
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  return now.getTime() - created < NEW_ACCOUNT_MS;
}
