import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  addMembers,
  backendRows,
  createTestUser,
  insertCase,
  insertTasks,
  signInWith,
  system,
  t,
  waitForHydration,
} from "./support";

/**
 * Tasks (issue 22, items 3, 4 and 7): the board moves a card by drag and drop (JavaScript on) and
 * by its form (JavaScript off), through the same action; the client sees only their own task; the
 * assignee is notified live; a second board follows a move without reloading; Arabic lays the
 * columns out right to left. Each test makes a case of its own (a firm, a lead, a client).
 */

const BOARD = "/dashboard/task_management/task_management";
const TABLE = "/dashboard/task_management/task_management_table";

type World = {
  firm: string;
  caseId: string;
  lawyer: { id: string; email: string };
  client: { id: string; email: string };
};

async function engagedCase(label: string): Promise<World> {
  const firm = await system.createFirm(label);
  const [lawyer, client] = await Promise.all([
    system.createAccount({
      label: `e2e.${label}.lawyer`,
      accessLevel: "lawyer",
      profile: { law_firm: firm },
    }),
    createTestUser(`${label}.client`),
  ]);
  const row = await insertCase(client.id, {
    status: "engaged",
    lead_lawyer_id: lawyer.id,
    law_firm_id: firm,
    title: `Tasks ${label}`,
  });
  await addMembers([
    { case_id: row.id, user_id: client.id, role: "client" },
    { case_id: row.id, user_id: lawyer.id, role: "lead" },
  ]);
  return { firm, caseId: row.id, lawyer, client };
}

const column = (page: Page, status: string) => page.locator(`[data-column-status="${status}"]`);
const card = (page: Page, title: string) => page.getByTestId("task-card").filter({ hasText: title });

async function statusOf(id: string): Promise<string | undefined> {
  const [row] = await backendRows<{ status: string }>("tasks", `id=eq.${id}&select=status`);
  return row?.status;
}

async function pageOf(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

test("a lawyer drags a card to Done; its neighbours keep their order (JavaScript on)", async ({ page }) => {
  const world = await engagedCase("drag");
  const [first, second] = await insertTasks([
    { case_id: world.caseId, title: "Draft the letter" },
    { case_id: world.caseId, title: "Call the court" },
  ]);
  await signInWith(page, world.lawyer.email, `${BOARD}?case=${world.caseId}`);
  await expect(column(page, "todo").getByTestId("task-card")).toHaveCount(2);
  // The drag library loads after hydration, when the browser is idle.
  await page.waitForFunction(() => document.querySelector('[data-task-id][draggable="true"]') !== null);
  // Picked up by the card's edge (its title is a link, and links drag themselves).
  await card(page, "Draft the letter").dragTo(column(page, "done"), { sourcePosition: { x: 4, y: 4 } });
  await expect(card(page, "Draft the letter")).toHaveCount(1);
  await expect(column(page, "done").getByTestId("task-card")).toHaveText([/Draft the letter/]);
  await expect.poll(() => statusOf(first?.id ?? "")).toBe("done");
  await expect(page.getByTestId("task-board-announcer")).toContainText("Draft the letter");
  // Reloaded, the board shows what the database kept.
  await page.reload();
  await expect(column(page, "done").getByTestId("task-card")).toHaveText([/Draft the letter/]);
  await expect(column(page, "todo").getByTestId("task-card")).toHaveText([/Call the court/]);
  expect(await statusOf(second?.id ?? "")).toBe("todo");
});

test("a lawyer moves a card with the keyboard alone; the focus stays on the card (JavaScript on)", async ({
  page,
}) => {
  const world = await engagedCase("keyboard");
  const [alpha] = await insertTasks([
    { case_id: world.caseId, title: "Alpha by keys" },
    { case_id: world.caseId, title: "Beta by keys" },
    { case_id: world.caseId, title: "Gamma by keys", status: "waiting" },
  ]);
  await signInWith(page, world.lawyer.email, `${BOARD}?case=${world.caseId}`);
  await waitForHydration(page);
  const focusedCard = () =>
    page.evaluate(() => document.activeElement?.closest("[data-task-id]")?.getAttribute("aria-label"));

  // To another column: the status select, then Tab to "Move" and Enter.
  const status = card(page, "Alpha by keys").locator("select[name=status]");
  await status.focus();
  await status.selectOption("waiting");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(column(page, "waiting").getByTestId("task-card")).toHaveText([
    /Gamma by keys/,
    /Alpha by keys/,
  ]);
  await expect(page.getByTestId("task-board-announcer")).toContainText("Alpha by keys");
  await expect.poll(() => statusOf(alpha?.id ?? "")).toBe("waiting");
  // The card was drawn anew in its new column; the keyboard is still on it.
  await expect.poll(focusedCard).toBe("Alpha by keys");

  // Up within the column: back to the select, then to ↑, and Enter.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(page.locator(":focus")).toHaveAttribute(
    "aria-label",
    t("en", "tasks", "move.upLabel").replace("{{title}}", "Alpha by keys"),
  );
  await page.keyboard.press("Enter");
  await expect(column(page, "waiting").getByTestId("task-card")).toHaveText([
    /Alpha by keys/,
    /Gamma by keys/,
  ]);
  // First in its column, the card has no ↑ any more: the focus stays on the card all the same.
  await expect.poll(focusedCard).toBe("Alpha by keys");
  await page.reload();
  await expect(column(page, "waiting").getByTestId("task-card")).toHaveText([
    /Alpha by keys/,
    /Gamma by keys/,
  ]);
  await expect(column(page, "todo").getByTestId("task-card")).toHaveText([/Beta by keys/]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a card moves by its form: to another column, then up", async ({ page }) => {
    const world = await engagedCase("form");
    const [a, , c] = await insertTasks([
      { case_id: world.caseId, title: "Alpha task" },
      { case_id: world.caseId, title: "Beta task", status: "waiting" },
      { case_id: world.caseId, title: "Gamma task" },
    ]);
    await signInWith(page, world.lawyer.email, `${BOARD}?case=${world.caseId}`);
    const gamma = card(page, "Gamma task");
    await gamma.locator("select[name=status]").selectOption("waiting");
    await gamma.getByTestId("task-move-submit").click();
    await expect(page).toHaveURL(new RegExp(`case=${world.caseId}`));
    await expect(column(page, "waiting").getByTestId("task-card")).toHaveText([/Beta task/, /Gamma task/]);
    await card(page, "Gamma task")
      .getByRole("button", { name: t("en", "tasks", "move.upLabel").replace("{{title}}", "Gamma task") })
      .click();
    await expect(column(page, "waiting").getByTestId("task-card")).toHaveText([/Gamma task/, /Beta task/]);
    expect(await statusOf(c?.id ?? "")).toBe("waiting");
    expect(await statusOf(a?.id ?? "")).toBe("todo");
  });

  test("a long column shows its first cards and a link to more of them", async ({ page }) => {
    const world = await engagedCase("more");
    await insertTasks(
      Array.from({ length: 14 }, (_, i) => ({ case_id: world.caseId, title: `Long task ${i + 1}` })),
    );
    await signInWith(page, world.lawyer.email, `${BOARD}?case=${world.caseId}&panel=new-task`);
    await expect(column(page, "todo").getByTestId("task-card")).toHaveCount(12);
    await column(page, "todo").getByTestId("task-column-more").click();
    // The new-task form the person had open stays open.
    await expect(page).toHaveURL(new RegExp(`case=${world.caseId}.*page=2&panel=new-task$`));
    await expect(page.getByTestId("task-create-form")).toBeVisible();
    await expect(column(page, "todo").getByTestId("task-card")).toHaveCount(14);
    await expect(column(page, "todo").getByTestId("task-column-more")).toHaveCount(0);
  });

  test("a table page past the end shows the last page instead (a link made before tasks went)", async ({
    page,
  }) => {
    const world = await engagedCase("past-end");
    await insertTasks(
      Array.from({ length: 3 }, (_, i) => ({ case_id: world.caseId, title: `Table task ${i + 1}` })),
    );
    await signInWith(page, world.lawyer.email, `${TABLE}?case=${world.caseId}&sort=priority&page=7`);
    await expect(page).toHaveURL(new RegExp(`${TABLE}\\?case=${world.caseId}&sort=priority&dir=asc$`));
    await expect(page.getByTestId("task-table-page").getByText("Table task 1")).toBeVisible();
    await expect(page.getByTestId("task-table-page").locator("tbody tr")).toHaveCount(3);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`deleting a task, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("asks first: keeping it changes nothing, confirming deletes it", async ({ page }) => {
      const world = await engagedCase(javaScriptEnabled ? "delete-js" : "delete-nojs");
      const [task] = await insertTasks([{ case_id: world.caseId, title: "Task to delete" }]);
      const exists = async () => (await backendRows("tasks", `id=eq.${task?.id}&select=id`)).length;
      const taskPage = `/dashboard/task_management/task/${task?.id}`;
      const tasks = (key: string) => t("en", "tasks", key);
      await signInWith(page, world.lawyer.email, taskPage);
      await waitForHydration(page);
      const ask = page.getByTestId("task-delete");
      const dialog = page.getByRole(javaScriptEnabled ? "dialog" : "alertdialog");

      await ask.click();
      await expect(dialog).toContainText(tasks("page.deleteTitle"));
      await expect(dialog).toContainText(tasks("page.deleteText"));
      if (!javaScriptEnabled) await expect(page).toHaveURL(/[?&]confirm=delete/);
      await dialog
        .getByRole(javaScriptEnabled ? "button" : "link", { name: tasks("page.deleteCancel") })
        .click();
      await expect(dialog).toHaveCount(0);
      await expect(page).not.toHaveURL(/confirm=delete/);
      expect(await exists()).toBe(1);

      await ask.click();
      await dialog.getByRole("button", { name: tasks("page.delete"), exact: true }).click();
      await page.waitForURL(`**${BOARD}`);
      await expect(page.getByText(tasks("page.deleted"))).toBeVisible();
      expect(await exists()).toBe(0);
    });
  });
}

test("the assignee filter offers the people of the lawyer's cases and keeps the choice in the address (no JavaScript)", async ({
  browser,
}) => {
  const world = await engagedCase("assignee");
  const stamp = Date.now().toString(36);
  const associate = await system.createAccount({
    label: "e2e.assignee.associate",
    accessLevel: "lawyer",
    profile: { law_firm: world.firm },
    name: { first_name: "Filter", last_name: `Associate ${stamp}` },
  });
  await addMembers([{ case_id: world.caseId, user_id: associate.id, role: "associate" }]);
  await insertTasks([
    { case_id: world.caseId, title: "Associate's task", assignee_id: associate.id },
    { case_id: world.caseId, title: "Client's task", assignee_id: world.client.id },
    { case_id: world.caseId, title: "Nobody's task" },
  ]);
  const page = await pageOf(browser, false);
  await signInWith(page, world.lawyer.email, BOARD);
  // The plain board reads no options: its filters open from a link.
  await expect(page.getByTestId("task-board-filters")).toHaveCount(0);
  await page.getByRole("link", { name: t("en", "tasks", "filters.open") }).click();
  const filter = page.getByTestId("task-assignee-filter");
  await expect(filter.locator(`option[value="${associate.id}"]`)).toHaveText(`Filter Associate ${stamp}`);
  await expect(filter.locator(`option[value="${world.client.id}"]`)).toHaveCount(1);
  // The lawyer is "me", not a name of the list.
  await expect(filter.locator(`option[value="${world.lawyer.id}"]`)).toHaveCount(0);

  await page.getByTestId("task-board-filters").locator("select[name=case]").selectOption(world.caseId);
  await filter.selectOption(associate.id);
  await page.getByTestId("task-board-filters").getByRole("button").click();
  await expect(page).toHaveURL(new RegExp(`assignee=${associate.id}`));
  await expect(page.getByTestId("task-card")).toHaveText([/Associate's task/]);
  await expect(filter).toHaveValue(associate.id);

  // The table reads the same address and offers the same people.
  await page.getByRole("link", { name: t("en", "tasks", "board.asTable") }).click();
  await expect(page.getByTestId("task-assignee-filter")).toHaveValue(associate.id);
  await expect(page.getByTestId("task-table-range")).toHaveText("1–1 of 1");

  // Reset on the board: every task again, and the filters folded away.
  await page.goBack();
  await page.getByRole("link", { name: t("en", "tasks", "filters.reset") }).click();
  await expect(page).toHaveURL(new RegExp(`${BOARD}$`));
  await expect(page.getByTestId("task-board-filters")).toHaveCount(0);
  await page.context().close();
});

test("the task table's case and assignee pickers open from a link and stay while they filter (no JavaScript)", async ({
  browser,
}) => {
  const world = await engagedCase("pickers");
  await insertTasks([{ case_id: world.caseId, title: "Picked task" }]);
  const page = await pageOf(browser, false);
  await signInWith(page, world.lawyer.email, `${TABLE}?status=todo`);
  // A table without those two filters reads no options.
  await expect(page.getByTestId("task-table-filters").locator("select[name=case]")).toHaveCount(0);
  await page.getByTestId("task-table-pickers-open").click();
  await expect(page).toHaveURL(new RegExp(`${TABLE}\\?status=todo&panel=filters$`));
  const picker = page.getByTestId("task-table-filters").locator("select[name=case]");
  await picker.selectOption(world.caseId);
  await page
    .getByTestId("task-table-filters")
    .getByRole("button", { name: t("en", "tasks", "filters.apply") })
    .click();
  await expect(page).toHaveURL(new RegExp(`case=${world.caseId}`));
  await expect(picker).toHaveValue(world.caseId);
  await expect(page.getByTestId("task-table-range")).toHaveText("1–1 of 1");
  await page.context().close();
});

for (const javaScriptEnabled of [false, true]) {
  test(`a lawyer opens the new-task form from its link and creates one task, even by a double click (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const world = await engagedCase(`create${javaScriptEnabled ? "js" : "nojs"}`);
    const title = `Created on the board ${Date.now().toString(36)}`;
    const page = await pageOf(browser, javaScriptEnabled);
    await signInWith(page, world.lawyer.email, BOARD);
    if (javaScriptEnabled) await waitForHydration(page);
    await expect(page.getByTestId("task-create-form")).toHaveCount(0);
    await page.getByRole("link", { name: t("en", "tasks", "create.open") }).click();
    const form = page.getByTestId("task-create-form");
    // The link is gone: the keyboard's place moves to the form's first field, not the page's top.
    if (javaScriptEnabled) await expect(form.locator("select[name=case_id]")).toBeFocused();
    if (!javaScriptEnabled) {
      // A title of spaces is refused; the board comes back with the form open, and nothing is made.
      await form.locator("input[name=title]").fill("   ");
      await form.getByRole("button", { name: t("en", "tasks", "create.submit") }).click();
      await expect(page).toHaveURL(new RegExp(`${BOARD}\\?panel=new-task$`));
      await expect(form).toBeVisible();
    }
    await form.locator("select[name=case_id]").selectOption(world.caseId);
    await form.locator("input[name=title]").fill(title);
    await form.locator("select[name=priority]").selectOption("high");
    const submit = form.getByRole("button", { name: t("en", "tasks", "create.submit") });
    if (javaScriptEnabled) await submit.dblclick();
    else await submit.click();
    await page.waitForURL(/\/dashboard\/task_management\/task\/[0-9a-f-]{36}$/);
    await expect(page.getByText(t("en", "tasks", "create.done"))).toBeVisible();
    const rows = await backendRows<{ id: string; priority: string }>(
      "tasks",
      `case_id=eq.${world.caseId}&title=eq.${encodeURIComponent(title)}&select=id,priority`,
    );
    expect(rows).toEqual([{ id: page.url().split("/").at(-1), priority: "high" }]);
    await page.context().close();
  });
}

test("the client sees only the task assigned to them, and moves it; an internal task is not found", async ({
  page,
}) => {
  const world = await engagedCase("client");
  const [internal] = await insertTasks([
    { case_id: world.caseId, title: "Internal strategy memo" },
    { case_id: world.caseId, title: "Sign the retainer", assignee_id: world.client.id },
  ]);
  await signInWith(page, world.client.email, BOARD);
  await expect(page.getByTestId("task-card")).toHaveText([/Sign the retainer/]);
  await expect(page.getByText("Internal strategy memo")).toHaveCount(0);
  // The client has no create form (nor its link, nor at its address), and may move their own task.
  await expect(page.getByRole("link", { name: t("en", "tasks", "create.open") })).toHaveCount(0);
  await page.goto(`${BOARD}?panel=new-task`);
  await expect(page.getByTestId("task-create-panel")).toHaveCount(0);
  const own = card(page, "Sign the retainer");
  await own.locator("select[name=status]").selectOption("done");
  await own.getByTestId("task-move-submit").click();
  await expect(column(page, "done").getByTestId("task-card")).toHaveText([/Sign the retainer/]);
  const response = await page.goto(`/dashboard/task_management/task/${internal?.id}`);
  expect(response?.status()).toBe(404);
});

test("the assignee is notified live when a lawyer assigns them a task", async ({ page, browser }) => {
  const world = await engagedCase("notify");
  const [task] = await insertTasks([
    { case_id: world.caseId, title: "Send the signed lease", client_visible: true },
  ]);
  await signInWith(page, world.client.email, "/dashboard");
  const bell = page.getByTestId("notifications-bell");
  const before = (await bell.textContent()) ?? "";
  await page.waitForTimeout(1000);

  const lawyer = await pageOf(browser, true);
  await signInWith(lawyer, world.lawyer.email, `/dashboard/task_management/task/${task?.id}`);
  await lawyer
    .getByTestId("task-edit-form")
    .locator("select[name=assignee_id]")
    .selectOption(world.client.id);
  await lawyer
    .getByTestId("task-edit-form")
    .getByRole("button", { name: t("en", "tasks", "page.save") })
    .click();
  await expect(lawyer.getByTestId("task-history")).toContainText(
    t("en", "tasks", "history.assigned").replace("{{person}}", ""),
  );

  await expect(bell).not.toHaveText(before, { timeout: 5000 });
  const [notification] = await backendRows<{ type: string; link: string; event: string }>(
    "notifications",
    `user_id=eq.${world.client.id}&event=eq.task_assigned&select=type,link,event`,
  );
  expect(notification).toEqual({
    type: "task_assignment",
    event: "task_assigned",
    link: `/dashboard/task_management/task/${task?.id}`,
  });
  await lawyer.context().close();
});

test("a second board follows a move without reloading", async ({ page, browser }) => {
  const world = await engagedCase("live");
  await insertTasks([{ case_id: world.caseId, title: "Watch me move" }]);
  await signInWith(page, world.lawyer.email, `${BOARD}?case=${world.caseId}`);
  await expect(column(page, "todo").getByTestId("task-card")).toHaveText([/Watch me move/]);
  await page.waitForTimeout(1500);

  const other = await pageOf(browser, true);
  await signInWith(other, world.lawyer.email, `${BOARD}?case=${world.caseId}`);
  const moving = card(other, "Watch me move");
  await moving.locator("select[name=status]").selectOption("in_progress");
  await moving.getByTestId("task-move-submit").click();
  await expect(column(other, "in_progress").getByTestId("task-card")).toHaveText([/Watch me move/]);

  await expect(column(page, "in_progress").getByTestId("task-card")).toHaveText([/Watch me move/], {
    timeout: 5000,
  });
  await other.context().close();
});

test("the board in Arabic lays its columns out right to left", async ({ page }) => {
  const world = await engagedCase("arabic");
  await insertTasks([{ case_id: world.caseId, title: "مهمة تجريبية" }]);
  await signInWith(page, world.lawyer.email, `${BOARD}?lng=ar&case=${world.caseId}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(column(page, "todo").getByRole("heading")).toHaveText(t("ar", "tasks", "status.todo"));
  const todo = await column(page, "todo").boundingBox();
  const inProgress = await column(page, "in_progress").boundingBox();
  expect(todo && inProgress && todo.x > inProgress.x).toBe(true);
  // The columns scroll inside the board; nothing in them (a column's visually hidden count) widens
  // the page, which in right-to-left would open scrolled away from the menu.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
});

test("GET /api/task_management: 401 without a session; the caller's tasks only, filtered and paged", async ({
  page,
  request,
}) => {
  const unauthenticated = await request.get("/api/task_management");
  expect(unauthenticated.status()).toBe(401);
  const mine = await engagedCase("api");
  const theirs = await engagedCase("api-other");
  await insertTasks([
    { case_id: mine.caseId, title: "Mine one", status: "waiting" },
    { case_id: mine.caseId, title: "Mine two" },
    { case_id: theirs.caseId, title: "Not mine" },
  ]);
  await signInWith(page, mine.lawyer.email, "/dashboard");
  const response = await page.request.get("/api/task_management?size=10&sort=title&dir=asc");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    tasks: { title: string }[];
    total: number;
    page: number;
    size: number;
  };
  expect(body.tasks.map((task) => task.title)).toEqual(["Mine one", "Mine two"]);
  expect(body).toMatchObject({ total: 2, page: 1, size: 10 });
  const waiting = (await (await page.request.get("/api/task_management?status=waiting")).json()) as {
    tasks: { title: string }[];
  };
  expect(waiting.tasks.map((task) => task.title)).toEqual(["Mine one"]);
  const csv = await page.request.get(
    "/dashboard/task_management/task_management_table/export.csv?sort=title&dir=asc",
  );
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain("Mine two");
});

test("forged posts that move another firm's task or assign a non-member are refused and change nothing", async ({
  page,
}) => {
  const mine = await engagedCase("forge");
  const theirs = await engagedCase("forge-other");
  const [own] = await insertTasks([{ case_id: mine.caseId, title: "My own task" }]);
  const [other] = await insertTasks([{ case_id: theirs.caseId, title: "Another firm's task" }]);
  await signInWith(page, mine.lawyer.email, BOARD);
  const move = await page.request.post(BOARD, {
    form: { intent: "move", task: other?.id ?? "", status: "done" },
    maxRedirects: 0,
  });
  expect(move.status()).toBe(302);
  expect(await statusOf(other?.id ?? "")).toBe("todo");
  const assign = await page.request.post(`/dashboard/task_management/task/${own?.id}`, {
    form: {
      intent: "update",
      title: "My own task",
      priority: "medium",
      assignee_id: theirs.lawyer.id,
      labels: "",
    },
    maxRedirects: 0,
  });
  expect(assign.status()).toBe(302);
  const [row] = await backendRows<{ assignee_id: string | null }>(
    "tasks",
    `id=eq.${own?.id}&select=assignee_id`,
  );
  expect(row?.assignee_id).toBeNull();
});
