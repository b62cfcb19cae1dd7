import { data } from "react-router";
import { getAuth } from "~/features/auth/auth.server";
import { queryTasks } from "~/features/tasks/queries.server";
import { parseTaskQuery } from "~/features/tasks/task-query";
import { todayIso } from "~/features/tasks/tasks";
import { getFormatter } from "~/lib/i18n/format";
import type { Route } from "./+types/task-management";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * `GET /api/task_management?page=&size=&<the task table's filters>` (spec §7): one page of the
 * tasks the caller may see — the table's query, under the same row level security — as
 * `{ tasks, page, size, total }`. Unknown parameters are ignored. Without a session: 401 `{ error }`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, supabase } = getAuth(context);
  if (!user) return data({ error: "User not authenticated" }, { status: 401, headers: NO_STORE });
  const query = parseTaskQuery(new URL(request.url).searchParams);
  const { rows, total } = await queryTasks(supabase, user, query, await getFormatter("en"), todayIso());
  const tasks = rows.map(({ due: _due, updated: _updated, ...task }) => task);
  return data({ tasks, page: query.page, size: query.size, total }, { headers: NO_STORE });
}

/** Read-only: any other method is 405 with the one that is allowed. */
export function action() {
  return data({ error: "Method not allowed" }, { status: 405, headers: { ...NO_STORE, Allow: "GET" } });
}
