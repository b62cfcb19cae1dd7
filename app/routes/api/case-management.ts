import { data } from "react-router";
import { getAuth } from "~/features/auth/auth.server";
import { parseCaseQuery } from "~/features/cases/case-query";
import { queryCases } from "~/features/cases/queries.server";
import type { Route } from "./+types/case-management";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * `GET /api/case_management?page=&size=&<the case lists' filters>` (spec §7): one page of the
 * cases the caller may see — the same query as the case table, under the same row level security
 * — as `{ cases, page, size, total }`. Parameters it does not understand are ignored rather than
 * refused. Without a session: 401 `{ error }`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, supabase } = getAuth(context);
  if (!user) return data({ error: "User not authenticated" }, { status: 401, headers: NO_STORE });
  const query = parseCaseQuery(new URL(request.url).searchParams);
  const { rows, total } = await queryCases(supabase, user, query);
  return data({ cases: rows, page: query.page, size: query.size, total }, { headers: NO_STORE });
}

/** Read-only: any other method is 405 with the one that is allowed. */
export function action() {
  return data({ error: "Method not allowed" }, { status: 405, headers: { ...NO_STORE, Allow: "GET" } });
}
