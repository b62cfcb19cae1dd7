import { beforeAll, describe, expect, it } from "vitest";
import { dueDates } from "../../../app/features/workflows/due-dates.ts";
import type { Supabase } from "../../../app/lib/database.ts";
import { createUser, service } from "../helpers.ts";
import { ACTORS, type Actor, addAssociate, caseWorld, expectError } from "./cases-world.ts";

/**
 * Workflow templates and workflows (supabase/migrations/20261130100000_workflows.sql): who reads
 * and writes a firm's templates and an independent lawyer's, who starts a workflow and moves its
 * trigger date, actor by actor; a start is atomic and idempotent, and its tasks are assigned by role.
 */

const world = caseWorld();
const { people, fixtures } = world;

const STEPS = [
  { title: "Collect documents", offset_days: -3, role: "client", is_court_deadline: false },
  { title: "Draft the petition", offset_days: 0, role: "associate", is_court_deadline: false },
  { title: "Review", offset_days: 2, role: "paralegal", is_court_deadline: false },
  { title: "File", offset_days: 7, role: "lead", is_court_deadline: true },
] as const;

const templates = {} as { firm: string; rivalFirm: string; archived: string; independent: string };
let independent: { id: string; client: Supabase };

async function newTemplate(db: Supabase, name: string, archived = false): Promise<string> {
  const { data, error } = await db
    .from("workflow_templates")
    .insert({ name, practice_area: "family", archived })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  const steps = await db
    .from("workflow_template_steps")
    .insert(STEPS.map((step, position) => ({ ...step, position, template_id: data.id })));
  if (steps.error) throw new Error(steps.error.message);
  return data.id;
}

const actor = (who: Actor) => people[who].client;

beforeAll(async () => {
  independent = await createUser("lawyer");
  await addAssociate(fixtures.engagedCase.id, people.associate.id);
  templates.firm = await newTemplate(people.firmAdmin.client, "Firm A divorce");
  templates.archived = await newTemplate(people.firmAdmin.client, "Firm A old", true);
  const rivalAdmin = await createUser("lawyer_admin", { law_firm: world.firmB });
  templates.rivalFirm = await newTemplate(rivalAdmin.client, "Firm B divorce");
  templates.independent = await newTemplate(independent.client, "My own checklist");
});

describe("workflow templates", () => {
  const READS_FIRM_A: Record<Actor, boolean> = {
    client: false,
    stranger: false,
    lawyer: true,
    rival: false,
    firmAdmin: true,
    admin: true,
    superUser: true,
  };
  const WRITES_FIRM_A: Record<Actor, boolean> = { ...READS_FIRM_A, lawyer: false };

  it("a firm's templates and their steps: its lawyers read, its admin and admins write", async () => {
    for (const who of ACTORS) {
      const read = await actor(who).from("workflow_templates").select("id").eq("id", templates.firm);
      expect(read.data?.length, `${who} reads`).toBe(READS_FIRM_A[who] ? 1 : 0);
      const steps = await actor(who)
        .from("workflow_template_steps")
        .select("id")
        .eq("template_id", templates.firm);
      expect(steps.data?.length, `${who} reads the steps`).toBe(READS_FIRM_A[who] ? STEPS.length : 0);
      const renamed = await actor(who)
        .from("workflow_templates")
        .update({ name: `Firm A divorce (${who})` })
        .eq("id", templates.firm)
        .select("id");
      expect(renamed.data?.length ?? 0, `${who} renames`).toBe(WRITES_FIRM_A[who] ? 1 : 0);
      const retitled = await actor(who)
        .from("workflow_template_steps")
        .update({ instructions: `Edited by ${who}` })
        .eq("template_id", templates.firm)
        .eq("position", 0)
        .select("id");
      expect(retitled.data?.length ?? 0, `${who} edits a step`).toBe(WRITES_FIRM_A[who] ? 1 : 0);
    }
    // The associate is a lawyer of firm A: reads, does not write.
    const associate = people.associate.client;
    expect(
      (await associate.from("workflow_templates").select("id").eq("id", templates.firm)).data,
    ).toHaveLength(1);
    expect(
      (await associate.from("workflow_templates").select("id").eq("id", templates.rivalFirm)).data,
    ).toHaveLength(0);
  });

  it("a template is created for the creator's firm, whatever the form says; a firm's lawyer and a client create none", async () => {
    const forged = await people.firmAdmin.client
      .from("workflow_templates")
      .insert({ name: "Forged", practice_area: "tax", law_firm_id: world.firmB })
      .select("law_firm_id,owner_id")
      .single();
    expect(forged.data).toEqual({ law_firm_id: world.firmA, owner_id: null });
    for (const who of ["lawyer", "client", "stranger"] as const) {
      const refused = await actor(who)
        .from("workflow_templates")
        .insert({ name: "Mine", practice_area: "tax" });
      expectError(refused, "42501");
    }
    const addStep = await people.lawyer.client
      .from("workflow_template_steps")
      .insert({ template_id: templates.firm, position: 99, title: "x", offset_days: 1, role: "lead" });
    expectError(addStep, "42501");
  });

  it("an independent lawyer's templates are theirs alone (and admins')", async () => {
    for (const who of ["lawyer", "firmAdmin", "rival", "client"] as const) {
      const read = await actor(who).from("workflow_templates").select("id").eq("id", templates.independent);
      expect(read.data, who).toEqual([]);
    }
    const own = await independent.client
      .from("workflow_templates")
      .select("owner_id,law_firm_id")
      .eq("id", templates.independent)
      .single();
    expect(own.data).toEqual({ owner_id: independent.id, law_firm_id: null });
    const admin = await actor("admin")
      .from("workflow_templates")
      .select("id")
      .eq("id", templates.independent);
    expect(admin.data).toHaveLength(1);
  });

  it("reorders steps one place at a time by swapping, and duplicates with every step", async () => {
    const order = async () =>
      (
        await service()
          .from("workflow_template_steps")
          .select("title")
          .eq("template_id", templates.firm)
          .order("position")
      ).data?.map((row) => row.title);
    const second = await service()
      .from("workflow_template_steps")
      .select("id")
      .eq("template_id", templates.firm)
      .eq("title", "Draft the petition")
      .single();
    const refused = await people.lawyer.client.rpc("move_workflow_template_step", {
      p_step_id: second.data?.id ?? "",
      p_direction: -1,
    });
    expectError(refused, "42501");
    const moved = await people.firmAdmin.client.rpc("move_workflow_template_step", {
      p_step_id: second.data?.id ?? "",
      p_direction: -1,
    });
    expect(moved.error).toBeNull();
    expect(moved.data).toBe(true);
    expect(await order()).toEqual(["Draft the petition", "Collect documents", "Review", "File"]);
    const atTop = await people.firmAdmin.client.rpc("move_workflow_template_step", {
      p_step_id: second.data?.id ?? "",
      p_direction: -1,
    });
    expect(atTop.data).toBe(false);
    await people.firmAdmin.client.rpc("move_workflow_template_step", {
      p_step_id: second.data?.id ?? "",
      p_direction: 1,
    });
    expect(await order()).toEqual(STEPS.map((step) => step.title));

    const copy = await people.firmAdmin.client.rpc("duplicate_workflow_template", {
      p_template_id: templates.firm,
      p_name: "Copy of Firm A divorce",
    });
    expect(copy.error).toBeNull();
    const copied = await people.lawyer.client
      .from("workflow_template_steps")
      .select("title")
      .eq("template_id", copy.data ?? "")
      .order("position");
    expect(copied.data?.map((row) => row.title)).toEqual(STEPS.map((step) => step.title));
    const byLawyer = await people.lawyer.client.rpc("duplicate_workflow_template", {
      p_template_id: templates.firm,
      p_name: "Mine",
    });
    expectError(byLawyer, "42501");
  });
});

describe("workflows", () => {
  const TRIGGER = "2026-12-04"; // a Friday
  const dates = dueDates(TRIGGER, STEPS, false);
  const start = (db: Supabase, overrides: Record<string, unknown> = {}) =>
    db.rpc("start_workflow", {
      p_case_id: fixtures.engagedCase.id,
      p_template_id: templates.firm,
      p_trigger_date: TRIGGER,
      p_due_dates: dates,
      ...overrides,
    });

  it("the lawyers running an engaged case start one: a task per step, assigned by role, in one call", async () => {
    const key = crypto.randomUUID();
    const started = await start(people.lawyer.client, { p_idempotency_key: key });
    expect(started.error).toBeNull();
    const again = await start(people.lawyer.client, { p_idempotency_key: key });
    expect(again.data).toBe(started.data);
    const { data: tasks } = await service()
      .from("tasks")
      .select("title,due_date,assignee_id,client_visible,priority,workflow_step_id,workflow_steps(position)")
      .eq("workflow_id", started.data ?? "")
      .order("due_date");
    expect(tasks).toHaveLength(STEPS.length);
    expect(tasks?.map((task) => [task.title, task.due_date, task.assignee_id, task.client_visible])).toEqual([
      ["Collect documents", "2026-12-01", people.client.id, true],
      ["Draft the petition", "2026-12-04", people.associate.id, false],
      // No paralegal on the case: the lead does it.
      ["Review", "2026-12-06", people.lawyer.id, false],
      ["File", "2026-12-11", people.lawyer.id, false],
    ]);
    expect(tasks?.at(-1)?.priority).toBe("urgent");
    expect(tasks?.map((task) => task.workflow_steps?.position)).toEqual([1, 2, 3, 4]);
  });

  it("nobody else starts one, and not from another firm's, an archived or a changed template", async () => {
    for (const who of ["client", "stranger", "rival"] as const) {
      expectError(await start(actor(who)), "42501");
    }
    const notEngaged = await start(people.admin.client, { p_case_id: fixtures.openCase.id });
    expect(notEngaged.error?.details).toBe("workflow:case_not_engaged");
    const otherFirm = await start(people.lawyer.client, { p_template_id: templates.rivalFirm });
    expect(otherFirm.error?.details, JSON.stringify(otherFirm)).toBe("workflow_template:not_found");
    const archived = await start(people.lawyer.client, { p_template_id: templates.archived });
    expect(archived.error?.details).toBe("workflow_template:archived");
    const changed = await start(people.lawyer.client, { p_due_dates: dates.slice(1) });
    expect(changed.error?.details).toBe("workflow:template_changed");
    const direct = await people.lawyer.client.from("workflows").insert({
      case_id: fixtures.engagedCase.id,
      name: "x",
      practice_area: "family",
      trigger_date: TRIGGER,
    });
    expectError(direct, "42501");
  });

  it("the case's lawyers, its firm's admin and admins read its workflows; the client and others do not", async () => {
    const READS: Record<Actor, boolean> = {
      client: false,
      stranger: false,
      lawyer: true,
      rival: false,
      firmAdmin: true,
      admin: true,
      superUser: true,
    };
    for (const who of ACTORS) {
      const { data } = await actor(who).from("workflows").select("id").eq("case_id", fixtures.engagedCase.id);
      expect((data?.length ?? 0) > 0, who).toBe(READS[who]);
      const steps = await actor(who).from("workflow_steps").select("id").limit(1);
      expect((steps.data?.length ?? 0) > 0, `${who} steps`).toBe(READS[who]);
    }
  });

  it("moving the trigger date moves the steps not done, against the date that was confirmed", async () => {
    const started = await start(people.lawyer.client, { p_idempotency_key: crypto.randomUUID() });
    const id = started.data ?? "";
    const read = async () =>
      (await service().from("tasks").select("id,title,due_date,status").eq("workflow_id", id).order("title"))
        .data ?? [];
    const before = await read();
    const done = before.find((task) => task.title === "Collect documents");
    const moveDone = await people.lawyer.client.rpc("move_task", {
      p_task_id: done?.id ?? "",
      p_status: "done",
    });
    expect(moveDone.error).toBeNull();
    const open = before.filter((task) => task.id !== done?.id);
    const shifted = (date: string | null) => dueDates(String(date), [{ offset_days: 3 }], false)[0] ?? "";
    const args = {
      p_workflow_id: id,
      p_from: TRIGGER,
      p_to: "2026-12-07",
      p_task_ids: open.map((task) => task.id),
      p_due_dates: open.map((task) => shifted(task.due_date)),
    };
    expectError(await people.client.client.rpc("move_workflow_trigger", args), "42501");
    expectError(await people.rival.client.rpc("move_workflow_trigger", args), "42501");
    const stale = await people.lawyer.client.rpc("move_workflow_trigger", { ...args, p_from: "2026-12-01" });
    expect(stale.error?.details).toBe("workflow:trigger_changed");
    const missing = await people.lawyer.client.rpc("move_workflow_trigger", {
      ...args,
      p_task_ids: args.p_task_ids.slice(1),
      p_due_dates: args.p_due_dates.slice(1),
    });
    expect(missing.error?.details).toBe("workflow:trigger_changed");
    const moved = await people.lawyer.client.rpc("move_workflow_trigger", args);
    expect(moved.error).toBeNull();
    expect(moved.data).toBe(open.length);
    const after = await read();
    expect(after.find((task) => task.id === done?.id)?.due_date).toBe(done?.due_date);
    for (const task of open) {
      expect(after.find((row) => row.id === task.id)?.due_date).toBe(shifted(task.due_date));
    }
    const flow = await service().from("workflows").select("trigger_date").eq("id", id).single();
    expect(flow.data?.trigger_date).toBe("2026-12-07");
  });
});
