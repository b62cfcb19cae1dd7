import { data, redirect } from "react-router";
import { idempotencyKeyOf, newIdempotencyKey } from "~/components/form/idempotency";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { TaskBoardPage } from "~/features/tasks/components/task-board-page";
import { createTask, moveTask } from "~/features/tasks/mutations.server";
import { loadBoard } from "~/features/tasks/queries.server";
import { boardActionSchema } from "~/features/tasks/schemas";
import { boardPanelsOf, parseTaskQuery } from "~/features/tasks/task-query";
import { taskPaths, todayIso } from "~/features/tasks/tasks";
import { can } from "~/lib/access";
import { cloudflareContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { parseForm } from "~/lib/form.server";
import { getFormatter } from "~/lib/i18n/format";
import { getInstance, getLocale } from "~/lib/i18n/i18n.server";
import { redirectWithToast } from "~/lib/responses.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/board";

export const handle = { i18n: ["tasks"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const env = getEnv(context.get(cloudflareContext).env as unknown as Record<string, unknown>);
  const params = new URL(request.url).searchParams;
  const query = parseTaskQuery(params);
  const panels = boardPanelsOf(params, query);
  const language = getLocale(context);
  const { supabase } = getAuth(context);
  const { columns, cases, assignees } = await loadBoard(
    supabase,
    user,
    query,
    await getFormatter(language),
    todayIso(),
    language,
    panels.filters || panels.create,
  );
  return data({
    title: getInstance(context).getFixedT(language, "tasks")("board.meta"),
    columns,
    query,
    cases,
    assignees,
    canCreate: can(user.accessLevel, "managesTasks"),
    idempotencyKey: newIdempotencyKey(),
    realtime: { url: env.SUPABASE_URL, apiKey: env.SUPABASE_ANON_KEY },
  });
}

/**
 * The board's one action: `intent=move` (drag and drop, the keyboard, the card's forms without
 * JavaScript — all `public.move_task`) and `intent=create`. A page's own form post (no JavaScript)
 * is answered with a redirect back to the board; a script's post with data, and the board reads
 * itself again. Refusals come back as a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const byPage = request.headers.get("Sec-Fetch-Mode") === "navigate";
  const submission = await parseForm(request, boardActionSchema);
  const asked = safeRedirectPath(submission.payload.returnTo, taskPaths.board);
  const returnTo = asked.startsWith(taskPaths.index) ? asked : taskPaths.board;
  if (submission.status !== "success") {
    throw redirectWithToast(returnTo, "common:invalid_request");
  }
  const { supabase } = getAuth(context);
  const value = submission.value;
  if (value.intent === "create") {
    const idempotencyKey = idempotencyKeyOf(submission.payload);
    if (!idempotencyKey) throw redirectWithToast(returnTo, "common:stale_form");
    const outcome = await createTask(supabase, value, { userId: user.id, idempotencyKey });
    if (!outcome.ok) throw redirectWithToast(returnTo, outcome.code);
    throw redirectWithToast(taskPaths.view(outcome.value), { kind: "success", message: "tasks:create.done" });
  }
  const outcome = await moveTask(supabase, value);
  if (!outcome.ok) throw redirectWithToast(returnTo, outcome.code);
  if (byPage) throw redirect(returnTo);
  return data({ ok: true });
}

export const meta: Route.MetaFunction = pageMeta;

export default function TaskBoardRoute({ loaderData }: Route.ComponentProps) {
  const { title: _title, ...props } = loaderData;
  return <TaskBoardPage {...props} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
