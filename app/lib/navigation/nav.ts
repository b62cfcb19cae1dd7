import { type Ability, type AccessLevel, can } from "~/lib/access";

/** One navigation entry (spec §3 Navigation item). `title` is a translation key. */
export interface NavItem {
  title: string;
  path: string;
  /** Name of an icon in the layout's icon map. */
  icon?: string;
  children?: NavItem[];
  /** When set, only the access levels with this ability see the item (`~/lib/access`). */
  ability?: Ability;
  /** Shown as an illustration card with the title hidden (the "Dashboard" child, spec §2). */
  card?: boolean;
}

/** A group of items under a subheader (also a translation key). */
export interface NavGroup {
  subheader?: string;
  items: NavItem[];
}

/** An external path (another site, mail or phone) opens as a plain external link. */
export function isExternalPath(path: string): boolean {
  return /^(?:[a-z][a-z\d+\-.]*:)?\/\//i.test(path) || /^(?:mailto|tel):/i.test(path);
}

/** Whether a page of the model exists yet; external links always do. */
type PageExists = (path: string) => boolean;

/**
 * Keeps only the items (and children) the access level may see and whose page `exists`; a parent
 * emptied of children goes too. Without a level (a guest) only the items for everyone.
 */
export function filterNavItems(
  items: readonly NavItem[],
  accessLevel: AccessLevel | null,
  exists: PageExists = () => true,
): NavItem[] {
  const visible: NavItem[] = [];
  for (const item of items) {
    if (item.ability && !can(accessLevel, item.ability)) continue;
    if (!item.children) {
      if (isExternalPath(item.path) || exists(item.path)) visible.push(item);
      continue;
    }
    const children = filterNavItems(item.children, accessLevel, exists);
    if (children.length > 0) visible.push({ ...item, children });
  }
  return visible;
}

/** Groups with the items the access level may see (and whose page exists); empty groups are dropped. */
export function filterNavGroups(
  groups: readonly NavGroup[],
  accessLevel: AccessLevel | null,
  exists: PageExists = () => true,
): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: filterNavItems(group.items, accessLevel, exists) }))
    .filter((group) => group.items.length > 0);
}

function normalise(path: string): string {
  const [pathname = "/"] = path.split(/[?#]/);
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/**
 * Whether an item is active for the current path: exact match, or (with `deep`) any path below
 * it; a parent is active when any of its children is. "/" only matches itself.
 */
export function isActivePath(item: NavItem, currentPath: string, deep = true): boolean {
  if (isExternalPath(item.path)) return false;
  const current = normalise(currentPath);
  const target = normalise(item.path);
  if (current === target) return true;
  if (deep && target !== "/" && current.startsWith(`${target}/`)) return true;
  return item.children?.some((child) => isActivePath(child, currentPath, deep)) ?? false;
}

/**
 * Which of sibling items is active: the one whose path is the current path, else the one with
 * the longest path the current path lies below (so /dashboard/case/42 lights up the cases
 * overview, and /dashboard/case/list/x the list). The dashboard home owns only itself.
 */
export function activeItem(items: readonly NavItem[], currentPath: string): NavItem | null {
  const exact = items.find((item) => isActivePath({ ...item, children: undefined }, currentPath, false));
  if (exact) return exact;
  let best: NavItem | null = null;
  for (const item of items) {
    if (item.path === "/dashboard" || !isActivePath({ ...item, children: undefined }, currentPath, true))
      continue;
    if (!best || item.path.length > best.path.length) best = item;
  }
  return best;
}

function descendants(item: NavItem): NavItem[] {
  return (item.children ?? []).flatMap((child) => [child, ...descendants(child)]);
}

/**
 * The top-level item holding the current page: the one whose own path or a descendant's path is
 * the best match by `activeItem`'s rule (so on /dashboard/case/proposal/list, Proposals rather
 * than Cases).
 */
export function activeBranch(items: readonly NavItem[], currentPath: string): NavItem | null {
  const owners = new Map<NavItem, NavItem>();
  for (const item of items) for (const entry of [item, ...descendants(item)]) owners.set(entry, item);
  const hit = activeItem([...owners.keys()], currentPath);
  return hit ? (owners.get(hit) ?? null) : null;
}
