import { describe, expect, it, vi } from "vitest";
import type { Supabase } from "~/lib/database";
import { readCaseStatusCounts } from "./queries.server";

function clientAnswering(answer: { data: unknown; error: { message: string } | null }) {
  const rpc = vi.fn().mockResolvedValue(answer);
  return { supabase: { rpc } as unknown as Supabase, rpc };
}

describe("readCaseStatusCounts", () => {
  it("counts every status in one call over the source asked for", async () => {
    const { supabase, rpc } = clientAnswering({
      // bigint counts may arrive as strings
      data: [
        { status: "open", count: "1712" },
        { status: "draft", count: 3 },
      ],
      error: null,
    });
    const counts = await readCaseStatusCounts(supabase, "pipeline");
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(rpc).toHaveBeenCalledWith("case_status_counts", { p_source: "pipeline" });
    expect(Object.fromEntries(counts)).toEqual({ open: 1712, draft: 3 });
  });

  it("leaves out statuses the app does not know and statuses without cases", async () => {
    const { supabase } = clientAnswering({
      data: [
        { status: "archived", count: 4 },
        { status: "closed", count: 2 },
      ],
      error: null,
    });
    const counts = await readCaseStatusCounts(supabase, "all");
    expect([...counts]).toEqual([["closed", 2]]);
    expect(counts.get("open")).toBeUndefined();
  });

  it("fails when the database refuses, rather than showing zeros", async () => {
    const { supabase } = clientAnswering({ data: null, error: { message: "permission denied" } });
    await expect(readCaseStatusCounts(supabase, "mine")).rejects.toThrow("permission denied");
  });
});
