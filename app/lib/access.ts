import { data } from "react-router";

/**
 * The access-level model (spec §6, domain "Access levels"): the levels, who belongs together and
 * what each level may do in the app. The menu, the route guards, the pages' buttons and the
 * database tests all read it; nothing else compares access levels. The database is the judge of
 * every write (RLS); these rules decide what a person is offered, so nobody is offered what RLS
 * would refuse.
 */

/**
 * The levels of `users.access_level`, lowest first. Its check constraint lists the same values
 * (tests/unit/database-types.test.ts compares them), and the `Database` type narrows the column
 * to them.
 */
export const ACCESS_LEVELS = ["user", "lawyer", "lawyer_admin", "admin", "super_user"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Clients: they describe legal problems as cases. */
const CLIENTS = ["user"] as const satisfies readonly AccessLevel[];
/** Lawyers and firm admins: they browse open cases, propose and run the cases they are engaged on. */
const LAWYERS = ["lawyer", "lawyer_admin"] as const satisfies readonly AccessLevel[];
/** A firm's admin: everything a lawyer may, for every case and proposal of the firm. */
const FIRM_ADMINS = ["lawyer_admin"] as const satisfies readonly AccessLevel[];
/** The platform's admins: they see everything. */
const ADMINS = ["admin", "super_user"] as const satisfies readonly AccessLevel[];

/** What each level may do, by name: the levels that may. */
const ABILITIES = {
  /**
   * Opens new cases: the form makes its author the case's client and publishes it to lawyers, so
   * only clients get it (a lawyer would become the client of their own case).
   */
  opensCases: CLIENTS,
  /** Browses the open cases (the marketplace) and proposes on them. */
  proposes: LAWYERS,
  /** Acts for their firm: the firm's cases, proposals and lawyers' profiles. */
  managesFirm: FIRM_ADMINS,
  /** Has a pipeline of cases to run (case_management). */
  runsPipeline: [...LAWYERS, ...ADMINS],
  /**
   * Runs workflows on the cases they work on and reads their firm's workflow templates (issue 22);
   * clients see only the tasks given to them. Who writes templates: `writesWorkflowTemplates`.
   */
  runsWorkflows: [...LAWYERS, ...ADMINS],
  /**
   * Runs the tasks of the cases they work on: creates, edits, assigns and moves any of them (the
   * database decides which cases: 20261130000000_tasks.sql). Clients see and move their own.
   */
  managesTasks: [...LAWYERS, ...ADMINS],
  /** Sees lawyers' profiles beyond their own (spec §6: List, Edit Profile). */
  seesLawyerProfiles: [...LAWYERS, ...ADMINS],
  /** Manages profiles (spec §6: Create Profile, Cards, Account). */
  managesProfiles: [...FIRM_ADMINS, ...ADMINS],
  /** The permission page (spec §6: admin; domain: "everything an admin may" for super_user). */
  seesPermissionPage: ADMINS,
  /** The template's sample pages (params, blank): tools for the platform's admins, not for customers. */
  seesTemplatePages: ADMINS,
  /** Sees and may do everything (the platform's admins). */
  isAdmin: ADMINS,
} as const satisfies Record<string, readonly AccessLevel[]>;

export type Ability = keyof typeof ABILITIES;

/** Whether a person of this access level has the ability (no level, as for a guest: none). */
export function can(accessLevel: AccessLevel | null | undefined, ability: Ability): boolean {
  return accessLevel != null && (ABILITIES[ability] as readonly AccessLevel[]).includes(accessLevel);
}

/** The levels that have the ability, lowest first (the database tests loop over them). */
export function levelsThat(ability: Ability): AccessLevel[] {
  return ACCESS_LEVELS.filter((level) => can(level, ability));
}

/** The levels that do not have the ability, lowest first. */
export function levelsWithout(ability: Ability): AccessLevel[] {
  return ACCESS_LEVELS.filter((level) => !can(level, ability));
}

/** The access level a stored value names; anything else (no profile, an unknown value) is `user`. */
export function accessLevelOf(value: unknown): AccessLevel {
  return ACCESS_LEVELS.find((level) => level === value) ?? "user";
}

/**
 * The route guard of a page or action for some levels only: a person without the ability gets
 * the dashboard's 403 page. It only spares them a page that would show nothing; RLS still decides
 * what they read and write.
 */
export function requireAbility(user: { accessLevel: AccessLevel }, ability: Ability): void {
  if (!can(user.accessLevel, ability)) throw data(null, { status: 403 });
}

/**
 * Whether a person writes workflow templates (the database's `writes_workflow_template`): their
 * firm's admin for the firm's, an independent lawyer (no firm) their own, admins any. A firm's
 * lawyer reads the firm's templates and uses them, and does not change them.
 */
export function writesWorkflowTemplates(user: { accessLevel: AccessLevel; lawFirm: string | null }): boolean {
  if (can(user.accessLevel, "isAdmin")) return true;
  if (user.lawFirm !== null) return can(user.accessLevel, "managesFirm");
  return can(user.accessLevel, "proposes") && !can(user.accessLevel, "managesFirm");
}

/** Every ability by name, in the order of the model (the permission page's matrix lists them). */
export const ABILITY_NAMES = Object.keys(ABILITIES) as Ability[];

/**
 * Whether a person of `callerLevel` may set someone's level from or to `level`, or change the firm
 * of a person of that level (the database's `may_manage_level`, ADR 0010): a super user any
 * level, an admin clients, lawyers and firm admins, nobody else anyone. Nobody changes their own
 * (the caller checks that: it is a question of who, not of levels).
 */
function managesLevel(callerLevel: AccessLevel | null | undefined, level: AccessLevel): boolean {
  if (callerLevel === "super_user") return true;
  return can(callerLevel, "isAdmin") && !can(level, "isAdmin");
}

/** The levels `callerLevel` may give or take away, lowest first. */
export function levelsManagedBy(callerLevel: AccessLevel | null | undefined): AccessLevel[] {
  return ACCESS_LEVELS.filter((level) => managesLevel(callerLevel, level));
}
