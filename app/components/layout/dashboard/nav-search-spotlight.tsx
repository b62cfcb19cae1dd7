import "@mantine/spotlight/styles.css";
import { Text } from "@mantine/core";
import { createSpotlight, Spotlight } from "@mantine/spotlight";
import { IconMoodEmpty, IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { NavGroup } from "~/lib/navigation/nav";
import { searchNav } from "~/lib/navigation/search";
import classes from "./nav-search.module.css";

export interface NavSearchSpotlightProps {
  /** The person's navigation, already filtered by access level. */
  groups: NavGroup[];
  opened: boolean;
  onClose: () => void;
}

/**
 * The Spotlight of the header's search, loaded the first time it opens: it filters the visible
 * pages by title or path, grouped by navigation group.
 */
export function NavSearchSpotlight({ groups, opened, onClose }: NavSearchSpotlightProps) {
  const { t } = useTranslation("header");
  const { t: navT } = useTranslation("navbar");
  const navigate = useNavigate();
  const [[store, spotlight]] = useState(createSpotlight);
  const [query, setQuery] = useState("");
  const result = searchNav(groups, query, (key) => navT(key));

  // Mounted closed, then opened: the first opening plays its transition too.
  useEffect(() => {
    if (opened) spotlight.open();
  }, [opened, spotlight]);

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      onSpotlightClose={onClose}
      scrollable
      maxHeight={400}
      // The header's NavSearch owns the shortcut, so that it works before this code is loaded.
      shortcut={null}
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
  );
}
