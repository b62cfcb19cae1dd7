import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconAdjustmentsHorizontal, IconChevronDown, IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import {
  CASE_PAGE_SIZES,
  CASE_QUERY_PARAMS,
  CASE_QUERY_TEXT_MAX,
  CASE_SCOPES,
  type CaseQuery,
  type CaseScope,
  DEFAULT_CASE_QUERY,
} from "../case-query";
import {
  CASE_TABLE_COLUMN_LABEL,
  CASE_TABLE_COLUMNS,
  CASE_TABLE_VIEW_PARAMS,
  type CaseTableView,
  TABLE_DENSITIES,
} from "../case-table-view";
import { CASE_PRIORITIES, CASE_STATUSES, casePaths, PRACTICE_AREAS } from "../cases";
import classes from "./case-table.module.css";

type CaseTableFiltersProps = {
  query: CaseQuery;
  view: CaseTableView;
  /** The scopes this person may choose (the marketplace is for lawyers). */
  scopes: readonly CaseScope[];
};

/** A group of checkboxes that folds away (a native `<details>`, so it opens without JavaScript). */
export function CheckGroup({
  legend,
  count,
  children,
}: {
  legend: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <details className={classes.group}>
      <summary className={classes.summary}>
        {legend}
        {count > 0 && (
          <Badge size="sm" variant="light" ms="xs">
            {count}
          </Badge>
        )}
        <IconChevronDown size={16} aria-hidden className={classes.chevron} />
      </summary>
      <fieldset className={classes.fieldset}>
        <legend className="visually-hidden">{legend}</legend>
        <Stack gap={6}>{children}</Stack>
      </fieldset>
    </details>
  );
}

type CheckOptionProps = {
  name: string | undefined;
  value: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  note?: string;
};

/**
 * One checkbox of a group. A native input rather than Mantine's Checkbox: the form holds thirty of
 * them and is rebuilt on every change of the address, so each must cost next to nothing to render.
 */
export function CheckOption({ name, value, label, checked, disabled, note }: CheckOptionProps) {
  return (
    <label className={classes.option} data-disabled={disabled || undefined}>
      <input type="checkbox" name={name} value={value} defaultChecked={checked} disabled={disabled} />
      <span>
        {label}
        {note && <span className={classes.note}> ({note})</span>}
      </span>
    </label>
  );
}

/**
 * The table's controls as one GET form: search, filters, columns, density and rows per page.
 * Applying it loads the address it builds (so it works without JavaScript and can be shared); the
 * sort stays and the page goes back to the first. Reset goes back to the plain table.
 */
export function CaseTableFilters({ query, view, scopes }: CaseTableFiltersProps) {
  const { t } = useTranslation(["table", "case-table", "cases"]);
  const names = CASE_QUERY_PARAMS;
  const keepSort = query.sort !== DEFAULT_CASE_QUERY.sort || query.dir !== DEFAULT_CASE_QUERY.dir;
  const active = activeFilterCount(query);
  return (
    <Paper withBorder radius="md" p="md" className={classes.controls}>
      <Form method="get" action={casePaths.table} data-testid="case-table-filters">
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              name={names.q}
              type="search"
              label={t("filter.search")}
              placeholder={t("case-table:searchPlaceholder")}
              defaultValue={query.q}
              maxLength={CASE_QUERY_TEXT_MAX}
              leftSection={<IconSearch size={16} aria-hidden />}
              className={classes.grow}
            />
            <Group gap="sm" wrap="nowrap">
              <Button component={Link} to={casePaths.table} variant="default">
                {t("filter.reset")}
              </Button>
              <Button type="submit">{t("filter.apply")}</Button>
            </Group>
          </Group>

          {/*
           * The rest folds into "Filters" on small screens (a native <details>, so it works without
           * JavaScript) and is always shown from the sm breakpoint up (case-table.module.css).
           */}
          <details className={classes.panel} data-testid="case-table-more-filters">
            <summary className={`${classes.summary} ${classes.panelSummary}`}>
              <IconAdjustmentsHorizontal size={16} aria-hidden />
              <span className={classes.panelTitle}>{t("filter.title")}</span>
              {active > 0 && (
                <Badge size="sm" variant="light" ms="xs" aria-label={t("filter.active", { count: active })}>
                  {active}
                </Badge>
              )}
              <IconChevronDown size={16} aria-hidden className={classes.chevron} />
            </summary>
            <Stack gap="md" className={classes.panelBody}>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  name={names.jurisdiction}
                  label={t("cases:field.jurisdiction")}
                  placeholder={t("case-table:jurisdictionPlaceholder")}
                  defaultValue={query.jurisdiction}
                  maxLength={CASE_QUERY_TEXT_MAX}
                />
                {scopes.length > 1 && (
                  <NativeSelect
                    name={names.scope}
                    label={t("case-table:scope.label")}
                    defaultValue={query.scope}
                    data={scopes.map((scope) => ({ value: scope, label: t(`case-table:scope.${scope}`) }))}
                  />
                )}
              </Group>

              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" className={classes.groups}>
                <CheckGroup legend={t("cases:field.status")} count={query.status.length}>
                  {CASE_STATUSES.map((status) => (
                    <CheckOption
                      key={status}
                      name={names.status}
                      value={status}
                      label={t(`cases:status.${status}`)}
                      checked={query.status.includes(status)}
                    />
                  ))}
                </CheckGroup>
                <CheckGroup legend={t("cases:field.practiceArea")} count={query.practiceArea.length}>
                  {PRACTICE_AREAS.map((area) => (
                    <CheckOption
                      key={area}
                      name={names.practiceArea}
                      value={area}
                      label={t(`cases:practiceArea.${area}`)}
                      checked={query.practiceArea.includes(area)}
                    />
                  ))}
                </CheckGroup>
                <CheckGroup legend={t("cases:field.priority")} count={query.priority.length}>
                  {CASE_PRIORITIES.map((priority) => (
                    <CheckOption
                      key={priority}
                      name={names.priority}
                      value={priority}
                      label={t(`cases:priority.${priority}`)}
                      checked={query.priority.includes(priority)}
                    />
                  ))}
                </CheckGroup>
                <CheckGroup
                  legend={t("columns.showHide")}
                  count={CASE_TABLE_COLUMNS.length - view.columns.length}
                >
                  {/* Always sent, so a form with every other column unticked still means "these columns". */}
                  <input type="hidden" name={CASE_TABLE_VIEW_PARAMS.columns} value="reference" />
                  {CASE_TABLE_COLUMNS.map((column) => (
                    <CheckOption
                      key={column}
                      name={column === "reference" ? undefined : CASE_TABLE_VIEW_PARAMS.columns}
                      value={column}
                      label={t(`cases:${CASE_TABLE_COLUMN_LABEL[column]}`)}
                      note={column === "reference" ? t("columns.alwaysShown") : undefined}
                      checked={view.columns.includes(column)}
                      disabled={column === "reference"}
                    />
                  ))}
                </CheckGroup>
              </SimpleGrid>

              <Group gap="sm" align="flex-end">
                <NativeSelect
                  name={CASE_TABLE_VIEW_PARAMS.density}
                  label={t("density.title")}
                  defaultValue={view.density}
                  data={TABLE_DENSITIES.map((density) => ({
                    value: density,
                    label: t(`density.${density}`),
                  }))}
                />
                <NativeSelect
                  name={names.size}
                  label={t("pagination.rowsPerPage")}
                  defaultValue={String(query.size)}
                  data={CASE_PAGE_SIZES.map(String)}
                />
              </Group>
            </Stack>
          </details>
          {keepSort && (
            <>
              <input type="hidden" name={names.sort} value={query.sort} />
              <input type="hidden" name={names.dir} value={query.dir} />
            </>
          )}
        </Stack>
      </Form>
    </Paper>
  );
}

/** How many of the folded filters narrow the table (shown on the "Filters" summary). */
function activeFilterCount(query: CaseQuery): number {
  return (
    query.status.length +
    query.practiceArea.length +
    query.priority.length +
    (query.jurisdiction !== "" ? 1 : 0) +
    (query.scope !== DEFAULT_CASE_QUERY.scope ? 1 : 0)
  );
}

/** The scopes a person may pick: everyone sees all and their own; lawyers also the marketplace. */
export function caseTableScopes(lawyer: boolean): readonly CaseScope[] {
  return lawyer ? CASE_SCOPES : CASE_SCOPES.filter((scope) => scope !== "marketplace");
}
