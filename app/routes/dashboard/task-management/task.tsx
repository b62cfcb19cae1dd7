import { data, redirect } from "react-router";
import { pageMeta } from "~/components/page-meta";
import { getAuth, requireUser } from "~/features/auth/auth.server";
import { isUuid } from "~/features/cases/cases";
import { TaskPage } from "~/features/tasks/components/task-page";
import {
  addChecklistItem,
  addComment,
  deleteChecklistItem,
  deleteTask,
  moveTask,
  toggleChecklistItem,
  updateTask,
} from "~/features/tasks/mutations.server";
import { loadTaskDetail } from "~/features/tasks/queries.server";
import { taskPageActionSchema } from "~/features/tasks/schemas";
import { mentionsIn, parseLabels, taskPaths, todayIso } from "~/features/tasks/tasks";
import { parseForm } from "~/lib/form.server";
import { getFormatter } from "~/lib/i18n/format";
import { getLocale } from "~/lib/i18n/i18n.server";
import { invariantResponse, redirectWithToast } from "~/lib/responses.server";
import type { Route } from "./+types/task";

export const handle = { i18n: ["tasks"] };

/** A task's page: what it is, who does it by when, its checklist, comments and history. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  invariantResponse(isUuid(params.id), null, { status: 404 });
  const format = await getFormatter(getLocale(context));
  const detail = await loadTaskDetail(getAuth(context).supabase, user, params.id, format, todayIso());
  invariantResponse(detail, null, { status: 404 });
  return data({ title: `${detail.task.caseReference} · ${detail.task.title}`, detail });
}

/** The page's forms, by `intent`; the database judges each, and the answer comes back as a toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  invariantResponse(isUuid(params.id), null, { status: 404 });
  const id = params.id;
  const here = taskPaths.view(id);
  const submission = await parseForm(request, taskPageActionSchema);
  if (submission.status !== "success") throw redirectWithToast(here, "common:invalid_request");
  const { supabase } = getAuth(context);
  const value = submission.value;
  let outcome: Awaited<ReturnType<typeof moveTask>>;
  switch (value.intent) {
    case "move":
      outcome = await moveTask(supabase, { ...value, task: id });
      break;
    case "update":
      outcome = await updateTask(supabase, id, {
        title: value.title,
        description: value.description,
        priority: value.priority,
        due_date: value.due_date ?? null,
        assignee_id: value.assignee_id ?? null,
        labels: parseLabels(value.labels),
        client_visible: value.client_visible,
      });
      break;
    case "comment": {
      const detail = await loadTaskDetail(
        supabase,
        user,
        id,
        await getFormatter(getLocale(context)),
        todayIso(),
      );
      invariantResponse(detail, null, { status: 404 });
      const people = detail.people.filter((person) => person.id !== user.id);
      outcome = await addComment(supabase, id, value.body, mentionsIn(value.body, people));
      break;
    }
    case "checklist_add":
      outcome = await addChecklistItem(supabase, id, value.body);
      break;
    case "checklist_toggle":
      outcome = await toggleChecklistItem(supabase, id, value.item);
      break;
    case "checklist_delete":
      outcome = await deleteChecklistItem(supabase, id, value.item);
      break;
    case "delete":
      outcome = await deleteTask(supabase, id);
      if (outcome.ok)
        throw redirectWithToast(taskPaths.board, { kind: "success", message: "tasks:page.deleted" });
      break;
  }
  if (!outcome.ok) throw redirectWithToast(here, outcome.code);
  throw redirect(here);
}

export const meta: Route.MetaFunction = pageMeta;

export default function TaskRoute({ loaderData }: Route.ComponentProps) {
  return <TaskPage detail={loaderData.detail} />;
}

export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";
