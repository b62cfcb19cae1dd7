import {
  Anchor,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconFilter, IconPlus, IconSearch, IconTable } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { LinkPagination } from "~/components/link-pagination";
import { PageTitle } from "~/components/page-title";
import { useOpensCases } from "~/features/auth/use-dashboard-user";
import {
  CASE_QUERY_PARAMS,
  CASE_QUERY_TEXT_MAX,
  type CaseQuery,
  type CaseScope,
  caseQueryString,
  DEFAULT_CASE_QUERY,
  hasCaseFilters,
  statusesInScope,
} from "../case-query";
import { CASE_PRIORITIES, casePaths, PRACTICE_AREAS } from "../cases";
import { CaseCard, type CaseCardData } from "./case-card";
import classes from "./case-list.module.css";

export type CaseListPageProps = {
  query: CaseQuery;
  cards: CaseCardData[];
  total: number;
  pageCount: number;
  /** The scope tabs offered (lawyers: all, mine, marketplace); empty when there is one view. */
  scopes: CaseScope[];
};

/** Parameters the filter form does not show but keeps (scope, sort order, page size). */
function KeptParams({ query }: { query: CaseQuery }) {
  const kept = new URLSearchParams(
    caseQueryString({
      ...DEFAULT_CASE_QUERY,
      scope: query.scope,
      sort: query.sort,
      dir: query.dir,
      size: query.size,
    }).slice(1),
  );
  return (
    <>
      {[...kept].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function Filters({ query }: { query: CaseQuery }) {
  const { t } = useTranslation(["case-list", "cases"]);
  const names = CASE_QUERY_PARAMS;
  // Only the statuses that can appear in this scope (the marketplace shows open cases alone).
  const statuses = statusesInScope(query.scope);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t("list.filters.label")}>
      {/* A GET form: the filters travel in the address, so it works without JavaScript and links can be shared. */}
      <Form method="get" action={casePaths.list} role="search" key={caseQueryString(query)}>
        <KeptParams query={query} />
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <TextInput
              name={names.q}
              type="search"
              label={t("list.filters.search")}
              placeholder={t("list.filters.searchPlaceholder")}
              defaultValue={query.q}
              maxLength={CASE_QUERY_TEXT_MAX}
              leftSection={<IconSearch size={16} aria-hidden />}
            />
            <NativeSelect
              name={names.practiceArea}
              label={t("cases:field.practiceArea")}
              defaultValue={query.practiceArea[0] ?? ""}
              data={[
                { value: "", label: t("list.filters.any") },
                ...PRACTICE_AREAS.map((area) => ({ value: area, label: t(`cases:practiceArea.${area}`) })),
              ]}
            />
            <TextInput
              name={names.jurisdiction}
              label={t("cases:field.jurisdiction")}
              placeholder={t("list.filters.jurisdictionPlaceholder")}
              defaultValue={query.jurisdiction}
              maxLength={CASE_QUERY_TEXT_MAX}
            />
            <Group gap="xs" align="flex-end" className={classes.buttons}>
              <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
                {t("list.filters.apply")}
              </Button>
              {hasCaseFilters(query) ? (
                <Button
                  component={Link}
                  to={`${casePaths.list}${caseQueryString({ ...DEFAULT_CASE_QUERY, scope: query.scope, sort: query.sort, dir: query.dir, size: query.size })}`}
                  variant="subtle"
                >
                  {t("list.filters.reset")}
                </Button>
              ) : null}
            </Group>
          </SimpleGrid>
          {statuses.length > 1 ? (
            <Box component="fieldset" className={classes.fieldset} data-testid="status-filter">
              <legend className={classes.legend}>{t("cases:field.status")}</legend>
              <Group gap="md">
                {statuses.map((status) => (
                  <CheckOption
                    key={status}
                    name={names.status}
                    value={status}
                    label={t(`cases:status.${status}`)}
                    checked={query.status.includes(status)}
                  />
                ))}
              </Group>
            </Box>
          ) : null}
          <Box component="fieldset" className={classes.fieldset}>
            <legend className={classes.legend}>{t("cases:field.priority")}</legend>
            <Group gap="md">
              {CASE_PRIORITIES.map((priority) => (
                <CheckOption
                  key={priority}
                  name={names.priority}
                  value={priority}
                  label={t(`cases:priority.${priority}`)}
                  checked={query.priority.includes(priority)}
                />
              ))}
            </Group>
          </Box>
        </Stack>
      </Form>
    </Paper>
  );
}

function ListPagination({ query, pageCount }: { query: CaseQuery; pageCount: number }) {
  return (
    <Group justify="center">
      <LinkPagination
        page={query.page}
        pageCount={pageCount}
        href={(page) => `${casePaths.list}${caseQueryString(query, { page })}`}
      />
    </Group>
  );
}

/**
 * One filter checkbox: a native input in its label, as in the case table's filters (Mantine's
 * Checkbox is 3 KiB of gzipped JavaScript for a box the browser draws, ADR 0019).
 */
function CheckOption({
  name,
  value,
  label,
  checked,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
}) {
  return (
    <label className={classes.option}>
      <input type="checkbox" name={name} value={value} defaultChecked={checked} />
      {label}
    </label>
  );
}

/**
 * The card list (spec §2 `case/list`): search and filters in a GET form, one card per case, page
 * links; lawyers switch between every case they may see, their own and the open marketplace.
 */
export function CaseListPage({ query, cards, total, pageCount, scopes }: CaseListPageProps) {
  const { t } = useTranslation(["case-list", "cases"]);
  const filtered = hasCaseFilters(query);
  const opensCases = useOpensCases();
  const scopeHref = (scope: CaseScope) =>
    `${casePaths.list}${caseQueryString({ ...DEFAULT_CASE_QUERY, scope })}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <PageTitle title={t("list.title")} description={t(`list.description.${query.scope}`)} />
        <Group gap="sm">
          <Button
            component={Link}
            to={`${casePaths.table}${caseQueryString({ ...query, page: 1 })}`}
            variant="default"
            leftSection={<IconTable size={16} aria-hidden />}
          >
            {t("list.asTable")}
          </Button>
          {opensCases ? (
            <Button component={Link} to={casePaths.create} leftSection={<IconPlus size={16} aria-hidden />}>
              {t("overview.newCase")}
            </Button>
          ) : null}
        </Group>
      </Group>

      {scopes.length > 0 ? (
        <nav aria-label={t("list.scope.label")} className={classes.scopes}>
          {scopes.map((scope) => (
            <Link
              key={scope}
              to={scopeHref(scope)}
              className={classes.scope}
              data-active={scope === query.scope || undefined}
              aria-current={scope === query.scope ? "page" : undefined}
              data-testid={`scope-${scope}`}
            >
              {t(`list.scope.${scope}`)}
            </Link>
          ))}
        </nav>
      ) : null}

      <Filters query={query} />

      <Text size="sm" c="dimmed" aria-live="polite" data-testid="case-count">
        {t("list.count", { count: total })}
      </Text>

      {cards.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="case-list-empty">
          <Stack align="center" gap="xs" ta="center">
            <Text fw={600}>{t(filtered ? "list.empty.filtered" : `list.empty.${query.scope}`)}</Text>
            {filtered ? (
              <Anchor component={Link} to={scopeHref(query.scope)}>
                {t("list.filters.reset")}
              </Anchor>
            ) : query.scope === "marketplace" || !opensCases ? null : (
              <Anchor component={Link} to={casePaths.create}>
                {t("overview.createFirst")}
              </Anchor>
            )}
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, xl: 3 }}
          spacing="md"
          className={classes.grid}
          data-testid="case-list"
        >
          {cards.map((item) => (
            <li key={item.id}>
              <CaseCard item={item} />
            </li>
          ))}
        </SimpleGrid>
      )}

      {pageCount > 1 ? <ListPagination query={query} pageCount={pageCount} /> : null}
    </Stack>
  );
}
