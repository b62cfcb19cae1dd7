import { getAuth, requireUser } from "~/features/auth/auth.server";
import { toCsv } from "~/features/cases/case-csv";
import { parseCaseQuery } from "~/features/cases/case-query";
import { caseCsvCells } from "~/features/cases/case-table-csv";
import { parseCaseTableView } from "~/features/cases/case-table-view";
import { caseTableExportRows } from "~/features/cases/queries.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/table-export";

/**
 * The cases table as CSV (`/dashboard/case/table/export.csv?<the table's address>`): every row the
 * filters match (all pages, up to the export limit), in the table's order, with the columns shown
 * and their headers in the person's language. The dashboard layout's middleware sends a visitor
 * without a session to sign-in; row level security decides which cases are in it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const params = new URL(request.url).searchParams;
  const query = parseCaseQuery(params);
  const view = parseCaseTableView(params);
  const language = getLocale(context);
  const rows = await caseTableExportRows(
    getAuth(context).supabase,
    user,
    query,
    await getFormatter(language),
  );
  const { header, cells } = caseCsvCells(
    view.columns,
    rows,
    getInstance(context).getFixedT(language, "cases"),
  );
  const day = new Date().toISOString().slice(0, 10);
  return new Response(toCsv(header, cells), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="cases-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
