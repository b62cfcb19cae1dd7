import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconFileTypeCsv } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { PaginationFooter } from "~/components/link-pagination";
import { PageTitle } from "~/components/page-title";
import { casePageCount } from "~/features/cases/case-query";
import classes from "~/features/cases/components/case-table.module.css";
import { CheckGroup, CheckOption } from "~/features/cases/components/case-table-filters";
import { useFocusOnOpen } from "~/lib/hooks/use-focus-on-open";
import type { TaskCard } from "../queries.server";
import { TASK_COLUMN_LABEL, TASK_COLUMN_SORT, TASK_TABLE_COLUMNS } from "../task-csv";
import {
  hasTaskFilters,
  pickersShown,
  TASK_PAGE_SIZES,
  TASK_QUERY_PARAMS,
  type TaskQuery,
  taskPageHref,
  taskQueryString,
} from "../task-query";
import { TASK_STATUSES, type TaskCaseOption, type TaskPerson, taskPaths } from "../tasks";
import boardClasses from "./task-board.module.css";
import { TASK_PRIORITY_COLOR } from "./task-card";
import { TaskPickers } from "./task-pickers";

type TaskTablePageProps = {
  query: TaskQuery;
  rows: TaskCard[];
  total: number;
  cases: TaskCaseOption[];
  assignees: TaskPerson[];
};

/**
 * /dashboard/task_management/task_management_table: the tasks as the case table shows cases —
 * sortable headers, filters (case, assignee, status, due range, overdue), pages, all in the
 * address (links and GET forms, so it works without JavaScript), and the CSV of the filtered rows.
 * It uses the case table's styles, filter groups and pagination.
 */
export function TaskTablePage({ query, rows, total, cases, assignees }: TaskTablePageProps) {
  const { t } = useTranslation(["tasks", "table"]);
  const names = TASK_QUERY_PARAMS;
  const href = (changes: Partial<TaskQuery>) => `${taskPaths.table}${taskQueryString(query, changes)}`;
  // The case and assignee pickers offer the person's cases and people, read only when they show.
  const location = useLocation();
  const showPickers = pickersShown(new URLSearchParams(location.search), query);
  const pickersStart = useFocusOnOpen<HTMLSelectElement>(showPickers);
  return (
    <Stack gap="lg" className={classes.page} data-testid="task-table-page">
      <Group justify="space-between" align="flex-end" gap="md">
        <PageTitle title={t("table.title")} description={t("table.description")} />
        <Group gap="sm">
          <Button
            component={Link}
            to={`${taskPaths.board}${taskQueryString(query, { page: 1 })}`}
            variant="default"
          >
            {t("table.asBoard")}
          </Button>
          <Button
            component="a"
            href={`${taskPaths.tableExport}${taskQueryString(query, { page: 1 })}`}
            download
            variant="default"
            leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            data-testid="task-table-export"
          >
            {t("table:export.csv")}
          </Button>
        </Group>
      </Group>

      <Form
        method="get"
        key={taskQueryString(query)}
        className={boardClasses.row}
        data-testid="task-table-filters"
      >
        {showPickers ? (
          <TaskPickers
            query={query}
            cases={cases}
            people={assignees}
            className={boardClasses.input}
            caseRef={pickersStart}
          />
        ) : (
          <Link
            to={taskPageHref(taskPaths.table, query, "filters")}
            preventScrollReset
            prefetch="intent"
            data-testid="task-table-pickers-open"
          >
            {t("filters.pickers")}
          </Link>
        )}
        <CheckGroup legend={t("field.status")} count={query.status.length}>
          {TASK_STATUSES.map((status) => (
            <CheckOption
              key={status}
              name={names.status}
              value={status}
              label={t(`status.${status}`)}
              checked={query.status.includes(status)}
            />
          ))}
        </CheckGroup>
        <label>
          {t("filters.dueFrom")}
          <input
            type="date"
            name={names.dueFrom}
            defaultValue={query.dueFrom}
            className={boardClasses.input}
          />
        </label>
        <label>
          {t("filters.dueTo")}
          <input type="date" name={names.dueTo} defaultValue={query.dueTo} className={boardClasses.input} />
        </label>
        <label className={classes.option}>
          <input type="checkbox" name={names.overdue} value="1" defaultChecked={query.overdue} />
          <span>{t("filters.overdue")}</span>
        </label>
        <label>
          {t("filters.size")}
          <select name={names.size} defaultValue={String(query.size)} className={boardClasses.input}>
            {TASK_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {query.sort !== "due_date" || query.dir !== "asc" ? (
          <>
            <input type="hidden" name={names.sort} value={query.sort} />
            <input type="hidden" name={names.dir} value={query.dir} />
          </>
        ) : null}
        <button type="submit" className={boardClasses.input}>
          {t("filters.apply")}
        </button>
        {hasTaskFilters(query) && <Link to={taskPaths.table}>{t("filters.reset")}</Link>}
      </Form>

      <Paper withBorder radius="md" className={classes.sheet}>
        {rows.length === 0 ? (
          <Text c="dimmed" ta="center" py={48} data-testid="task-table-empty">
            {hasTaskFilters(query) ? t("table.empty") : t("table.emptyAll")}
          </Text>
        ) : (
          <div className={classes.scroll}>
            <table
              className={classes.table}
              data-density="standard"
              data-testid="task-table"
              aria-label={t("table.title")}
            >
              <thead>
                <tr>
                  {TASK_TABLE_COLUMNS.map((column) => {
                    const sort = TASK_COLUMN_SORT[column];
                    const label = t(TASK_COLUMN_LABEL[column] as "field.title");
                    if (!sort)
                      return (
                        <th key={column} scope="col" className={classes.cell}>
                          {label}
                        </th>
                      );
                    const active = query.sort === sort;
                    const dir = active && query.dir === "asc" ? "desc" : "asc";
                    return (
                      <th
                        key={column}
                        scope="col"
                        className={classes.cell}
                        aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
                      >
                        <Link
                          to={href({ sort, dir, page: 1 })}
                          className={classes.sortLink}
                          data-active={active || undefined}
                        >
                          {label}
                        </Link>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className={classes.row} data-task-id={row.id}>
                    <th scope="row" className={`${classes.cell} ${classes.title}`}>
                      <Link to={taskPaths.view(row.id)} className={classes.titleLink}>
                        {row.title}
                      </Link>
                    </th>
                    <td className={`${classes.cell} ${classes.nowrap}`}>{row.caseReference}</td>
                    <td className={classes.cell}>{t(`status.${row.status}`)}</td>
                    <td className={classes.cell}>
                      <Badge
                        variant="dot"
                        color={TASK_PRIORITY_COLOR[row.priority]}
                        className={classes.badge}
                      >
                        {t(`priority.${row.priority}`)}
                      </Badge>
                    </td>
                    <td className={classes.cell}>{row.assignee?.name ?? "—"}</td>
                    <td className={`${classes.cell} ${classes.nowrap}`}>
                      {row.due ? (
                        <time
                          dateTime={row.due.iso}
                          className={row.overdue ? boardClasses.overdue : undefined}
                        >
                          {row.due.text}
                        </time>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className={classes.cell}>{row.labels.join(", ")}</td>
                    <td className={`${classes.cell} ${classes.nowrap}`}>{row.updated?.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {total > 0 && (
          <PaginationFooter
            query={query}
            pageCount={casePageCount(total, query.size)}
            total={total}
            shown={rows.length}
            href={(page) => href({ page })}
            rangeTestId="task-table-range"
          />
        )}
      </Paper>
    </Stack>
  );
}
