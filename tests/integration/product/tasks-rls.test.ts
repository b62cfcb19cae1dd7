import { beforeAll, describe, expect, it } from "vitest";
import type { Supabase } from "../../../app/lib/database.ts";
import { client, service } from "../helpers.ts";
import { ACTORS, type Actor, addAssociate, caseWorld, expectError } from "./cases-world.ts";

/**
 * Tasks (supabase/migrations/20261130000000_tasks.sql): who sees, creates, edits, moves, assigns and
 * deletes a task, its checklist, comments and history, actor by actor; the assignee is a member of
 * the case; concurrent moves keep one consistent order.
 */

const world = caseWorld();
const { people, fixtures } = world;

type TaskRow = { id: string; case_id: string; status: string; position: number; client_visible: boolean };

async function insertTask(fields: Record<string, unknown>): Promise<TaskRow> {
  const { data, error } = await people.lawyer.client
    .from("tasks")
    .insert({ case_id: fixtures.engagedCase.id, title: "A task", ...fields })
    .select("id,case_id,status,position,client_visible")
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function columnOrder(status: string, caseId = fixtures.engagedCase.id): Promise<string[]> {
  const { data, error } = await service()
    .from("tasks")
    .select("id,position")
    .eq("case_id", caseId)
    .eq("status", status)
    .order("position");
  if (error) throw new Error(error.message);
  return data.map((row) => row.id);
}

const tasks: { internal: TaskRow; forClient: TaskRow; visible: TaskRow } = {} as never;

beforeAll(async () => {
  // The firm's associate joins the engaged case.
  await addAssociate(fixtures.engagedCase.id, people.associate.id);
  tasks.internal = await insertTask({ title: "Internal research" });
  tasks.forClient = await insertTask({ title: "Sign the form", assignee_id: people.client.id });
  tasks.visible = await insertTask({ title: "Hearing date", client_visible: true });
});

/** Who sees which of the three tasks. */
const SEES: Record<Actor, ("internal" | "forClient" | "visible")[]> = {
  client: ["forClient", "visible"],
  stranger: [],
  lawyer: ["internal", "forClient", "visible"],
  rival: [],
  firmAdmin: ["internal", "forClient", "visible"],
  admin: ["internal", "forClient", "visible"],
  superUser: ["internal", "forClient", "visible"],
};
const MANAGES: Record<Actor, boolean> = {
  client: false,
  stranger: false,
  lawyer: true,
  rival: false,
  firmAdmin: true,
  admin: true,
  superUser: true,
};

describe("tasks rls: anon", () => {
  it("is refused everything", async () => {
    const anon = client();
    for (const table of ["tasks", "task_checklist_items", "task_comments", "task_activity"] as const) {
      expect((await anon.from(table).select("*")).status, table).toBe(401);
    }
    const moved = await anon.rpc("move_task", { p_task_id: tasks.internal.id, p_status: "done" });
    expect(moved.status).toBe(401);
  });
});

describe("tasks rls: reading", () => {
  for (const actor of ACTORS) {
    it(`${actor} sees ${SEES[actor].join(", ") || "nothing"}`, async () => {
      const who: Supabase = people[actor].client;
      const ids = Object.values(tasks).map((task) => task.id);
      const { data, error } = await who.from("tasks").select("id").in("id", ids);
      expect(error).toBeNull();
      const expected = SEES[actor].map((name) => tasks[name].id).sort();
      expect((data ?? []).map((row) => row.id).sort()).toEqual(expected);
      const history = await who.from("task_activity").select("task_id").in("task_id", ids);
      expect(new Set((history.data ?? []).map((row) => row.task_id))).toEqual(new Set(expected));
    });
  }
});

describe("tasks rls: writing", () => {
  for (const actor of ACTORS) {
    it(`${actor} ${MANAGES[actor] ? "creates, edits, assigns and deletes" : "creates, edits and deletes nothing"}`, async () => {
      const who: Supabase = people[actor].client;
      const created = await who
        .from("tasks")
        .insert({ case_id: fixtures.engagedCase.id, title: `By ${actor}` })
        .select("id");
      if (MANAGES[actor]) {
        expect(created.error).toBeNull();
        const id = created.data?.[0]?.id as string;
        const edited = await who
          .from("tasks")
          .update({ priority: "urgent", assignee_id: people.lawyer.id })
          .eq("id", id)
          .select("id");
        expect(edited.data).toHaveLength(1);
        const removed = await who.from("tasks").delete().eq("id", id).select("id");
        expect(removed.data).toHaveLength(1);
      } else {
        expect(created.error).not.toBeNull();
        const edited = await who
          .from("tasks")
          .update({ title: "Hijacked" })
          .eq("id", tasks.visible.id)
          .select("id");
        expect(edited.data ?? []).toHaveLength(0);
        const removed = await who.from("tasks").delete().eq("id", tasks.visible.id).select("id");
        expect(removed.data ?? []).toHaveLength(0);
      }
    });
  }

  it("refuses writing the status, position, reporter and completion time directly", async () => {
    const lawyer = people.lawyer.client;
    for (const fields of [
      { status: "done" },
      { position: 1 },
      { reporter_id: people.rival.id },
      { completed_at: new Date().toISOString() },
    ]) {
      const result = await lawyer
        .from("tasks")
        .update(fields as never)
        .eq("id", tasks.internal.id);
      expect(result.error, JSON.stringify(fields)).not.toBeNull();
    }
  });

  it("refuses an assignee who is not a member of the case", async () => {
    const result = await people.lawyer.client
      .from("tasks")
      .update({ assignee_id: people.rival.id })
      .eq("id", tasks.internal.id);
    expectError(result, "23514");
    expect(result.error?.details).toBe("task:assignee_not_member");
  });

  it("makes a task assigned to the client visible to them", async () => {
    const created = await insertTask({
      title: "For the client",
      assignee_id: people.client.id,
      client_visible: false,
    });
    expect(created.client_visible).toBe(true);
  });
});

describe("tasks: moves", () => {
  it("lets the client move only the task assigned to them", async () => {
    const own = await people.client.client.rpc("move_task", {
      p_task_id: tasks.forClient.id,
      p_status: "in_progress",
    });
    expect(own.error).toBeNull();
    const other = await people.client.client.rpc("move_task", {
      p_task_id: tasks.visible.id,
      p_status: "done",
    });
    expect(other.error?.details).toBe("task:move_denied");
  });

  it("refuses strangers as if the task did not exist", async () => {
    const moved = await people.rival.client.rpc("move_task", {
      p_task_id: tasks.internal.id,
      p_status: "done",
    });
    expect(moved.error?.details).toBe("task:not_found");
  });

  it("sets and clears the completion time", async () => {
    const lawyer = people.lawyer.client;
    const done = await lawyer.rpc("move_task", { p_task_id: tasks.internal.id, p_status: "done" });
    expect(done.data?.completed_at).not.toBeNull();
    const back = await lawyer.rpc("move_task", { p_task_id: tasks.internal.id, p_status: "todo" });
    expect(back.data?.completed_at).toBeNull();
  });

  it("places a task between its neighbours", async () => {
    const lawyer = people.lawyer.client;
    const [a, b, c] = [
      await insertTask({ title: "a", status: "waiting" }),
      await insertTask({ title: "b", status: "waiting" }),
      await insertTask({ title: "c", status: "waiting" }),
    ];
    await lawyer.rpc("move_task", { p_task_id: c.id, p_status: "waiting", p_after: a.id, p_before: b.id });
    expect(await columnOrder("waiting")).toEqual([a.id, c.id, b.id]);
    await lawyer.rpc("move_task", { p_task_id: a.id, p_status: "waiting", p_after: b.id });
    expect(await columnOrder("waiting")).toEqual([c.id, b.id, a.id]);
  });

  it("keeps one order, without duplicates or losses, when many people move cards at once", async () => {
    const cards: TaskRow[] = [];
    for (let i = 0; i < 8; i++) cards.push(await insertTask({ title: `card ${i}`, status: "in_progress" }));
    const anchor = cards[0] as TaskRow;
    const movers = [
      people.lawyer.client,
      people.associate.client,
      people.firmAdmin.client,
      people.admin.client,
    ];
    // Everyone drops a card just below the same anchor at the same time: there is room for all.
    const results = await Promise.all(
      cards.slice(1).map((card, i) =>
        (movers[i % movers.length] as Supabase).rpc("move_task", {
          p_task_id: card.id,
          p_status: "in_progress",
          p_after: anchor.id,
        }),
      ),
    );
    for (const result of results) expect(result.error).toBeNull();
    const { data } = await service()
      .from("tasks")
      .select("id,position")
      .in(
        "id",
        cards.map((card) => card.id),
      );
    const positions = (data ?? []).map((row) => row.position);
    expect(new Set(positions).size).toBe(cards.length);
    const order = await columnOrder("in_progress");
    expect(order.filter((id) => cards.some((card) => card.id === id))).toHaveLength(cards.length);
    expect(order[order.indexOf(anchor.id)]).toBe(anchor.id);
  });
});

describe("tasks: comments", () => {
  it("lets the client comment on a task they see, not on an internal one", async () => {
    const visible = await people.client.client
      .from("task_comments")
      .insert({ task_id: tasks.visible.id, body: "Thanks" })
      .select("id");
    expect(visible.error).toBeNull();
    const internal = await people.client.client
      .from("task_comments")
      .insert({ task_id: tasks.internal.id, body: "Hi" })
      .select("id");
    expect(internal.error).not.toBeNull();
  });

  it("refuses mentioning someone outside the case", async () => {
    const result = await people.lawyer.client
      .from("task_comments")
      .insert({ task_id: tasks.internal.id, body: "@rival", mentions: [people.rival.id] });
    expect(result.error?.details).toBe("task:mention_not_member");
  });
});

describe("tasks: notifications", () => {
  async function taskNotifications(userId: string) {
    const { data, error } = await service()
      .from("notifications")
      .select("type, event, link, params")
      .eq("user_id", userId)
      .eq("type", "task_assignment");
    if (error) throw new Error(error.message);
    return data;
  }

  it("tells the assignee, in a notification leading to the task; not who assigned themselves", async () => {
    const before = (await taskNotifications(people.associate.id)).length;
    const task = await insertTask({ title: "Research precedent" });
    const assigned = await people.lawyer.client
      .from("tasks")
      .update({ assignee_id: people.associate.id })
      .eq("id", task.id);
    expect(assigned.error).toBeNull();
    const after = await taskNotifications(people.associate.id);
    expect(after).toHaveLength(before + 1);
    expect(after.find((row) => row.link === `/dashboard/task_management/task/${task.id}`)).toMatchObject({
      event: "task_assigned",
      link: `/dashboard/task_management/task/${task.id}`,
      params: { task: "Research precedent", reference: fixtures.engagedCase.reference },
    });
    const own = (await taskNotifications(people.lawyer.id)).length;
    await people.lawyer.client.from("tasks").update({ assignee_id: people.lawyer.id }).eq("id", task.id);
    expect(await taskNotifications(people.lawyer.id)).toHaveLength(own);
  });

  it("tells the members a comment mentions", async () => {
    const before = (await taskNotifications(people.associate.id)).length;
    const comment = await people.lawyer.client.from("task_comments").insert({
      task_id: tasks.internal.id,
      body: "@associate please check",
      mentions: [people.associate.id],
    });
    expect(comment.error).toBeNull();
    const after = await taskNotifications(people.associate.id);
    expect(after).toHaveLength(before + 1);
    expect(after.filter((row) => row.event === "task_mentioned")).toHaveLength(1);
  });

  it("offers the case picker only the cases the person runs", async () => {
    const lawyer = await people.lawyer.client.rpc("task_cases", {});
    expect((lawyer.data ?? []).map((row) => row.id)).toContain(fixtures.engagedCase.id);
    const rival = await people.rival.client.rpc("task_cases", {});
    expect((rival.data ?? []).map((row) => row.id)).not.toContain(fixtures.engagedCase.id);
  });
});

describe("tasks: the lists' reading functions", () => {
  for (const actor of ACTORS) {
    it(`task_board and task_list show ${actor} what the select policy shows`, async () => {
      const who: Supabase = people[actor].client;
      const ids = Object.values(tasks).map((task) => task.id);
      const board = await who.rpc("task_board", { p_case_id: fixtures.engagedCase.id, p_limit: 500 });
      expect(board.error).toBeNull();
      const list = await who.rpc("task_list", { p_case_id: fixtures.engagedCase.id, p_limit: 500 });
      expect(list.error).toBeNull();
      const policy = await who.from("tasks").select("id").eq("case_id", fixtures.engagedCase.id);
      const expected = (policy.data ?? []).map((row) => row.id).sort();
      const onBoard = (board.data as unknown as { tasks: { id: string }[] }).tasks
        .map((row) => row.id)
        .sort();
      const inList = list.data as unknown as { tasks: { id: string }[]; total: number };
      expect(onBoard).toEqual(expected);
      expect(inList.tasks.map((row) => row.id).sort()).toEqual(expected);
      expect(inList.total).toBe(expected.length);
      // The three tasks of the matrix: exactly those this actor sees.
      expect(onBoard.filter((id) => ids.includes(id)).sort()).toEqual(
        SEES[actor].map((name) => tasks[name].id).sort(),
      );
    });
  }

  it("sorts the table by priority, most urgent first", async () => {
    const list = await people.lawyer.client.rpc("task_list", {
      p_case_id: fixtures.engagedCase.id,
      p_sort: "priority",
      p_dir: "desc",
      p_limit: 500,
    });
    const order = ["low", "medium", "high", "urgent"];
    const ranks = (list.data as unknown as { tasks: { priority: string }[] }).tasks.map((row) =>
      order.indexOf(row.priority),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });
});
