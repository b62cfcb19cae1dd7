/** The account page's tabs (`?tab=`), the first one by default. No zod here: the page loads it on first use. */
export const ACCOUNT_TABS = ["general", "security", "notifications", "sessions"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export function accountTabOf(value: string | null): AccountTab {
  return ACCOUNT_TABS.find((tab) => tab === value) ?? "general";
}
