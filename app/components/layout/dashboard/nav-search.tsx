import "@mantine/spotlight/styles.css";
import { Kbd, Text, UnstyledButton } from "@mantine/core";
import { useMounted, useOs } from "@mantine/hooks";
import { createSpotlight, Spotlight } from "@mantine/spotlight";
import { IconMoodEmpty, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { NavGroup } from "~/lib/navigation/nav";
import { searchNav } from "~/lib/navigation/search";
import classes from "./nav-search.module.css";

export interface NavSearchProps {
  /** The person's navigation, already filtered by access level. */
  groups: NavGroup[];
}

/**
 * The header's search (spec §2: searchable navigation, Cmd+K): a button and a Spotlight that
 * filters the visible pages by title or path, grouped by navigation group. It needs JavaScript,
 * so until the page is hydrated the button keeps its place but is hidden and inert.
 */
export function NavSearch({ groups }: NavSearchProps) {
  const { t } = useTranslation("header");
  const { t: navT } = useTranslation("navbar");
  const navigate = useNavigate();
  const mounted = useMounted();
  const os = useOs();
  const [[store, spotlight]] = useState(createSpotlight);
  const [query, setQuery] = useState("");
  const result = searchNav(groups, query, (key) => navT(key));
  const shortcut =
    os === "windows" || os === "linux" || os === "chromeos" || os === "android"
      ? "shortcutOther"
      : "shortcutMac";

  return (
    <>
      <UnstyledButton
        className={classes.trigger}
        onClick={spotlight.open}
        aria-label={t("search.open")}
        aria-keyshortcuts="Meta+K Control+K"
        aria-haspopup="dialog"
        data-pending={!mounted || undefined}
        disabled={!mounted}
      >
        <IconSearch size={20} stroke={1.8} aria-hidden />
        <span className={classes.label}>{t("search.button")}</span>
        <Kbd size="xs" className={classes.kbd} aria-hidden>
          {t(`search.${shortcut}`)}
        </Kbd>
      </UnstyledButton>

      <Spotlight.Root
        store={store}
        query={query}
        onQueryChange={setQuery}
        scrollable
        maxHeight={400}
        shortcut={["mod + K"]}
        // The dialog has no visible title: name it for assistive technology.
        attributes={{ content: { "aria-label": t("search.title") } }}
      >
        <Spotlight.Search
          placeholder={t("search.placeholder")}
          aria-label={t("search.title")}
          leftSection={<IconSearch size={20} stroke={1.6} aria-hidden />}
        />
        <Spotlight.ActionsList>
          {result.state === "empty" && (
            <Spotlight.Empty>
              <Text size="sm" c="dimmed">
                {t("search.enterKeywords")}
              </Text>
            </Spotlight.Empty>
          )}
          {result.state === "notFound" && (
            <Spotlight.Empty>
              <IconMoodEmpty size={40} stroke={1.4} className={classes.emptyIcon} aria-hidden />
              <Text fw={600}>{t("search.notFound")}</Text>
              <Text size="sm" c="dimmed">
                {t("search.notFoundHint")}
              </Text>
            </Spotlight.Empty>
          )}
          {result.state === "found" &&
            result.groups.map(({ group, hits }) => (
              <Spotlight.ActionsGroup key={group ?? ""} label={group ?? undefined}>
                {hits.map((hit) => (
                  <Spotlight.Action
                    key={hit.path}
                    label={hit.title}
                    description={hit.path}
                    highlightQuery
                    classNames={{ actionDescription: classes.path }}
                    onClick={() => navigate(hit.path)}
                  />
                ))}
              </Spotlight.ActionsGroup>
            ))}
        </Spotlight.ActionsList>
      </Spotlight.Root>
    </>
  );
}
