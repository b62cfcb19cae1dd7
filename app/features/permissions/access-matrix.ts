import { ABILITY_NAMES, type Ability, ACCESS_LEVELS, type AccessLevel, can } from "~/lib/access";

export type AccessMatrixRow = { ability: Ability; allowed: Record<AccessLevel, boolean> };

/**
 * What each level may do (the permission page's matrix): one row per ability of `~/lib/access`,
 * one column per level, read from the same model as the menu and the route guards.
 */
export function accessMatrix(): AccessMatrixRow[] {
  return ABILITY_NAMES.map((ability) => ({
    ability,
    allowed: Object.fromEntries(ACCESS_LEVELS.map((level) => [level, can(level, ability)])) as Record<
      AccessLevel,
      boolean
    >,
  }));
}
