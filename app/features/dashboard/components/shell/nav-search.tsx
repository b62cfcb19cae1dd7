import { Kbd, UnstyledButton } from "@mantine/core";
import { useHotkeys, useMounted, useOs } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { firstUseComponent, useFirstUse } from "~/lib/first-use";
import type { NavGroup } from "~/lib/navigation/nav";
import { SEARCH_PATH } from "../../search";
import classes from "./nav-search.module.css";

const NavSearchSpotlight = firstUseComponent(() => import("./nav-search-spotlight"), "NavSearchSpotlight");

interface NavSearchProps {
  /** The person's navigation, already filtered by access level. */
  groups: NavGroup[];
}

/**
 * The header's search (spec §2: searchable navigation, Cmd+K): a button and the shortcut, which
 * open a Spotlight loaded the first time it is wanted. Until the page is hydrated (and so without
 * JavaScript) the button is a link to the search page, `/dashboard/search`, which works without it.
 */
export function NavSearch({ groups }: NavSearchProps) {
  const { t } = useTranslation("header");
  const mounted = useMounted();
  const os = useOs();
  const [opened, setOpened] = useState(false);
  const { used, intentProps } = useFirstUse(opened);
  const open = () => setOpened(true);
  useHotkeys([["mod + K", open]]);
  const shortcut =
    os === "windows" || os === "linux" || os === "chromeos" || os === "android"
      ? "shortcutOther"
      : "shortcutMac";

  return (
    <>
      {mounted ? (
        <UnstyledButton
          className={classes.trigger}
          onClick={open}
          {...intentProps}
          aria-label={t("search.open")}
          aria-keyshortcuts="Meta+K Control+K"
          aria-haspopup="dialog"
        >
          <IconSearch size={20} stroke={1.8} aria-hidden />
          <span className={classes.label}>{t("search.button")}</span>
          <Kbd size="xs" className={classes.kbd} aria-hidden>
            {t(`search.${shortcut}`)}
          </Kbd>
        </UnstyledButton>
      ) : (
        <UnstyledButton
          component="a"
          href={SEARCH_PATH}
          className={classes.trigger}
          aria-label={t("search.open")}
        >
          <IconSearch size={20} stroke={1.8} aria-hidden />
          <span className={classes.label}>{t("search.button")}</span>
        </UnstyledButton>
      )}

      {used && (
        <Suspense fallback={null}>
          <NavSearchSpotlight groups={groups} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
