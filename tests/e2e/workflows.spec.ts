import { expect, type Page, test } from "@playwright/test";
import { dueDates } from "../../app/features/workflows/due-dates";
import { backendRows, collectErrors, DEMO_ACCOUNTS, signInAs, t } from "./support";

/**
 * Workflow templates and workflows (issue 22, items 1 and 2): the demo lawyer starts a workflow
 * from a seeded template on their engaged case and its tasks get the right due dates; moving the
 * trigger date lists the changes before it moves them; the firm admin builds and reorders a
 * template; all of it with JavaScript on and off.
 */

/** An English text of the workflows namespace, its {{placeholders}} filled in. */
const wf = (key: string, values: Record<string, string | number> = {}) =>
  t("en", "workflows", key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
const DETAILS_URL = /\/dashboard\/workflow\/([0-9a-f-]{36})\/details$/;

type TemplateRow = {
  id: string;
  name: string;
  skip_weekends: boolean;
  workflow_template_steps: { position: number; offset_days: number }[];
};

/** The demo lawyer's engaged family case (seeded), where they are the lead. */
async function engagedCaseOfLawyer(): Promise<string> {
  const rows = await backendRows<{ id: string }>(
    "cases",
    `select=id&status=eq.engaged&lead_lawyer_id=eq.${DEMO_ACCOUNTS.lawyer.id}&practice_area=eq.family&order=created_at&limit=1`,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error("no seeded engaged case of the demo lawyer");
  return id;
}

async function seededTemplate(name: string): Promise<TemplateRow> {
  const rows = await backendRows<TemplateRow>(
    "workflow_templates",
    `select=id,name,skip_weekends,workflow_template_steps(position,offset_days)&name=eq.${encodeURIComponent(name)}`,
  );
  const row = rows[0];
  if (!row) throw new Error(`no seeded template ${name}`);
  row.workflow_template_steps.sort((a, b) => a.position - b.position);
  return row;
}

/** The workflow's tasks in the order of its steps. */
async function tasksOf(workflowId: string) {
  const rows = await backendRows<{
    title: string;
    due_date: string;
    status: string;
    workflow_steps: { position: number };
  }>("tasks", `select=title,due_date,status,workflow_steps(position)&workflow_id=eq.${workflowId}`);
  return rows.sort((a, b) => a.workflow_steps.position - b.workflow_steps.position);
}

async function dueDatesOnPage(page: Page): Promise<string[]> {
  return page
    .getByTestId("workflow-step")
    .locator('[data-testid="step-due"] time')
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
}

/** Starts a workflow from the list's form (the case chosen by the address) and returns its id. */
async function startFromList(
  page: Page,
  caseId: string,
  template: string,
  triggerDate: string,
): Promise<string> {
  await page.goto(`/dashboard/workflow/workflow?case=${caseId}`);
  const form = page.getByTestId("start-workflow-form");
  await expect(form.getByLabel(wf("start.case"))).toHaveValue(caseId);
  await form.getByLabel(wf("start.template")).selectOption({ label: template });
  await form.getByLabel(wf("start.triggerDate")).fill(triggerDate);
  await form.getByRole("button", { name: wf("start.submit") }).click();
  await page.waitForURL(DETAILS_URL);
  return DETAILS_URL.exec(new URL(page.url()).pathname)?.[1] ?? "";
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`workflows, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a lawyer starts a workflow from the case page; its tasks are due on the offsets, weekends counted", async ({
      page,
    }) => {
      const errors = collectErrors(page);
      const caseId = await engagedCaseOfLawyer();
      const template = await seededTemplate("Uncontested divorce (from filing the petition)");
      expect(template.skip_weekends).toBe(false);
      await signInAs(page, "lawyer", `/dashboard/case/${caseId}`);
      await page
        .getByTestId("case-workflows")
        .getByRole("link", { name: wf("case.start") })
        .click();
      await page.waitForURL(/\/dashboard\/workflow\/workflow\?case=/);
      // 2026-12-04 is a Friday: calendar days count Saturdays and Sundays.
      const id = await startFromList(page, caseId, template.name, "2026-12-04");
      const expected = dueDates("2026-12-04", template.workflow_template_steps, false);
      expect(expected.slice(0, 4)).toEqual(["2026-11-20", "2026-11-27", "2026-12-02", "2026-12-04"]);
      await expect(page.getByTestId("workflow-step")).toHaveCount(expected.length);
      expect(await dueDatesOnPage(page)).toEqual(expected);
      await expect(page.getByTestId("workflow-progress")).toHaveText(
        wf("workflow.doneOf", { done: 0, total: expected.length }),
      );
      // The tasks are on the case, due on the same dates; the first is the client's.
      const tasks = await tasksOf(id);
      expect(tasks.map((task) => task.due_date)).toEqual(expected);
      // Each step links to its task on the board.
      const href = await page.getByTestId("workflow-step").first().getByRole("link").getAttribute("href");
      expect(href).toMatch(/^\/dashboard\/task_management\/task\/[0-9a-f-]{36}$/);
      expect(errors).toEqual([]);
    });

    test("moving the trigger date lists each change, then moves the steps not done", async ({ page }) => {
      const caseId = await engagedCaseOfLawyer();
      const template = await seededTemplate("Employment claim (from the date of dismissal)");
      expect(template.skip_weekends).toBe(true);
      await signInAs(page, "lawyer", "/dashboard/workflow/workflow");
      // The list reads the form's cases and templates only once the form is asked for.
      await expect(page.getByTestId("start-workflow-form")).toHaveCount(0);
      await page.getByTestId("start-workflow-open").click();
      await page.waitForURL(/\?panel=start/);
      if (javaScriptEnabled) await expect(page.locator("section#start")).toBeFocused();
      await expect(
        page
          .getByTestId("start-workflow-form")
          .getByLabel(wf("start.case"))
          .locator(`option[value="${caseId}"]`),
      ).toHaveCount(1);
      const id = await startFromList(page, caseId, template.name, "2026-12-04");
      const before = dueDates("2026-12-04", template.workflow_template_steps, true);
      // Business days: Friday + 2 → Tuesday.
      expect(before[0]).toBe("2026-12-08");
      await expect(page.getByTestId("workflow-step")).toHaveCount(before.length);
      expect(await dueDatesOnPage(page)).toEqual(before);

      await page.getByTestId("move-trigger-form").getByLabel(wf("move.newDate")).fill("2026-12-07");
      await page
        .getByTestId("move-trigger-form")
        .getByRole("button", { name: wf("move.preview") })
        .click();
      await page.waitForURL(/\?trigger=2026-12-07$/);
      const after = dueDates("2026-12-07", template.workflow_template_steps, true);
      const changed = after.filter((date, index) => date !== before[index]);
      await expect(page.getByTestId("move-change")).toHaveCount(changed.length);
      await expect(page.getByTestId("move-change").first().locator("time").nth(1)).toHaveAttribute(
        "datetime",
        after[0] ?? "",
      );
      // Nothing moved yet.
      expect((await tasksOf(id)).map((task) => task.due_date)).toEqual(before);

      await page.getByTestId("confirm-move").click();
      await page.waitForURL(DETAILS_URL);
      await expect(page.getByTestId("workflow-trigger").locator("time")).toHaveAttribute(
        "datetime",
        "2026-12-07",
      );
      expect(await dueDatesOnPage(page)).toEqual(after);
      expect((await tasksOf(id)).map((task) => task.due_date)).toEqual(after);
    });

    test("the firm admin builds a template, reorders its steps and archives it; a firm lawyer only reads", async ({
      page,
    }) => {
      const name = `Probate checklist ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
      await signInAs(page, "firmadmin", "/dashboard/workflow/template");
      const create = page.getByTestId("template-new-form");
      await create.getByLabel(wf("template.name")).fill(name);
      await create.getByLabel(wf("template.practiceArea")).selectOption("wills_and_estates");
      await create.getByRole("button", { name: wf("template.create") }).click();
      const editor = page.getByTestId("template-editor");
      await expect(editor.getByRole("heading", { name })).toBeVisible();

      for (const [title, offset] of [
        ["Collect the death certificate", "3"],
        ["File the petition", "-2"],
      ] as const) {
        const form = page.getByTestId("step-new-form");
        await form.getByLabel(wf("step.title")).fill(title);
        await form.getByLabel(wf("step.offsetDays")).fill(offset);
        await form.getByRole("button", { name: wf("step.add") }).click();
        await expect(page.getByTestId("template-step").filter({ hasText: title })).toBeVisible();
      }
      await expect(page.getByTestId("template-step")).toHaveCount(2);
      await expect(page.getByTestId("template-step").nth(1)).toContainText(
        wf("offset.before_other", { count: 2 }),
      );
      await page.getByRole("button", { name: wf("step.moveUp", { title: "File the petition" }) }).click();
      await expect(page.getByTestId("template-step").first()).toContainText("File the petition");
      await expect(page.getByTestId("template-step").nth(1)).toContainText("Collect the death certificate");

      // A lawyer of the firm sees it and cannot change it.
      const lawyer = await page.context().browser()?.newContext({ javaScriptEnabled });
      const other = await lawyer?.newPage();
      if (!other) throw new Error("no second page");
      await signInAs(other, "lawyer", "/dashboard/workflow/template");
      await other.getByRole("link", { name }).click();
      await expect(other.getByTestId("template-step")).toHaveCount(2);
      await expect(other.getByTestId("step-new-form")).toHaveCount(0);
      await expect(other.getByRole("button", { name: wf("template.archive") })).toHaveCount(0);
      await lawyer?.close();

      await page.getByRole("button", { name: wf("template.archive") }).click();
      await expect(editor.getByText(wf("template.archived"))).toBeVisible();
    });
  });
}

test("a client has no workflow pages", async ({ page }) => {
  await signInAs(page, "client", "/dashboard");
  for (const path of [
    "/dashboard/workflow",
    "/dashboard/workflow/workflow",
    "/dashboard/workflow/template",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
});

test("the seeded workflow: the demo lawyer finds it with its steps; the demo client sees only their own steps", async ({
  browser,
}) => {
  const [seeded] = await backendRows<{ id: string; name: string }>(
    "workflows",
    `select=id,name&started_by=eq.${DEMO_ACCOUNTS.lawyer.id}&order=created_at.asc&limit=1`,
  );
  if (!seeded) throw new Error("no seeded workflow");
  const tasks = await backendRows<{ id: string; title: string; assignee_id: string | null; status: string }>(
    "tasks",
    `select=id,title,assignee_id,status&workflow_id=eq.${seeded.id}`,
  );
  expect(tasks).toHaveLength(10);
  const own = tasks.filter((task) => task.assignee_id === DEMO_ACCOUNTS.client.id);
  const internal = tasks.filter((task) => task.assignee_id !== DEMO_ACCOUNTS.client.id);
  expect(own.length).toBeGreaterThan(0);

  const lawyer = await (await browser.newContext()).newPage();
  await signInAs(lawyer, "lawyer", "/dashboard/workflow/workflow");
  await lawyer.locator(`a[href="/dashboard/workflow/${seeded.id}/details"]`).first().click();
  await lawyer.waitForURL(DETAILS_URL);
  await expect(lawyer.getByTestId("workflow-step")).toHaveCount(10);
  await expect(lawyer.getByTestId("workflow-progress")).toHaveText(
    wf("workflow.doneOf", { done: 1, total: 10 }),
  );
  await expect(lawyer.getByTestId("workflow-overdue")).toBeVisible();
  await lawyer.context().close();

  const client = await (await browser.newContext()).newPage();
  await signInAs(client, "client", "/dashboard");
  for (const task of own) {
    const response = await client.goto(`/dashboard/task_management/task/${task.id}`);
    expect(response?.status(), task.title).toBe(200);
  }
  for (const task of internal) {
    const response = await client.goto(`/dashboard/task_management/task/${task.id}`);
    expect(response?.status(), task.title).toBe(404);
  }
  await client.context().close();
});
