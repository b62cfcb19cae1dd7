import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  IconAdjustmentsHorizontal,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconCards,
  IconChevronDown,
  IconSearch,
  IconStarFilled,
  IconTable,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { PaginationFooter } from "~/components/link-pagination";
import { PageTitle } from "~/components/page-title";
import tableClasses from "~/features/cases/components/case-table.module.css";
import { CheckGroup, CheckOption } from "~/features/cases/components/case-table-filters";
import { matchingLabel } from "~/features/cases/matching-labels";
import { formatCurrency, formatNumber, isLanguage, type Language } from "~/lib/i18n/languages";
import {
  DIRECTORY_PAGE_SIZES,
  DIRECTORY_PARAMS,
  DIRECTORY_TEXT_MAX,
  type DirectoryQuery,
  type DirectorySort,
  directoryFilterCount,
  directoryPageCount,
  directorySearch,
} from "../directory-query";
import { JURISDICTIONS, PRACTICE_AREAS, peoplePaths, personName, SPOKEN_LANGUAGES } from "../people";
import type { DirectoryRow } from "../queries.server";
import classes from "./people.module.css";
import { PersonAvatar } from "./person-avatar";

type DirectoryView = "list" | "cards";

type DirectoryPageProps = {
  view: DirectoryView;
  query: DirectoryQuery;
  rows: DirectoryRow[];
  total: number;
  /** Whether the cards view is offered (spec §6: Cards for firm admins and admins). */
  showCards: boolean;
};

function pathOf(view: DirectoryView): string {
  return view === "cards" ? peoplePaths.cards : peoplePaths.list;
}

function labels(t: TFunction, list: "practiceArea" | "jurisdiction" | "language", values: string[]): string {
  return values.map((value) => matchingLabel(t, list, value)).join(", ");
}

/** The search, filters, sort and page size as one GET form (works without JavaScript; the address is the state). */
function DirectoryFilters({ view, query }: { view: DirectoryView; query: DirectoryQuery }) {
  const { t } = useTranslation(["people", "table", "cases"]);
  const names = DIRECTORY_PARAMS;
  const active = directoryFilterCount(query);
  return (
    <Paper withBorder radius="md" p="md" className={tableClasses.controls}>
      <Form method="get" action={pathOf(view)} data-testid="directory-filters">
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              name={names.q}
              type="search"
              label={t("table:filter.search")}
              placeholder={t("people:directory.searchPlaceholder")}
              defaultValue={query.q}
              maxLength={DIRECTORY_TEXT_MAX}
              leftSection={<IconSearch size={16} aria-hidden />}
              className={tableClasses.grow}
            />
            <Group gap="sm" wrap="nowrap">
              <Button component={Link} to={pathOf(view)} variant="default">
                {t("table:filter.reset")}
              </Button>
              <Button type="submit" data-testid="directory-apply">
                {t("table:filter.apply")}
              </Button>
            </Group>
          </Group>
          <details className={tableClasses.panel} open={active > 0 || undefined}>
            <summary className={`${tableClasses.summary} ${tableClasses.panelSummary}`}>
              <IconAdjustmentsHorizontal size={16} aria-hidden />
              <span className={tableClasses.panelTitle}>{t("table:filter.title")}</span>
              {active > 0 && (
                <Badge size="sm" variant="light" ms="xs">
                  {active}
                </Badge>
              )}
              <IconChevronDown size={16} aria-hidden className={tableClasses.chevron} />
            </summary>
            <Stack gap="md" className={tableClasses.panelBody}>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" className={tableClasses.groups}>
                <CheckGroup legend={t("people:field.practiceAreas")} count={query.practiceArea.length}>
                  {PRACTICE_AREAS.map((value) => (
                    <CheckOption
                      key={value}
                      name={names.practiceArea}
                      value={value}
                      label={matchingLabel(t, "practiceArea", value)}
                      checked={query.practiceArea.includes(value)}
                    />
                  ))}
                </CheckGroup>
                <CheckGroup legend={t("people:field.jurisdictions")} count={query.jurisdiction.length}>
                  {JURISDICTIONS.map((value) => (
                    <CheckOption
                      key={value}
                      name={names.jurisdiction}
                      value={value}
                      label={matchingLabel(t, "jurisdiction", value)}
                      checked={query.jurisdiction.includes(value)}
                    />
                  ))}
                </CheckGroup>
                <CheckGroup legend={t("people:field.languages")} count={query.language.length}>
                  {SPOKEN_LANGUAGES.map((value) => (
                    <CheckOption
                      key={value}
                      name={names.language}
                      value={value}
                      label={matchingLabel(t, "language", value)}
                      checked={query.language.includes(value)}
                    />
                  ))}
                </CheckGroup>
              </SimpleGrid>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <TextInput
                  name={names.rateMin}
                  type="number"
                  min={0}
                  step="0.01"
                  inputMode="decimal"
                  label={t("people:directory.rateMin")}
                  defaultValue={query.rateMin ?? ""}
                  w={150}
                />
                <TextInput
                  name={names.rateMax}
                  type="number"
                  min={0}
                  step="0.01"
                  inputMode="decimal"
                  label={t("people:directory.rateMax")}
                  defaultValue={query.rateMax ?? ""}
                  w={150}
                />
                <NativeSelect
                  name={names.sort}
                  label={t("people:directory.sortBy")}
                  defaultValue={query.sort}
                  data={(["name", "hourly_rate", "years_experience", "rating"] as const).map((sort) => ({
                    value: sort,
                    label: t(`people:directory.sort.${sort}`),
                  }))}
                />
                <NativeSelect
                  name={names.dir}
                  label={t("people:directory.order")}
                  defaultValue={query.dir}
                  data={[
                    { value: "asc", label: t("people:directory.asc") },
                    { value: "desc", label: t("people:directory.desc") },
                  ]}
                />
                <NativeSelect
                  name={names.size}
                  label={t("table:pagination.rowsPerPage")}
                  defaultValue={String(query.size)}
                  data={DIRECTORY_PAGE_SIZES.map(String)}
                />
              </Group>
            </Stack>
          </details>
        </Stack>
      </Form>
    </Paper>
  );
}

const SORT_COLUMNS: { sort: DirectorySort; label: string; className?: string }[] = [
  { sort: "name", label: "people:directory.columns.name" },
  { sort: "years_experience", label: "people:directory.columns.years", className: classes.wide },
  { sort: "hourly_rate", label: "people:directory.columns.rate" },
  { sort: "rating", label: "people:directory.columns.rating", className: classes.wide },
];

function SortHeader({
  query,
  sort,
  label,
  className,
}: {
  query: DirectoryQuery;
  sort: DirectorySort;
  label: string;
  className?: string;
}) {
  const { t } = useTranslation(["people", "table"]);
  const active = query.sort === sort;
  const nextDir = active && query.dir === "asc" ? "desc" : "asc";
  const Icon = !active ? IconArrowsSort : query.dir === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <th
      scope="col"
      className={`${tableClasses.cell} ${className ?? ""}`}
      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Anchor
        component={Link}
        to={`${peoplePaths.list}${directorySearch(query, { sort, dir: nextDir, page: 1 })}`}
        fz="inherit"
        className={tableClasses.sortLink}
        title={t(nextDir === "asc" ? "table:sort.asc" : "table:sort.desc")}
      >
        {t(label)}
        <Icon size={14} stroke={1.8} aria-hidden className={tableClasses.sortIcon} />
      </Anchor>
    </th>
  );
}

function rateText(language: Language, rate: number | null): string {
  return rate == null ? "—" : formatCurrency(language, rate, "USD");
}

function DirectoryTable({
  query,
  rows,
  language,
}: {
  query: DirectoryQuery;
  rows: DirectoryRow[];
  language: Language;
}) {
  const { t } = useTranslation(["people", "cases"]);
  const [nameColumn, yearsColumn, rateColumn, ratingColumn] = SORT_COLUMNS as [
    (typeof SORT_COLUMNS)[number],
    (typeof SORT_COLUMNS)[number],
    (typeof SORT_COLUMNS)[number],
    (typeof SORT_COLUMNS)[number],
  ];
  return (
    <table className={tableClasses.table} data-testid="directory-table">
      <thead>
        <tr>
          <SortHeader query={query} {...nameColumn} />
          <th scope="col" className={tableClasses.cell}>
            {t("people:field.practiceAreas")}
          </th>
          <th scope="col" className={`${tableClasses.cell} ${classes.wide}`}>
            {t("people:field.jurisdictions")}
          </th>
          <th scope="col" className={`${tableClasses.cell} ${classes.wide}`}>
            {t("people:field.languages")}
          </th>
          <SortHeader query={query} {...yearsColumn} />
          <SortHeader query={query} {...rateColumn} />
          <SortHeader query={query} {...ratingColumn} />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.uuid} className={tableClasses.row} data-testid="directory-row">
            <td className={tableClasses.cell}>
              <div className={classes.nameCell}>
                <PersonAvatar person={row} size={32} />
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={peoplePaths.view(row.uuid)} fw={600} size="sm">
                    {personName(row) || t("people:unnamed")}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {[row.firm_name, t(`people:level.${row.access_level}`)].filter(Boolean).join(" · ")}
                  </Text>
                </div>
              </div>
            </td>
            <td className={tableClasses.cell}>{labels(t, "practiceArea", row.practice_areas) || "—"}</td>
            <td className={`${tableClasses.cell} ${classes.wide}`}>
              {labels(t, "jurisdiction", row.jurisdictions) || "—"}
            </td>
            <td className={`${tableClasses.cell} ${classes.wide}`}>
              {labels(t, "language", row.languages) || "—"}
            </td>
            <td className={`${tableClasses.cell} ${classes.wide}`}>
              {row.years_experience == null ? "—" : formatNumber(language, row.years_experience)}
            </td>
            <td className={tableClasses.cell} data-testid="directory-rate">
              {rateText(language, row.hourly_rate)}
            </td>
            <td className={`${tableClasses.cell} ${classes.wide}`}>
              {row.rating == null ? "—" : formatNumber(language, row.rating)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DirectoryCards({ rows, language }: { rows: DirectoryRow[]; language: Language }) {
  const { t } = useTranslation(["people", "cases"]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" p="md" data-testid="directory-cards">
      {rows.map((row) => (
        <Link
          key={row.uuid}
          to={peoplePaths.view(row.uuid)}
          className={classes.cardLink}
          data-testid="directory-card"
        >
          <Card withBorder radius="md" padding="lg" className={classes.card}>
            <Group gap="md" wrap="nowrap" align="flex-start">
              <PersonAvatar person={row} size={56} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{personName(row) || t("people:unnamed")}</Text>
                <Text size="sm" c="dimmed">
                  {[row.firm_name, t(`people:level.${row.access_level}`)].filter(Boolean).join(" · ")}
                </Text>
                {row.rating != null ? (
                  <Group gap={4}>
                    <IconStarFilled size={14} aria-hidden color="var(--mantine-color-yellow-6)" />
                    <Text size="sm">{formatNumber(language, row.rating)}</Text>
                  </Group>
                ) : null}
              </Stack>
            </Group>
            <Text size="sm" mt="sm">
              {labels(t, "practiceArea", row.practice_areas)}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {labels(t, "language", row.languages)}
            </Text>
            {row.hourly_rate != null ? (
              <Text size="sm" fw={500} mt="xs">
                {t("people:rateValue", { rate: rateText(language, row.hourly_rate) })}
              </Text>
            ) : null}
          </Card>
        </Link>
      ))}
    </SimpleGrid>
  );
}

/**
 * `/dashboard/lawyer_user/list` and `/cards`: the people the reader may see (RLS decides), searched,
 * filtered by the matching lists and the hourly rate, sorted and paged — all in the address, as
 * the case table.
 */
export function DirectoryPage({ view, query, rows, total, showCards }: DirectoryPageProps) {
  const { t, i18n } = useTranslation(["people", "table"]);
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const { search: shownAddress } = useLocation();
  const search = directorySearch(query, { page: 1 });
  const hasFilters = query.q !== "" || directoryFilterCount(query) > 0;
  return (
    <Stack gap="lg" className={tableClasses.page} data-testid="directory-page" data-address={shownAddress}>
      <Group justify="space-between" align="flex-end" gap="md">
        <PageTitle title={t("people:directory.title")} description={t("people:directory.description")} />
        {showCards ? (
          <Group gap="xs">
            <Button
              component={Link}
              to={`${peoplePaths.list}${search}`}
              variant={view === "list" ? "filled" : "default"}
              leftSection={<IconTable size={16} aria-hidden />}
              aria-current={view === "list" ? "page" : undefined}
            >
              {t("people:directory.asTable")}
            </Button>
            <Button
              component={Link}
              to={`${peoplePaths.cards}${search}`}
              variant={view === "cards" ? "filled" : "default"}
              leftSection={<IconCards size={16} aria-hidden />}
              aria-current={view === "cards" ? "page" : undefined}
            >
              {t("people:directory.asCards")}
            </Button>
          </Group>
        ) : null}
      </Group>
      <DirectoryFilters key={search} view={view} query={query} />
      <Paper withBorder radius="md" className={tableClasses.sheet}>
        {rows.length === 0 ? (
          <Stack align="center" gap="xs" py={56} data-testid="directory-empty">
            <IconUsersGroup size={36} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text c="dimmed">
              {hasFilters ? t("people:directory.empty") : t("people:directory.emptyAll")}
            </Text>
          </Stack>
        ) : view === "cards" ? (
          <DirectoryCards rows={rows} language={language} />
        ) : (
          <DirectoryTable query={query} rows={rows} language={language} />
        )}
        {total > 0 ? (
          <PaginationFooter
            query={query}
            pageCount={directoryPageCount(total, query.size)}
            total={total}
            shown={rows.length}
            href={(page) => `${pathOf(view)}${directorySearch(query, { page })}`}
            rangeTestId="directory-range"
          />
        ) : null}
      </Paper>
    </Stack>
  );
}
