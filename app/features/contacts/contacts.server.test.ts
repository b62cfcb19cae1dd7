import type { SupabaseClient } from "@supabase/supabase-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONTACTS_LIMIT, listContacts } from "./contacts.server";

function clientAnswering(answer: { data: unknown; error: { message: string } | null }) {
  const rpc = vi.fn().mockResolvedValue(answer);
  return { supabase: { rpc } as unknown as SupabaseClient, rpc };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("listContacts", () => {
  it("calls list_contacts with the popover's limit and derives each presence", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T12:00:00.000Z") });
    const { supabase, rpc } = clientAnswering({
      data: [
        {
          id: "a",
          name: "Leo Hartwell",
          avatar_url: "https://example.com/leo.png",
          last_activity: "2026-11-23T11:55:00+00:00",
        },
        { id: "b", name: "Fiona Okafor", avatar_url: null, last_activity: "2026-11-23T11:00:00+00:00" },
        { id: "c", name: "Grace Kim", avatar_url: null, last_activity: null },
      ],
      error: null,
    });
    expect(await listContacts(supabase)).toEqual([
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
    expect(rpc).toHaveBeenCalledWith("list_contacts", { max_rows: CONTACTS_LIMIT });
  });

  it("logs a failure and returns no contacts", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { supabase } = clientAnswering({ data: null, error: { message: "permission denied" } });
    expect(await listContacts(supabase)).toEqual([]);
    expect(log).toHaveBeenCalledWith("Failed to fetch contacts", "permission denied");
  });
});
