import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { PageTitle } from "~/components/page-title";
import { casePaths } from "~/features/cases/cases";
import { CaseStatusBadge } from "~/features/cases/components/case-badges";
import { hitLabel } from "~/lib/navigation/search";
import { CASE_SEARCH_MIN, type DashboardSearch, SEARCH_PARAM, SEARCH_PATH, SEARCH_TEXT_MAX } from "../search";
import classes from "./search-page.module.css";

/**
 * The dashboard's search page (`/dashboard/search?q=`): a GET form, so it works without
 * JavaScript, and what the query finds — the pages of the person's menu, each with the section it
 * lives in, and their cases by reference or title. The Cmd+K search reads the same data.
 */
export function SearchPage({ q, pages, cases }: DashboardSearch) {
  const { t } = useTranslation(["navbar", "header"]);
  const nothing = q !== "" && pages.state !== "found" && cases.length === 0;
  return (
    <Stack gap="lg">
      <PageTitle title={t("shell.search.title")} description={t("shell.search.description")} />
      <Form method="get" action={SEARCH_PATH} role="search">
        <Group gap="sm" align="flex-end">
          <TextInput
            name={SEARCH_PARAM}
            type="search"
            label={t("shell.search.label")}
            placeholder={t("header:search.placeholder")}
            defaultValue={q}
            key={q}
            maxLength={SEARCH_TEXT_MAX}
            leftSection={<IconSearch size={16} aria-hidden />}
            className={classes.input}
          />
          <Button type="submit">{t("shell.search.submit")}</Button>
        </Group>
      </Form>

      {q === "" ? (
        <Text c="dimmed">{t("header:search.enterKeywords")}</Text>
      ) : nothing ? (
        <Paper withBorder radius="md" p="xl" data-testid="search-not-found">
          <Stack align="center" gap={4} ta="center">
            <Text fw={600}>{t("header:search.notFound")}</Text>
            <Text size="sm" c="dimmed">
              {t("header:search.notFoundHint")}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <>
          <Paper component="section" aria-labelledby="search-pages" withBorder radius="md" p="lg">
            <Title order={2} size="h5" id="search-pages" mb="sm">
              {t("shell.search.pages")}
            </Title>
            {pages.state === "found" ? (
              <ul className={classes.list} data-testid="search-pages">
                {pages.groups.flatMap(({ hits }) =>
                  hits.map((hit) => (
                    <li key={hit.path}>
                      <Anchor component={Link} to={hit.path} fw={600}>
                        {hitLabel(hit)}
                      </Anchor>
                      <Text size="xs" c="dimmed" className={classes.path}>
                        {hit.group ? `${hit.group} · ` : null}
                        <bdi dir="ltr">{hit.path}</bdi>
                      </Text>
                    </li>
                  )),
                )}
              </ul>
            ) : (
              <Text size="sm" c="dimmed">
                {t("shell.search.noPages")}
              </Text>
            )}
          </Paper>
          <Paper component="section" aria-labelledby="search-cases" withBorder radius="md" p="lg">
            <Title order={2} size="h5" id="search-cases" mb="sm">
              {t("shell.search.cases")}
            </Title>
            {cases.length > 0 ? (
              <ul className={classes.list} data-testid="search-cases">
                {cases.map((hit) => (
                  <li key={hit.id}>
                    <Group gap="sm" wrap="nowrap">
                      <Anchor component={Link} to={casePaths.view(hit.id)} fw={600} className={classes.case}>
                        <bdi dir="ltr">{hit.reference}</bdi> · {hit.title}
                      </Anchor>
                      <CaseStatusBadge value={hit.status} size="sm" />
                    </Group>
                  </li>
                ))}
              </ul>
            ) : (
              <Text size="sm" c="dimmed">
                {q.length < CASE_SEARCH_MIN
                  ? t("shell.search.casesMin", { min: CASE_SEARCH_MIN })
                  : t("shell.search.noCases")}
              </Text>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
