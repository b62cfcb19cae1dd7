import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { activeBranch, activeItem, isExternalPath, type NavGroup, type NavItem } from "~/lib/navigation/nav";
import classes from "./dashboard-nav.module.css";
import { DEFAULT_NAV_ICON, NAV_ICONS } from "./nav-icons";

/** The top-level item that holds the current page. */
function useActiveTop(groups: readonly NavGroup[]): NavItem | null {
  const { pathname } = useLocation();
  return activeBranch(
    groups.flatMap((group) => group.items),
    pathname,
  );
}

function NavIcon({ item, size = 22 }: { item: NavItem; size?: number }) {
  const Icon = (item.icon && NAV_ICONS[item.icon]) || DEFAULT_NAV_ICON;
  return <Icon size={size} stroke={1.7} aria-hidden className={classes.icon} />;
}

/** A link that leaves the app (new tab) for an external path and routes in-app otherwise. */
function ItemLink({
  item,
  active,
  className,
  children,
}: {
  item: NavItem;
  active: boolean;
  className?: string;
  children: ReactNode;
}) {
  if (isExternalPath(item.path)) {
    return (
      <a href={item.path} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <Link
      to={item.path}
      className={className}
      data-active={active || undefined}
      aria-current={active ? "page" : undefined}
      prefetch="intent"
    >
      {children}
    </Link>
  );
}

/** The sub-pages of an item; one is marked current only when its parent holds the page. */
function SubItems({ items, current }: { items: readonly NavItem[]; current: boolean }) {
  const { t } = useTranslation("navbar");
  const { pathname } = useLocation();
  const active = current ? activeItem(items, pathname) : null;
  return (
    <ul className={classes.subList}>
      {items.map((child) => (
        <li key={child.path}>
          <ItemLink item={child} active={child === active} className={classes.subLink}>
            <span className={classes.dot} aria-hidden />
            <span className={classes.label}>{t(child.title)}</span>
          </ItemLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The vertical navigation (also the mobile drawer's): subheaders, 48 px items, and items with
 * children as native disclosure widgets — they expand and collapse without JavaScript, and the
 * one holding the current page starts open.
 */
export function VerticalNav({ groups }: { groups: readonly NavGroup[] }) {
  const { t } = useTranslation("navbar");
  const activeTop = useActiveTop(groups);
  return (
    <div className={classes.vertical}>
      {groups.map((group) => (
        <section
          key={group.subheader ?? "main"}
          className={classes.group}
          aria-label={group.subheader ? t(group.subheader) : undefined}
        >
          {group.subheader && <h2 className={classes.subheader}>{t(group.subheader)}</h2>}
          <ul className={classes.list}>
            {group.items.map((item) => {
              const active = item === activeTop;
              if (!item.children) {
                return (
                  <li key={item.path}>
                    <ItemLink item={item} active={active} className={classes.item}>
                      <NavIcon item={item} />
                      <span className={classes.label}>{t(item.title)}</span>
                    </ItemLink>
                  </li>
                );
              }
              return (
                <li key={item.path}>
                  <details className={classes.disclosure} open={active || undefined}>
                    <summary className={classes.item} data-active={active || undefined}>
                      <NavIcon item={item} />
                      <span className={classes.label}>{t(item.title)}</span>
                      <IconChevronRight size={16} className={classes.arrow} aria-hidden />
                    </summary>
                    <SubItems items={item.children} current={active} />
                  </details>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * A top-level item of the mini and horizontal layouts: its children open in a flyout on hover
 * or keyboard focus (CSS only, so it works before and without JavaScript).
 */
function FlyoutItem({
  item,
  active,
  variant,
}: {
  item: NavItem;
  active: boolean;
  variant: "mini" | "horizontal";
}) {
  const { t } = useTranslation("navbar");
  const className = variant === "mini" ? classes.miniItem : classes.hItem;
  const content = (
    <>
      <NavIcon item={item} size={variant === "mini" ? 22 : 20} />
      <span className={classes.label}>{t(item.title)}</span>
      {item.children && variant === "horizontal" && (
        <IconChevronDown size={14} className={classes.caret} aria-hidden />
      )}
    </>
  );
  if (!item.children) {
    return (
      <li>
        <ItemLink item={item} active={active} className={className}>
          {content}
        </ItemLink>
      </li>
    );
  }
  return (
    <li className={classes.flyoutHost}>
      <button type="button" className={className} data-active={active || undefined} aria-haspopup="true">
        {content}
      </button>
      <div className={classes.flyout} data-variant={variant}>
        <SubItems items={item.children} current={active} />
      </div>
    </li>
  );
}

/** The mini navigation (88 px): icons with short labels; sub-pages in flyouts. */
export function MiniNav({ groups }: { groups: readonly NavGroup[] }) {
  const activeTop = useActiveTop(groups);
  return (
    <ul className={classes.miniList}>
      {groups.flatMap((group, index) => [
        index > 0 ? <li key={`divider-${group.subheader}`} className={classes.divider} aria-hidden /> : null,
        ...group.items.map((item) => (
          <FlyoutItem key={item.path} item={item} active={item === activeTop} variant="mini" />
        )),
      ])}
    </ul>
  );
}

/** The horizontal navigation (a 64 px bar under the header); it scrolls sideways when narrow. */
export function HorizontalNav({ groups }: { groups: readonly NavGroup[] }) {
  const activeTop = useActiveTop(groups);
  return (
    <ul className={classes.hList}>
      {groups.flatMap((group, index) => [
        index > 0 ? <li key={`divider-${group.subheader}`} className={classes.hDivider} aria-hidden /> : null,
        ...group.items.map((item) => (
          <FlyoutItem key={item.path} item={item} active={item === activeTop} variant="horizontal" />
        )),
      ])}
    </ul>
  );
}
