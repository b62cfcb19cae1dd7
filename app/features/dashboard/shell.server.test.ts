import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONTACTS_LIMIT } from "~/features/contacts/contacts.server";
import type { Supabase } from "~/lib/database";
import { BELL_LIMIT, dashboardProfileReader, dashboardShellOf, readDashboardShell } from "./shell.server";

function clientAnswering(answer: { data: unknown; error: { message: string } | null }) {
  const rpc = vi.fn().mockResolvedValue(answer);
  return { supabase: { rpc } as unknown as Supabase, rpc };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const notification = {
  id: "n1",
  user_id: "u1",
  title: '<b>New proposal</b><script>alert(1)</script> on <a href="/dashboard/case/1">CASE-2026-0001</a>',
  type: "proposal",
  category: "Cases",
  is_unread: true,
  created_at: "2026-11-23T11:00:00+00:00",
  avatar_url: null,
};

const profile = {
  first_name: "Ada",
  last_name: "Lovelace",
  access_level: "lawyer",
  law_firm: "f1",
  plan: null,
  created_at: "2026-11-01T09:00:00+00:00",
  law_firms: { name: "Lovelace & Co" },
};

describe("readDashboardShell", () => {
  it("reads the bell and the contacts in one call and writes them in the app's shape", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T12:00:00.000Z") });
    const { supabase, rpc } = clientAnswering({
      data: {
        profile,
        notifications: [notification],
        // bigint counts may arrive as strings
        counts: { total: "3", unread: 1, archived: "0" },
        contacts: [
          {
            id: "a",
            name: "Leo Hartwell",
            avatar_url: "https://example.com/leo.png",
            last_activity: "2026-11-23T11:55:00+00:00",
          },
          { id: "b", name: "Fiona Okafor", avatar_url: null, last_activity: "2026-11-23T11:00:00+00:00" },
          { id: "c", name: "Grace Kim", avatar_url: null, last_activity: null },
        ],
      },
      error: null,
    });
    const shell = await readDashboardShell(supabase);
    expect(shell.profile).toEqual(profile);
    expect(rpc).toHaveBeenCalledWith("dashboard_shell", {
      bell_limit: BELL_LIMIT,
      contacts_limit: CONTACTS_LIMIT,
    });
    expect(shell.notifications).toMatchObject({ unread: 1, total: 3, archived: 0 });
    expect(shell.notifications.items).toHaveLength(1);
    expect(shell.notifications.items[0]).toMatchObject({ id: "n1", isUnread: true, type: "proposal" });
    // The title is sanitized: the script goes, the formatting and the link stay.
    expect(shell.notifications.items[0]?.title).not.toContain("script");
    expect(shell.notifications.items[0]?.title).toContain("<b>New proposal</b>");
    expect(shell.contacts).toEqual([
      {
        id: "a",
        name: "Leo Hartwell",
        status: "online",
        avatarUrl: "https://example.com/leo.png",
        lastActivity: "2026-11-23T11:55:00+00:00",
      },
      {
        id: "b",
        name: "Fiona Okafor",
        status: "alway",
        avatarUrl: null,
        lastActivity: "2026-11-23T11:00:00+00:00",
      },
      { id: "c", name: "Grace Kim", status: "offline", avatarUrl: null, lastActivity: null },
    ]);
  });

  it("logs a failure and gives an empty bell, no contacts and no profile", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { supabase } = clientAnswering({ data: null, error: { message: "permission denied" } });
    expect(await readDashboardShell(supabase)).toEqual({
      notifications: { items: [], unread: 0, total: 0, archived: 0 },
      contacts: [],
      profile: null,
    });
    expect(log).toHaveBeenCalledWith("Failed to fetch the dashboard shell", "permission denied");
  });
});

describe("dashboardProfileReader: the profile comes with the shell on the requests that show it", () => {
  const context = () => new RouterContextProvider();
  const get = (path: string, method = "GET") => new Request(`http://localhost${path}`, { method });

  it("reads the profile and the shell in one call on a dashboard page, and keeps the shell", async () => {
    const { supabase, rpc } = clientAnswering({
      data: { profile, notifications: [], counts: null, contacts: [] },
      error: null,
    });
    const ctx = context();
    const reader = dashboardProfileReader({ request: get("/dashboard/case/table?page=2"), context: ctx });
    expect(reader).not.toBeNull();
    expect(await reader?.(supabase)).toEqual(profile);
    // The layout's loader takes the same answer: no second call.
    const shell = await dashboardShellOf(ctx, supabase);
    expect(shell.contacts).toEqual([]);
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["/dashboard", "GET"],
    ["/dashboard.data", "GET"],
    ["/dashboard/case/table.data", "GET"],
    [
      "/dashboard/case/table.data?_routes=routes%2Fdashboard%2Flayout%2Croutes%2Fdashboard%2Fcase%2Ftable",
      "GET",
    ],
    ["/dashboard.data?_routes=routes%2Fdashboard%2Findex", "GET"],
  ])("applies to %s (%s)", (path, method) => {
    expect(dashboardProfileReader({ request: get(path, method), context: context() })).not.toBeNull();
  });

  it.each([
    ["/dashboard/case/table", "POST"],
    ["/dashboard/case/table.data?_routes=routes%2Fdashboard%2Fcase%2Ftable", "GET"],
    ["/dashboardish", "GET"],
    ["/api/task_management", "GET"],
    ["/", "GET"],
  ])("leaves %s (%s) to the profile's own read", (path, method) => {
    expect(dashboardProfileReader({ request: get(path, method), context: context() })).toBeNull();
  });
});
