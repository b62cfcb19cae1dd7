/** Access levels of the product (spec §6). */
export const ACCESS_LEVELS = ["user", "lawyer", "lawyer_admin", "admin", "super_user"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** One navigation entry (spec §3 Navigation item). `title` is a translation key. */
export interface NavItem {
  title: string;
  path: string;
  /** Name of an icon in the layout's icon map. */
  icon?: string;
  children?: NavItem[];
  /** When set, only these roles see the item. */
  roles?: readonly string[];
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

/** Keeps only the items (and children) the role may see; a parent emptied of children goes too. */
export function filterNavItems(items: readonly NavItem[], role: string | null): NavItem[] {
  const visible: NavItem[] = [];
  for (const item of items) {
    if (item.roles && (!role || !item.roles.includes(role))) continue;
    if (!item.children) {
      visible.push(item);
      continue;
    }
    const children = filterNavItems(item.children, role);
    if (children.length > 0) visible.push({ ...item, children });
  }
  return visible;
}

/** Groups with the items the role may see; empty groups are dropped. */
export function filterNavGroups(groups: readonly NavGroup[], role: string | null): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: filterNavItems(group.items, role) }))
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
