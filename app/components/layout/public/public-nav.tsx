import { Box, NavLink as MantineNavLink, Text, UnstyledButton } from "@mantine/core";
import { IconBook, IconBuilding, IconChevronDown, IconHome, IconPackage, IconTag } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { activeBranch, activeItem, isExternalPath, type NavItem } from "~/lib/navigation/nav";
import { PUBLIC_NAV } from "./nav-config";
import classes from "./public-nav.module.css";

const ICONS: Record<string, ComponentType<{ size?: number }>> = {
  home: IconHome,
  building: IconBuilding,
  package: IconPackage,
  tag: IconTag,
  book: IconBook,
};

/** The links of the menu: top-level items without children, and the groups' children. */
const ENTRIES: NavItem[] = PUBLIC_NAV.flatMap((item) => item.children ?? [item]);

/**
 * The one top-level item and the one entry that are active on `pathname`: a path listed twice
 * (FAQs under Company and as Docs) lights up only its first place, and a group is active only
 * for a page of its own (Products on /payment, never on /pricing).
 */
export function publicNavActive(pathname: string): { branch: NavItem | null; entry: NavItem | null } {
  return { branch: activeBranch(PUBLIC_NAV, pathname), entry: activeItem(ENTRIES, pathname) };
}

/** A link that is external when its path is (new tab, no router), internal otherwise. */
function ItemLink({
  item,
  className,
  children,
}: {
  item: NavItem;
  className?: string;
  children: React.ReactNode;
}) {
  if (isExternalPath(item.path)) {
    return (
      <a href={item.path} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <Link to={item.path} className={className}>
      {children}
    </Link>
  );
}

function DashboardCard({ item }: { item: NavItem }) {
  const { t } = useTranslation("navbar");
  return (
    <ItemLink item={item} className={classes.card}>
      <img
        src="/illustrations/legal-balance.svg"
        loading="lazy"
        alt=""
        width={180}
        height={180}
        className={classes.cardImage}
      />
      <span className="visually-hidden">{t(item.title)}</span>
    </ItemLink>
  );
}

/** Desktop navigation: groups open on hover or keyboard focus, with no script needed. */
export function DesktopNav() {
  const { t } = useTranslation("navbar");
  const { pathname } = useLocation();
  const { branch, entry } = publicNavActive(pathname);
  return (
    <Box component="nav" className={classes.desktop} visibleFrom="md" aria-label={t("menu")}>
      <ul className={classes.list}>
        {PUBLIC_NAV.map((item) => {
          const active = item === branch;
          if (!item.children) {
            return (
              <li key={item.title}>
                <ItemLink item={item} className={classes.link}>
                  <span data-active={active || undefined}>{t(item.title)}</span>
                </ItemLink>
              </li>
            );
          }
          return (
            <li key={item.title} className={classes.group}>
              <UnstyledButton className={classes.link} data-active={active || undefined} aria-haspopup="true">
                {t(item.title)}
                <IconChevronDown size={14} aria-hidden />
              </UnstyledButton>
              <div className={classes.dropdown}>
                <Text className={classes.subheader}>{t(item.title)}</Text>
                <ul className={classes.dropdownList}>
                  {item.children.map((child) => (
                    <li key={child.title}>
                      {child.card ? (
                        <DashboardCard item={child} />
                      ) : (
                        <ItemLink item={child} className={classes.dropdownLink}>
                          <span data-active={child === entry || undefined}>{t(child.title)}</span>
                        </ItemLink>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </Box>
  );
}

/** The mobile drawer's navigation: groups are listed open with their subheaders. */
export function MobileNav() {
  const { t } = useTranslation("navbar");
  const { pathname } = useLocation();
  const { entry } = publicNavActive(pathname);
  return (
    <nav aria-label={t("menu")}>
      {PUBLIC_NAV.map((item) => {
        const Icon = item.icon ? ICONS[item.icon] : undefined;
        const leftSection = Icon ? <Icon size={20} /> : undefined;
        if (!item.children) {
          return (
            <MantineNavLink
              key={item.title}
              component={Link}
              to={item.path}
              label={t(item.title)}
              leftSection={leftSection}
              active={item === entry}
              h={48}
            />
          );
        }
        return (
          <Box key={item.title} mt="xs">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={6}>
              {t(item.title)}
            </Text>
            {item.children.map((child) =>
              child.card ? (
                <Box key={child.title} px="sm" py={4}>
                  <DashboardCard item={child} />
                </Box>
              ) : (
                <MantineNavLink
                  key={child.title}
                  component={Link}
                  to={child.path}
                  label={t(child.title)}
                  active={child === entry}
                  h={48}
                />
              ),
            )}
          </Box>
        );
      })}
    </nav>
  );
}
