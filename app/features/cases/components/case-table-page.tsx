import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconFileTypeCsv, IconPrinter, IconTableOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { PaginationFooter } from "~/components/link-pagination";
import { PageTitle } from "~/components/page-title";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { type CaseQuery, type CaseScope, casePageCount, hasCaseFilters } from "../case-query";
import { type CaseTableRow, type CaseTableView, caseTableSearch } from "../case-table-view";
import { casePaths } from "../cases";
import { CaseTable } from "./case-table";
import classes from "./case-table.module.css";
import { CaseTableFilters } from "./case-table-filters";

type CaseTablePageProps = {
  query: CaseQuery;
  view: CaseTableView;
  rows: CaseTableRow[];
  total: number;
  scopes: readonly CaseScope[];
};

/** Printing needs the browser's print dialog, which only a script opens: no button without one. */
function PrintButton() {
  const { t } = useTranslation("table");
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconPrinter size={16} aria-hidden />}
      onClick={() => window.print()}
    >
      {t("export.print")}
    </Button>
  );
}

/**
 * /dashboard/case/table (issue 8): every case the person may see as a data table with server-side
 * sorting, filtering and pagination, column visibility and density, all in the address; the
 * CSV export of the filtered rows and a print stylesheet that keeps only the table.
 */
export function CaseTablePage({ query, view, rows, total, scopes }: CaseTablePageProps) {
  const { t } = useTranslation(["case-table", "table"]);
  const search = caseTableSearch(query, view, { page: 1 });
  const { search: shownAddress } = useLocation();
  return (
    // data-address: the address this render shows; after a client-side navigation the new address
    // can come before the new rows (a transition), and tests wait for the two to agree.
    <Stack gap="lg" className={classes.page} data-testid="case-table-page" data-address={shownAddress}>
      <Group justify="space-between" align="flex-end" gap="md">
        <PageTitle title={t("title")} description={t("description")} />
        <Group gap="sm" className={classes.actions}>
          <Button
            component="a"
            href={`${casePaths.tableExport}${search}`}
            download
            variant="default"
            leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            data-testid="case-table-export"
          >
            {t("table:export.csv")}
          </Button>
          <PrintButton />
        </Group>
      </Group>

      <CaseTableFilters key={search} query={query} view={view} scopes={scopes} />

      <Paper withBorder radius="md" className={classes.sheet}>
        {rows.length === 0 ? (
          <Stack align="center" gap="xs" py={56} data-testid="case-table-empty">
            <IconTableOff size={36} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text c="dimmed">{hasCaseFilters(query) ? t("empty") : t("emptyAll")}</Text>
          </Stack>
        ) : (
          <CaseTable query={query} view={view} rows={rows} />
        )}
        {total > 0 && (
          <PaginationFooter
            query={query}
            pageCount={casePageCount(total, query.size)}
            total={total}
            shown={rows.length}
            href={(page) => `${casePaths.table}${caseTableSearch(query, view, { page })}`}
            rangeTestId="case-table-range"
            testId="case-table-pagination"
          />
        )}
      </Paper>
    </Stack>
  );
}
