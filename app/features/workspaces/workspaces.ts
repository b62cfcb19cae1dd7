import { isPlanId, PLAN_IDS, type PlanId } from "~/features/payment/plans";

/**
 * Where the person works (spec §3 Workspace: name, logo, plan): their law firm
 * (`users.law_firm` → `law_firms.name`), or — for a client, who has none — their personal space;
 * with their own plan (`users.plan`), null when the profile could not be read.
 */
export type Workspace = { kind: "firm" | "personal"; name: string | null; plan: PlanId | null };

/** The highest plan: nothing to upgrade to, so no upgrade offer. */
const TOP_PLAN: PlanId = PLAN_IDS[PLAN_IDS.length - 1] as PlanId;

/** The person's workspace from their profile's firm id and plan and the firm's name (when read). */
export function workspaceOf(
  profile: { lawFirm: string | null; plan: string | null },
  firmName: string | null,
): Workspace {
  const plan = isPlanId(profile.plan) ? profile.plan : null;
  return profile.lawFirm && firmName
    ? { kind: "firm", name: firmName, plan }
    : { kind: "personal", name: null, plan };
}

/** The plan to offer next, or null on the top plan (or when the plan is unknown). */
export function nextPlan(plan: PlanId | null): PlanId | null {
  if (plan === null || plan === TOP_PLAN) return null;
  return PLAN_IDS[PLAN_IDS.indexOf(plan) + 1] ?? null;
}
