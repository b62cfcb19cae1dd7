import { Anchor, Badge } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { matchingLabel } from "~/features/cases/matching-labels";
import type { DateText } from "~/lib/i18n/format";
import type { CaseQuery } from "../case-query";
import {
  CASE_TABLE_COLUMN_LABEL,
  CASE_TABLE_SORT,
  type CaseTableColumn,
  type CaseTableRow,
  type CaseTableView,
  caseTableSearch,
} from "../case-table-view";
import { casePaths } from "../cases";
import { CASE_PRIORITY_COLOR, CASE_STATUS_COLOR } from "./case-badges";
import classes from "./case-table.module.css";

type CaseTableProps = { query: CaseQuery; view: CaseTableView; rows: CaseTableRow[] };

/** An empty value: a dimmed dash (the CSV leaves the cell empty). */
const MISSING = (
  <span className={classes.missing} aria-hidden>
    —
  </span>
);

function day(value: DateText | null) {
  return value ? <time dateTime={value.iso}>{value.text}</time> : MISSING;
}

/** A column header; a sortable column's header is a link that sorts by it (again: reverses it). */
function HeaderCell({
  column,
  query,
  view,
}: {
  column: CaseTableColumn;
  query: CaseQuery;
  view: CaseTableView;
}) {
  const { t } = useTranslation(["cases", "table"]);
  const label = t(CASE_TABLE_COLUMN_LABEL[column], { ns: "cases" });
  const sort = CASE_TABLE_SORT[column];
  if (!sort)
    return (
      <th scope="col" data-column={column} className={classes.cell}>
        {label}
      </th>
    );
  const active = query.sort === sort;
  const nextDir = active && query.dir === "asc" ? "desc" : "asc";
  const Icon = !active ? IconArrowsSort : query.dir === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <th
      scope="col"
      className={classes.cell}
      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
      data-column={column}
    >
      <Anchor
        component={Link}
        to={`${casePaths.table}${caseTableSearch(query, view, { sort, dir: nextDir, page: 1 })}`}
        fz="inherit"
        className={classes.sortLink}
        data-active={active || undefined}
        title={t(nextDir === "asc" ? "sort.asc" : "sort.desc", { ns: "table" })}
      >
        {label}
        <Icon size={14} stroke={1.8} aria-hidden className={classes.sortIcon} />
      </Anchor>
    </th>
  );
}

/**
 * One body cell. Plain elements styled by the table's spacing variables rather than Mantine's
 * Table.Td, and the translation function passed in rather than a hook per cell: a page of 25 rows
 * × 11 columns rendered a few hundred components and hooks, about half the page's server time.
 */
function cell(column: CaseTableColumn, row: CaseTableRow, t: TFunction<"cases">) {
  switch (column) {
    case "reference":
      return (
        <th key={column} data-column={column} scope="row" className={`${classes.cell} ${classes.reference}`}>
          <Link to={casePaths.view(row.id)} className={classes.referenceLink}>
            {row.reference}
          </Link>
        </th>
      );
    case "title":
      return (
        <td key={column} data-column={column} className={`${classes.cell} ${classes.title}`}>
          {row.title}
        </td>
      );
    case "status":
      return (
        <td key={column} data-column={column} className={classes.cell}>
          <Badge
            variant="light"
            color={CASE_STATUS_COLOR[row.status]}
            data-status={row.status}
            className={classes.badge}
          >
            {t(`status.${row.status}`)}
          </Badge>
        </td>
      );
    case "priority":
      return (
        <td key={column} data-column={column} className={classes.cell}>
          <Badge
            variant="dot"
            color={CASE_PRIORITY_COLOR[row.priority]}
            data-priority={row.priority}
            className={classes.badge}
          >
            {t(`priority.${row.priority}`)}
          </Badge>
        </td>
      );
    case "practice_area":
      return (
        <td key={column} data-column={column} className={classes.cell}>
          {t(`practiceArea.${row.practiceArea}`)}
        </td>
      );
    case "jurisdiction":
      return (
        <td key={column} data-column={column} className={classes.cell}>
          {matchingLabel(t, "jurisdiction", row.jurisdiction)}
        </td>
      );
    case "budget":
      return (
        <td key={column} data-column={column} className={`${classes.cell} ${classes.number}`}>
          {row.budget ?? MISSING}
        </td>
      );
    case "needed_by":
      return (
        <td key={column} data-column={column} className={`${classes.cell} ${classes.nowrap}`}>
          {day(row.neededBy)}
        </td>
      );
    case "client":
      return (
        <td key={column} data-column={column} className={`${classes.cell} ${classes.nowrap}`}>
          {row.client ?? MISSING}
        </td>
      );
    case "updated_at":
      return (
        <td key={column} data-column={column} className={`${classes.cell} ${classes.nowrap}`}>
          {day(row.updated)}
        </td>
      );
  }
}

/**
 * The cases table: the visible columns, sortable headers (links, so sorting works without
 * JavaScript) and a header that stays in view while the page scrolls. It fits its sheet: text
 * wraps, and the least needed of the chosen columns step aside as the sheet narrows (container
 * queries in case-table.module.css; print and the CSV keep them all). No scroll box of its own.
 * A native table drawn as Mantine's Table (case-table.module.css, the row height and text size of
 * each density by its `data-density`): Mantine's Table brings its ScrollArea, 7 KiB of gzipped
 * JavaScript this page does not use (ADR 0019).
 */
export function CaseTable({ query, view, rows }: CaseTableProps) {
  const { t } = useTranslation("case-table");
  const { t: tCases } = useTranslation("cases");
  return (
    <div className={classes.scroll} data-testid="case-table-scroll">
      <table
        className={classes.table}
        data-density={view.density}
        data-testid="case-table"
        aria-label={t("tableLabel")}
      >
        <thead>
          <tr>
            {view.columns.map((column) => (
              <HeaderCell key={column} column={column} query={query} view={view} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={classes.row} data-reference={row.reference}>
              {view.columns.map((column) => cell(column, row, tCases))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
