import { Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { createSpotlight, Spotlight } from "@mantine/spotlight";
import { IconBriefcase, IconMoodEmpty, IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useNavigate } from "react-router";
import { casePaths } from "~/features/cases/cases";
import type { NavGroup } from "~/lib/navigation/nav";
import { hitLabel, searchNav, type Translate } from "~/lib/navigation/search";
import { CASE_SEARCH_MIN, cleanSearchText, type DashboardSearch, searchHref } from "../../search";
import classes from "./nav-search.module.css";

/** How long typing pauses before the search asks the server for cases. */
const FETCH_DELAY_MS = 250;

interface NavSearchSpotlightProps {
  /** The person's navigation, already filtered by access level. */
  groups: NavGroup[];
  opened: boolean;
  onClose: () => void;
}

/**
 * The Spotlight of the header's search, loaded the first time it opens. Pages of the person's
 * menu are matched at once in the browser; as typing pauses, the search page's loader
 * (`/dashboard/search?q=`) answers with the same pages — also matched in English — and the
 * person's cases by reference or title, read through row level security.
 */
export function NavSearchSpotlight({ groups, opened, onClose }: NavSearchSpotlightProps) {
  const { t, i18n } = useTranslation("header");
  const { t: navT } = useTranslation("navbar");
  const navigate = useNavigate();
  const fetcher = useFetcher<DashboardSearch>();
  const [[store, spotlight]] = useState(createSpotlight);
  const [query, setQuery] = useState("");
  const text = cleanSearchText(query);
  const [settled] = useDebouncedValue(text, FETCH_DELAY_MS);
  const { load } = fetcher;

  useEffect(() => {
    if (settled) void load(searchHref(settled));
  }, [settled, load]);

  // Mounted closed, then opened: the first opening plays its transition too.
  useEffect(() => {
    if (opened) spotlight.open();
  }, [opened, spotlight]);

  const languages: [Translate, ...Translate[]] = i18n.hasResourceBundle("en", "navbar")
    ? [navT, i18n.getFixedT("en", "navbar")]
    : [navT];
  const answer = fetcher.data?.q === text ? fetcher.data : null;
  const pages = answer?.pages ?? searchNav(groups, text, ...languages);
  const cases = answer?.cases ?? [];
  const waiting = text.length >= CASE_SEARCH_MIN && answer === null;
  const notFound = pages.state !== "found" && cases.length === 0 && !waiting;
  const go = (path: string) => navigate(path);

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
        {text === "" && (
          <Spotlight.Empty>
            <Text size="sm" c="dimmed">
              {t("search.enterKeywords")}
            </Text>
          </Spotlight.Empty>
        )}
        {text !== "" && notFound && (
          <Spotlight.Empty>
            <IconMoodEmpty size={40} stroke={1.4} className={classes.emptyIcon} aria-hidden />
            <Text fw={600}>{t("search.notFound")}</Text>
            <Text size="sm" c="dimmed">
              {t("search.notFoundHint")}
            </Text>
          </Spotlight.Empty>
        )}
        {pages.state === "found" &&
          pages.groups.map(({ group, hits }) => (
            <Spotlight.ActionsGroup key={group ?? ""} label={group ?? undefined}>
              {hits.map((hit) => (
                <Spotlight.Action
                  key={hit.path}
                  label={hitLabel(hit)}
                  description={hit.path}
                  highlightQuery
                  classNames={{ actionDescription: classes.path }}
                  onClick={() => go(hit.path)}
                />
              ))}
            </Spotlight.ActionsGroup>
          ))}
        {cases.length > 0 && (
          <Spotlight.ActionsGroup label={navT("shell.search.cases")}>
            {cases.map((hit) => (
              <Spotlight.Action
                key={hit.id}
                label={hit.title}
                description={hit.reference}
                leftSection={<IconBriefcase size={18} stroke={1.6} aria-hidden />}
                highlightQuery
                classNames={{ actionDescription: classes.path }}
                onClick={() => go(casePaths.view(hit.id))}
                data-testid="search-case"
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {/* Only beside results: Spotlight.Empty shows while the list has no action. */}
        {text !== "" && !notFound && (
          <Spotlight.Action
            label={navT("shell.search.all")}
            leftSection={<IconSearch size={18} stroke={1.6} aria-hidden />}
            onClick={() => go(searchHref(text))}
          />
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
