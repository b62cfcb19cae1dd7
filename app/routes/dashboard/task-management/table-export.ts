import { getAuth, requireUser } from "~/features/auth/auth.server";
import { toCsv } from "~/features/cases/case-csv";
import { queryTasks } from "~/features/tasks/queries.server";
import { taskCsvCells } from "~/features/tasks/task-csv";
import { parseTaskQuery } from "~/features/tasks/task-query";
import { todayIso } from "~/features/tasks/tasks";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import type { Route } from "./+types/table-export";

/** Most rows one export holds. */
const EXPORT_LIMIT = 5000;

/** The task table as CSV: every row the filters match (up to the limit), in the table's order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const query = parseTaskQuery(new URL(request.url).searchParams);
  const language = getLocale(context);
  const { rows } = await queryTasks(
    getAuth(context).supabase,
    user,
    query,
    await getFormatter(language),
    todayIso(),
    EXPORT_LIMIT,
  );
  const { header, cells } = taskCsvCells(rows, getInstance(context).getFixedT(language, "tasks"));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(toCsv(header, cells), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tasks-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
