import { createClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../app/features/auth/demo-accounts.ts";
import type { Database } from "../../app/lib/database.ts";
import { SECRET_KEY_DEFAULT } from "../../supabase/local/config.ts";

/**
 * Fills the bench's backend with tasks (issue 22, item 8): `taskCount` tasks across `caseCount`
 * engaged (or on-hold) generated cases, which get their members first (the generated cases have a
 * lead but no member rows; a task's assignee must be a member). Written through the service role's
 * REST API in batches; the insert trigger places each task at the end of its column, so the
 * positions are the database's own. Statuses, priorities, labels, due dates and assignees are
 * spread deterministically; the demo lawyer leads every case, so their board holds all of them.
 */

const STATUSES = ["todo", "todo", "in_progress", "waiting", "done"] as const;
const PRIORITIES = ["low", "medium", "medium", "high", "urgent"] as const;
const LABELS: string[][] = [[], ["court"], ["drafting"], ["client", "documents"], ["deadline"]];
const DAY_MS = 86_400_000;

export type BenchTasksResult = { cases: number; inserted: number; ms: number; sampleTaskId: string };

export async function generateBenchTasks(
  url: string,
  caseCount = 1_000,
  taskCount = 10_000,
  batchSize = 1_000,
): Promise<BenchTasksResult> {
  const admin = createClient<Database>(url, SECRET_KEY_DEFAULT, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const lawyer = await admin.from("users").select("uuid").eq("email", DEMO_ACCOUNTS.lawyer.email).single();
  if (lawyer.error) throw new Error(`the demo lawyer is missing: ${lawyer.error.message}`);
  const cases = await admin
    .from("cases")
    .select("id, client_id")
    .eq("lead_lawyer_id", lawyer.data.uuid)
    .in("status", ["engaged", "on_hold"])
    .like("reference", "CASE-%-_____")
    .order("reference")
    .limit(caseCount);
  if (cases.error) throw new Error(`reading the generated cases failed: ${cases.error.message}`);
  if (cases.data.length < caseCount)
    throw new Error(`only ${cases.data.length} engaged generated cases for ${caseCount} wanted`);

  const started = performance.now();
  const members = cases.data.flatMap((row) => [
    { case_id: row.id, user_id: row.client_id, role: "client" as const },
    { case_id: row.id, user_id: lawyer.data.uuid, role: "lead" as const },
  ]);
  for (let offset = 0; offset < members.length; offset += batchSize) {
    const { error } = await admin.from("case_members").upsert(members.slice(offset, offset + batchSize));
    if (error) throw new Error(`adding the members failed: ${error.message}`);
  }
  const now = Date.now();
  const perCase = Math.ceil(taskCount / cases.data.length);
  for (let offset = 0; offset < taskCount; offset += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, taskCount - offset) }, (_, i) => {
      const index = offset + i;
      const row = cases.data[Math.floor(index / perCase) % cases.data.length] as {
        id: string;
        client_id: string;
      };
      return {
        case_id: row.id,
        title: `Generated task ${index + 1}`,
        status: STATUSES[index % STATUSES.length],
        priority: PRIORITIES[(index * 3) % PRIORITIES.length],
        labels: LABELS[(index * 7) % LABELS.length] ?? [],
        assignee_id: index % 3 === 0 ? null : index % 10 === 1 ? row.client_id : lawyer.data.uuid,
        due_date:
          index % 8 === 0
            ? null
            : new Date(now + (((index * 13) % 120) - 30) * DAY_MS).toISOString().slice(0, 10),
      };
    });
    const { error } = await admin.from("tasks").insert(batch);
    if (error)
      throw new Error(`inserting tasks ${offset + 1}-${offset + batch.length} failed: ${error.message}`);
  }
  const ms = Math.round(performance.now() - started);
  const sample = await admin.from("tasks").select("id").eq("title", "Generated task 2").single();
  if (sample.error) throw new Error(`a generated task is missing: ${sample.error.message}`);
  return { cases: cases.data.length, inserted: taskCount, ms, sampleTaskId: sample.data.id };
}
