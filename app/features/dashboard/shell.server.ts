import { createContext, type RouterContextProvider } from "react-router";
import type { ProfileReaderOf } from "~/features/auth/auth.server";
import type { Contact } from "~/features/contacts/contact";
import { CONTACTS_LIMIT, contactsOf } from "~/features/contacts/contacts.server";
import {
  EMPTY_SUMMARY,
  type NotificationSummary,
  notificationSummary,
  tabCountsOf,
} from "~/features/notifications/queries.server";
import type { Profile, Supabase } from "~/lib/database";

/** How many of the newest notifications the bell's drawer lists. */
export const BELL_LIMIT = 20;

type DashboardShellData = { notifications: NotificationSummary; contacts: Contact[] };

const shellContext = createContext<Promise<DashboardShellData> | null>(null);

/**
 * The shell's data of this request, read once however many loaders ask for it: the layout's loader
 * shows the bell and the contacts, the overview the newest notifications and their counts, from the
 * same answer (the loaders run side by side, so the first one starts the read and the others wait
 * for it).
 */
export function dashboardShellOf(
  context: Readonly<RouterContextProvider>,
  supabase: Supabase,
): Promise<DashboardShellData> {
  const started = context.get(shellContext);
  if (started) return started;
  const shell = readDashboardShell(supabase);
  context.set(shellContext, shell);
  return shell;
}

/**
 * The data every dashboard page's shell shows, in one request: the bell's newest notifications
 * with the counts of its tabs, and the contacts, and the caller's profile (the session's). A
 * failure is logged and gives an empty bell, no contacts and no profile (spec §8: the page still
 * renders).
 */
export async function readDashboardShell(
  supabase: Supabase,
): Promise<DashboardShellData & { profile: Profile | null }> {
  const { data, error } = await supabase.rpc("dashboard_shell", {
    bell_limit: BELL_LIMIT,
    contacts_limit: CONTACTS_LIMIT,
  });
  const shell = data;
  if (error || !shell) {
    console.error("Failed to fetch the dashboard shell", error?.message ?? "no data");
    return { notifications: EMPTY_SUMMARY, contacts: [], profile: null };
  }
  return {
    notifications: shell.counts
      ? notificationSummary(shell.notifications, tabCountsOf(shell.counts))
      : EMPTY_SUMMARY,
    contacts: contactsOf(shell.contacts),
    profile: shell.profile ?? null,
  };
}

/** The loaders that show the shell: the layout's, and the overview's (the bell's newest). */
const SHELL_ROUTE_IDS = ["routes/dashboard/layout", "routes/dashboard/index"];

/**
 * Whether a request runs a loader that shows the shell: a dashboard page, or a data request (a
 * navigation in the browser) whose `_routes` name one of them or that names none (all of them).
 */
function readsShell(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const url = new URL(request.url);
  if (!/^\/dashboard(\/|\.data$|$)/.test(url.pathname)) return false;
  if (!url.pathname.endsWith(".data")) return true;
  const routes = url.searchParams.get("_routes");
  return routes === null || routes.split(",").some((id) => SHELL_ROUTE_IDS.includes(id));
}

/**
 * The session middleware's profile reader on a request that shows the shell: the profile comes in
 * the shell's one request, and the shell is kept for the loaders (`dashboardShellOf`), so a
 * dashboard page makes one request to the database before its own data instead of two.
 */
export const dashboardProfileReader: ProfileReaderOf = ({ request, context }) => {
  if (!readsShell(request)) return null;
  return async (supabase) => {
    const read = readDashboardShell(supabase);
    context.set(shellContext, read);
    return (await read).profile;
  };
};
