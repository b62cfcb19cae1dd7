import { beforeAll, describe, expect, it } from "vitest";
import type { Supabase } from "../../../app/lib/database.ts";
import { type CaseRow, client, createCase, keys, propose, service } from "../helpers.ts";
import { ACTORS, type Actor, addAssociate, caseWorld, removeMember } from "./cases-world.ts";

/**
 * The task pages' reading functions and the case pickers
 * (supabase/migrations/20261201010000_task_reads_by_the_callers_ids.sql), actor by actor, against
 * the rules they answer for: task_cases (and task_filters) and workflow_cases offer exactly the cases the person runs
 * (start_workflow's own test, public.manages_case_tasks), task_board's counts and task_list's
 * order are those of the tasks the select policy shows.
 */

const world = caseWorld();
const { people, fixtures } = world;

/** The world's running cases: the engaged one (lawyer, firm A), one on hold, and one firm B won. */
const cases = {} as { engaged: CaseRow; onHold: CaseRow; rivals: CaseRow };

async function engage(lawyer: Supabase, title: string): Promise<CaseRow> {
  const opened = await createCase(people.client.client, { title });
  const proposal = await propose(lawyer, opened.id);
  const accepted = await people.client.client.rpc("accept_proposal", { p_proposal_id: proposal.id });
  if (accepted.error) throw new Error(accepted.error.message);
  return accepted.data;
}

beforeAll(async () => {
  await addAssociate(fixtures.engagedCase.id, people.associate.id);
  cases.engaged = fixtures.engagedCase;
  const toHold = await engage(people.lawyer.client, "Held case");
  const held = await service()
    .from("cases")
    .update({ status: "on_hold" })
    .eq("id", toHold.id)
    .select("*")
    .single();
  if (held.error) throw new Error(held.error.message);
  cases.onHold = held.data;
  cases.rivals = await engage(people.rival.client, "Firm B's case");
  // Tasks of every kind on the engaged case, in each status, with due dates, priorities and
  // assignees that make every sort key matter.
  const statuses = ["todo", "in_progress", "waiting", "done"];
  const priorities = ["low", "medium", "high", "urgent"];
  for (let i = 0; i < 12; i++) {
    const created = await people.lawyer.client
      .from("tasks")
      .insert({
        case_id: cases.engaged.id,
        title: `Task ${String.fromCharCode(97 + ((i * 5) % 12))}`,
        priority: priorities[i % 4] as "low",
        due_date: i % 3 === 0 ? null : `2026-12-${String(1 + ((i * 7) % 28)).padStart(2, "0")}`,
        assignee_id: i % 4 === 0 ? people.client.id : i % 4 === 1 ? people.associate.id : null,
        client_visible: i % 5 === 0,
      })
      .select("id")
      .single();
    if (created.error) throw new Error(created.error.message);
    const status = statuses[i % 4] as string;
    if (status !== "todo") {
      const moved = await people.lawyer.client.rpc("move_task", {
        p_task_id: created.data.id,
        p_status: status,
      });
      if (moved.error) throw new Error(moved.error.message);
    }
  }
  const rivalTask = await people.rival.client
    .from("tasks")
    .insert({ case_id: cases.rivals.id, title: "Rival's task" });
  if (rivalTask.error) throw new Error(rivalTask.error.message);
});

/** Whether the person runs the case's tasks, as start_workflow and the task policies ask it. */
async function manages(who: Supabase, caseId: string): Promise<boolean> {
  const { data, error } = await who.rpc("manages_case_tasks", { p_case_id: caseId });
  if (error) throw new Error(error.message);
  return data === true;
}

const RUNS: Record<Actor, (keyof typeof cases)[]> = {
  client: [],
  stranger: [],
  lawyer: ["engaged", "onHold"],
  rival: ["rivals"],
  firmAdmin: ["engaged", "onHold"],
  admin: ["engaged", "onHold", "rivals"],
  superUser: ["engaged", "onHold", "rivals"],
};

describe("the case pickers", () => {
  for (const actor of ACTORS) {
    it(`task_cases offers ${actor} the running cases they run, by reference`, async () => {
      const who = people[actor].client;
      const { data, error } = await who.rpc("task_cases", { p_limit: 1000 });
      expect(error).toBeNull();
      const rows = data ?? [];
      const ours = Object.values(cases).map((row) => row.id);
      const expected = RUNS[actor].map((name) => cases[name].id).sort();
      expect(
        rows
          .map((row) => row.id)
          .filter((id) => ours.includes(id))
          .sort(),
      ).toEqual(expected);
      const references = rows.map((row) => row.reference);
      expect(references).toEqual([...references].sort());
      for (const row of rows.slice(0, 20)) expect(await manages(who, row.id), row.reference).toBe(true);
    });

    it(`task_filters offers ${actor} task_cases' cases and the people case_people names on them, each once`, async () => {
      const who = people[actor].client;
      const picked = await who.rpc("task_cases", { p_limit: 200 });
      expect(picked.error).toBeNull();
      const ids = (picked.data ?? []).map((row) => row.id);
      const named = await who.rpc("case_people", { p_case_ids: ids });
      expect(named.error).toBeNull();
      const expected = [
        ...new Set((named.data ?? []).filter((row) => row.relation !== "proposer").map((row) => row.user_id)),
      ].sort();
      const { data, error } = await who.rpc("task_filters", { p_limit: 200 });
      expect(error).toBeNull();
      const filters = data as unknown as {
        cases: { id: string; reference: string; title: string }[];
        assignees: { user_id: string; first_name: string | null; last_name: string | null }[];
      };
      expect(filters.cases).toEqual(
        (picked.data ?? []).map((row) => ({ id: row.id, reference: row.reference, title: row.title })),
      );
      const rows = filters.assignees;
      expect(rows.map((row) => row.user_id).sort()).toEqual(expected);
      const byId = new Map((named.data ?? []).map((row) => [row.user_id, row]));
      for (const row of rows) {
        expect(row.first_name).toBe(byId.get(row.user_id)?.first_name);
        expect(row.last_name).toBe(byId.get(row.user_id)?.last_name);
      }
    });

    it(`workflow_cases offers ${actor} exactly the cases start_workflow accepts, newest first`, async () => {
      const who = people[actor].client;
      const { data, error } = await who.rpc("workflow_cases", { p_limit: 1000 });
      expect(error).toBeNull();
      const rows = data ?? [];
      const ours = Object.values(cases).map((row) => row.id);
      // Engaged and run by them: the case on hold is not offered.
      const expected = RUNS[actor]
        .filter((name) => name !== "onHold")
        .map((name) => cases[name].id)
        .sort();
      expect(
        rows
          .map((row) => row.id)
          .filter((id) => ours.includes(id))
          .sort(),
      ).toEqual(expected);
      const { data: states } = await service()
        .from("cases")
        .select("id,status,updated_at")
        .in(
          "id",
          rows.map((row) => row.id),
        );
      const byId = new Map((states ?? []).map((row) => [row.id, row]));
      for (const row of rows) expect(byId.get(row.id)?.status).toBe("engaged");
      const moments = rows.map((row) => byId.get(row.id)?.updated_at ?? "");
      expect(moments).toEqual([...moments].sort().reverse());
      for (const row of rows.slice(0, 20)) expect(await manages(who, row.id), row.reference).toBe(true);
    });
  }
});

type ListRow = {
  id: string;
  status: string;
  priority: string;
  due_date: string | null;
  created_at: string;
  updated_at: string;
};

describe("task_board and task_list against the select policy", () => {
  for (const actor of ["client", "lawyer", "firmAdmin", "admin", "rival"] as const) {
    it(`counts each column of ${actor}'s board as the policy's rows do, under a status filter too`, async () => {
      const who = people[actor].client;
      const policy = await who.from("tasks").select("status").eq("case_id", cases.engaged.id);
      const counts: Record<string, number> = {};
      for (const row of policy.data ?? []) counts[row.status] = (counts[row.status] ?? 0) + 1;
      const board = await who.rpc("task_board", { p_case_id: cases.engaged.id, p_limit: 2 });
      expect(board.error).toBeNull();
      const all = board.data as unknown as { tasks: { status: string }[]; totals: Record<string, number> };
      expect(all.totals).toEqual(counts);
      for (const [status, total] of Object.entries(counts)) {
        expect(all.tasks.filter((row) => row.status === status)).toHaveLength(Math.min(total, 2));
      }
      const some = await who.rpc("task_board", {
        p_case_id: cases.engaged.id,
        p_statuses: ["todo", "done"],
        p_limit: 500,
      });
      const filtered = some.data as unknown as {
        tasks: { status: string }[];
        totals: Record<string, number>;
      };
      const wanted = Object.fromEntries(
        Object.entries(counts).filter(([status]) => ["todo", "done"].includes(status)),
      );
      expect(filtered.totals).toEqual(wanted);
      expect(filtered.tasks.every((row) => ["todo", "done"].includes(row.status))).toBe(true);
    });
  }

  const statusRank = ["todo", "in_progress", "waiting", "done"];
  const priorityRank = ["low", "medium", "high", "urgent"];
  const keys: Record<string, (row: ListRow) => string | number | null> = {
    due_date: (row) => row.due_date,
    status: (row) => statusRank.indexOf(row.status),
    priority: (row) => priorityRank.indexOf(row.priority),
    created_at: (row) => row.created_at,
    updated_at: (row) => row.updated_at,
  };

  /** The table's order: the key (nulls last either way), then the id. */
  function sorted(rows: ListRow[], sort: string, dir: "asc" | "desc"): string[] {
    const key = keys[sort] ?? (() => null);
    return rows
      .toSorted((a, b) => {
        const [x, y] = [key(a), key(b)];
        if (x !== y) {
          if (x === null) return 1;
          if (y === null) return -1;
          return (x < y ? -1 : 1) * (dir === "asc" ? 1 : -1);
        }
        return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      })
      .map((row) => row.id);
  }

  for (const actor of ["client", "lawyer", "firmAdmin", "admin"] as const) {
    it(`pages ${actor}'s table in the order of every sort key, both ways, with the policy's total on every page`, async () => {
      const who = people[actor].client;
      const policy = await who
        .from("tasks")
        .select("id,status,priority,due_date,created_at,updated_at")
        .eq("case_id", cases.engaged.id);
      const rows = (policy.data ?? []) as ListRow[];
      expect(rows.length).toBeGreaterThan(0);
      for (const sort of [...Object.keys(keys), "unknown"]) {
        for (const dir of ["asc", "desc"] as const) {
          const whole = sorted(rows, sort, dir);
          const first = await who.rpc("task_list", {
            p_case_id: cases.engaged.id,
            p_sort: sort,
            p_dir: dir,
            p_limit: 3,
          });
          const second = await who.rpc("task_list", {
            p_case_id: cases.engaged.id,
            p_sort: sort,
            p_dir: dir,
            p_offset: 3,
            p_limit: 500,
          });
          // A page past the end: no rows, the same total (counted on its own, with no row to carry it).
          const past = await who.rpc("task_list", {
            p_case_id: cases.engaged.id,
            p_sort: sort,
            p_dir: dir,
            p_offset: rows.length,
            p_limit: 3,
          });
          const page = (result: typeof first) =>
            result.data as unknown as { tasks: ListRow[]; total: number };
          expect(page(first).total, `${sort} ${dir}`).toBe(rows.length);
          expect(page(second).total, `${sort} ${dir}`).toBe(rows.length);
          expect(page(past), `${sort} ${dir} past the end`).toEqual({ tasks: [], total: rows.length });
          expect(
            [...page(first).tasks, ...page(second).tasks].map((row) => row.id),
            `${sort} ${dir}`,
          ).toEqual(whole);
        }
      }
    });
  }

  it("gives a client who became a lawyer each case's tasks as the policy does, on both sides", async () => {
    // An invited client keeps their own cases (invitations.test.ts). task_list keeps only the
    // visibility branches that can match its caller; with both, a task is theirs on the team's
    // case and, when shared with the client, on their own case.
    const person = people.client;
    const lawyerTask = await people.lawyer.client
      .from("tasks")
      .insert({ case_id: cases.onHold.id, title: "Team-only task" })
      .select("id")
      .single();
    expect(lawyerTask.error).toBeNull();
    const users = service().from("users");
    const before = await users.select("access_level, law_firm").eq("uuid", person.id).single();
    expect(before.error).toBeNull();
    expect(
      (await users.update({ access_level: "lawyer", law_firm: world.firmA }).eq("uuid", person.id)).error,
    ).toBeNull();
    try {
      await addAssociate(cases.onHold.id, person.id);
      for (const caseRow of [cases.onHold, cases.engaged]) {
        const policy = await person.client.from("tasks").select("id").eq("case_id", caseRow.id);
        const ids = (policy.data ?? []).map((row) => row.id).sort();
        expect(ids.length).toBeGreaterThan(0);
        const list = await person.client.rpc("task_list", { p_case_id: caseRow.id, p_limit: 500 });
        expect(list.error).toBeNull();
        const page = list.data as unknown as { tasks: ListRow[]; total: number };
        expect(page.total).toBe(ids.length);
        expect(page.tasks.map((row) => row.id).sort()).toEqual(ids);
      }
      const all = await service().from("tasks").select("id").eq("case_id", cases.engaged.id);
      const theirs = await person.client.rpc("task_list", { p_case_id: cases.engaged.id, p_limit: 500 });
      expect((theirs.data as unknown as { total: number }).total).toBeLessThan((all.data ?? []).length);
    } finally {
      await removeMember(cases.onHold.id, person.id);
      await service()
        .from("users")
        .update({ access_level: before.data?.access_level, law_firm: before.data?.law_firm })
        .eq("uuid", person.id);
      await service()
        .from("tasks")
        .delete()
        .eq("id", lawyerTask.data?.id ?? "");
    }
  });
});

describe("a task page's read with its filters (task_board_with_filters, task_list_with_filters)", () => {
  for (const actor of ["client", "lawyer", "firmAdmin", "admin", "rival"] as const) {
    it(`gives ${actor} what task_board, task_list and task_filters give, the filters only when asked`, async () => {
      const who = people[actor].client;
      const board = { p_case_id: cases.engaged.id, p_statuses: ["todo", "done"], p_limit: 2 };
      const list = {
        p_case_id: cases.engaged.id,
        p_sort: "priority",
        p_dir: "desc",
        p_offset: 1,
        p_limit: 2,
      };
      const [alone, listed, filters, withBoard, withList, bare] = await Promise.all([
        who.rpc("task_board", board),
        who.rpc("task_list", list),
        who.rpc("task_filters", { p_limit: 3 }),
        who.rpc("task_board_with_filters", { ...board, p_filter_cases: 3 }),
        who.rpc("task_list_with_filters", { ...list, p_filter_cases: 3 }),
        who.rpc("task_board_with_filters", board),
      ]);
      for (const answer of [alone, listed, filters, withBoard, withList, bare])
        expect(answer.error).toBeNull();
      expect(withBoard.data?.board).toEqual(alone.data);
      expect(withBoard.data?.filters).toEqual(filters.data);
      expect(withList.data?.list).toEqual(listed.data);
      expect(withList.data?.filters).toEqual(filters.data);
      expect(bare.data).toEqual({ board: alone.data, filters: null });
    });
  }

  it("answers no one without a session", async () => {
    const anon = client(keys.publishable);
    const board = await anon.rpc("task_board_with_filters", { p_filter_cases: 3 });
    const list = await anon.rpc("task_list_with_filters", { p_filter_cases: 3 });
    expect(board.data).toBeNull();
    expect(list.data).toBeNull();
    expect(board.error?.code).toBe("42501");
    expect(list.error?.code).toBe("42501");
  });
});
