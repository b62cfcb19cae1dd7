import { Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LinkPagination } from "~/components/link-pagination";
import { getLanguageOption } from "~/lib/i18n/languages";
import { type CaseQuery, casePageCount } from "../case-query";
import { type CaseTableView, caseTableSearch } from "../case-table-view";
import { casePaths } from "../cases";
import classes from "./case-table.module.css";

type CaseTablePaginationProps = { query: CaseQuery; view: CaseTableView; total: number; shown: number };

/** "26–50 of 120" and page links (plain links, so paging works without JavaScript). */
export function CaseTablePagination({ query, view, total, shown }: CaseTablePaginationProps) {
  const { t, i18n } = useTranslation("table");
  const pageCount = casePageCount(total, query.size);
  const from = shown === 0 ? 0 : (query.page - 1) * query.size + 1;
  const href = (page: number) => `${casePaths.table}${caseTableSearch(query, view, { page })}`;
  return (
    <Group
      justify="space-between"
      gap="sm"
      className={classes.pagination}
      data-testid="case-table-pagination"
    >
      {/* The sentence keeps its language's direction, so "1–25 of 40" stays in order in any layout. */}
      <Text size="sm" c="dimmed" data-testid="case-table-range" dir={getLanguageOption(i18n.language).dir}>
        {t("pagination.displayedRows", { from, to: from === 0 ? 0 : from + shown - 1, count: total })}
      </Text>
      <LinkPagination page={query.page} pageCount={pageCount} href={href} size="sm" />
    </Group>
  );
}
