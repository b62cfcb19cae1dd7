import { Anchor, Table, Text } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CaseQuery } from "../case-query";
import {
  CASE_TABLE_COLUMN_LABEL,
  CASE_TABLE_SORT,
  type CaseTableColumn,
  type CaseTableRow,
  type CaseTableView,
  caseTableSearch,
  type TableDensity,
} from "../case-table-view";
import { casePaths } from "../cases";
import type { DateText } from "../format";
import { CasePriorityBadge, CaseStatusBadge } from "./case-badges";
import classes from "./case-table.module.css";

/** Row height and text size of each density (spec §9's compact, standard and comfortable). */
const DENSITY_SPACING: Record<TableDensity, { vertical: number | string; horizontal: string; size: string }> =
  {
    compact: { vertical: 4, horizontal: "xs", size: "xs" },
    standard: { vertical: "xs", horizontal: "sm", size: "sm" },
    comfortable: { vertical: "md", horizontal: "md", size: "sm" },
  };

type CaseTableProps = { query: CaseQuery; view: CaseTableView; rows: CaseTableRow[] };

/** An empty value: a dimmed dash (the CSV leaves the cell empty). */
function Missing() {
  return (
    <Text span c="dimmed" aria-hidden>
      —
    </Text>
  );
}

function Day({ value }: { value: DateText | null }) {
  return value ? <time dateTime={value.iso}>{value.text}</time> : <Missing />;
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
  if (!sort) return <Table.Th scope="col">{label}</Table.Th>;
  const active = query.sort === sort;
  const nextDir = active && query.dir === "asc" ? "desc" : "asc";
  const Icon = !active ? IconArrowsSort : query.dir === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      scope="col"
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
    </Table.Th>
  );
}

function Cell({ column, row }: { column: CaseTableColumn; row: CaseTableRow }) {
  const { t } = useTranslation("cases");
  switch (column) {
    case "reference":
      return (
        <Table.Th scope="row" className={classes.reference}>
          <Anchor component={Link} to={casePaths.view(row.id)} ff="monospace" fz="inherit">
            {row.reference}
          </Anchor>
        </Table.Th>
      );
    case "title":
      return <Table.Td className={classes.title}>{row.title}</Table.Td>;
    case "status":
      return (
        <Table.Td>
          <CaseStatusBadge value={row.status} className={classes.badge} />
        </Table.Td>
      );
    case "priority":
      return (
        <Table.Td>
          <CasePriorityBadge value={row.priority} className={classes.badge} />
        </Table.Td>
      );
    case "practice_area":
      return <Table.Td>{t(`practiceArea.${row.practiceArea}`)}</Table.Td>;
    case "jurisdiction":
      return <Table.Td>{row.jurisdiction}</Table.Td>;
    case "budget":
      return <Table.Td className={classes.number}>{row.budget ?? <Missing />}</Table.Td>;
    case "needed_by":
      return (
        <Table.Td className={classes.nowrap}>
          <Day value={row.neededBy} />
        </Table.Td>
      );
    case "client":
      return <Table.Td className={classes.nowrap}>{row.client ?? <Missing />}</Table.Td>;
    case "updated_at":
      return (
        <Table.Td className={classes.nowrap}>
          <Day value={row.updated} />
        </Table.Td>
      );
  }
}

/**
 * The cases table: the visible columns, sortable headers (links, so sorting works without
 * JavaScript), a header that stays in view while the rows scroll, and sideways scrolling on phones.
 */
export function CaseTable({ query, view, rows }: CaseTableProps) {
  const { t } = useTranslation("case-table");
  const spacing = DENSITY_SPACING[view.density];
  return (
    <div className={classes.scroll} data-testid="case-table-scroll">
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={spacing.vertical}
        horizontalSpacing={spacing.horizontal}
        fz={spacing.size}
        className={classes.table}
        // Wide enough that every shown column keeps a readable width; phones scroll sideways.
        style={{ "--case-table-min-width": `${view.columns.length * 8}rem` } as CSSProperties}
        data-density={view.density}
        data-testid="case-table"
        aria-label={t("tableLabel")}
      >
        <Table.Thead>
          <Table.Tr>
            {view.columns.map((column) => (
              <HeaderCell key={column} column={column} query={query} view={view} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-reference={row.reference}>
              {view.columns.map((column) => (
                <Cell key={column} column={column} row={row} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
