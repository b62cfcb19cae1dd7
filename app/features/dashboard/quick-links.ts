import type { NavGroup } from "~/lib/navigation/nav";

/** A card of the overview that leads to one page of the person's navigation. */
export type QuickLink = {
  /** `navbar` translation keys. */
  title: string;
  group: string | null;
  path: string;
  icon: string | null;
};

const OVERVIEW_PATH = "/dashboard";

/**
 * One link per top-level item of the navigation a person sees, except the overview itself. An
 * item with children leads to its own path when one of its children is that page (its overview),
 * otherwise to its first child.
 */
export function quickLinksFor(groups: readonly NavGroup[]): QuickLink[] {
  return groups.flatMap((group) =>
    group.items.flatMap((item) => {
      const children = item.children ?? [];
      const path =
        children.length === 0 || children.some((child) => child.path === item.path)
          ? item.path
          : children[0]?.path;
      if (!path || path === OVERVIEW_PATH) return [];
      return [{ title: item.title, group: group.subheader ?? null, path, icon: item.icon ?? null }];
    }),
  );
}
