import { expect, type Page, test } from "@playwright/test";
import {
  backendRows,
  createTestUser,
  DEMO_ACCOUNTS,
  signInAs,
  signInWith,
  t,
  waitForHydration,
} from "./support";

/** The case form (/dashboard/case/new and /dashboard/case/{id}/edit): create, edit, publish, delete, refusals. */

const form = (key: string, options: Record<string, string> = {}) =>
  Object.entries(options).reduce(
    (text, [name, value]) => text.replace(`{{${name}}}`, value),
    t("en", "case-form", key),
  );
const CASE_URL = /\/dashboard\/case\/([0-9a-f-]{36})$/;

type CaseState = { id: string; title: string; status: string; description: string; client_id: string };

async function caseRow(id: string): Promise<CaseState | undefined> {
  const [row] = await backendRows<CaseState>(
    "cases",
    `select=id,title,status,description,client_id&id=eq.${id}`,
  );
  return row;
}

async function demoClientCase(status: string): Promise<CaseState> {
  const clientId = DEMO_ACCOUNTS.client.id;
  const [row] = await backendRows<CaseState>(
    "cases",
    `select=id,title,status,description,client_id&client_id=eq.${clientId}&status=eq.${status}&order=reference&limit=1`,
  );
  if (!row) throw new Error(`the demo client has no ${status} case`);
  return row;
}

async function fillRequired(page: Page, title: string) {
  await page.locator('[name="title"]').fill(title);
  await page.locator('[name="practice_area"]').selectOption("employment");
  await page.locator('[name="jurisdiction"]').fill("California");
}

const button = (page: Page, key: string) => page.getByRole("button", { name: form(key), exact: true });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`case form, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a client drafts a case, then publishes it, then edits it while open", async ({ page }) => {
      test.setTimeout(90_000);
      const client = await createTestUser(javaScriptEnabled ? "caseform-js" : "caseform-nojs");
      await signInWith(page, client.email, "/dashboard/case/new");
      const title = `Unpaid wages ${Date.now()}`;

      // Publishing needs a description and a budget in order; nothing is written until it is right.
      await fillRequired(page, title);
      await page.locator('[name="budget_min"]').fill("900");
      await page.locator('[name="budget_max"]').fill("100");
      // Leave the field first: its error, shown on blur, moves the buttons down.
      await page.locator('[name="budget_max"]').blur();
      await button(page, "actions.publish").click();
      await expect(page.getByText(form("errors.descriptionRequired"))).toBeVisible();
      await expect(page.getByText(form("errors.budgetOrder"))).toBeVisible();
      expect(await backendRows("cases", `select=id&title=eq.${encodeURIComponent(title)}`)).toHaveLength(0);

      // A draft may wait for its description.
      await page.locator('[name="budget_max"]').fill("1000");
      await button(page, "actions.draft").click();
      await page.waitForURL(CASE_URL);
      await expect(page.getByText(form("flash.draftSaved"))).toBeVisible();
      const id = CASE_URL.exec(new URL(page.url()).pathname)?.[1] ?? "";
      expect(await caseRow(id)).toMatchObject({
        title,
        status: "draft",
        description: "",
        client_id: client.id,
      });

      // The draft offers both buttons; publishing it opens it.
      await page.goto(`/dashboard/case/${id}/edit`);
      await waitForHydration(page);
      await expect(button(page, "actions.draft")).toBeVisible();
      await page.locator('[name="description"]').fill("My employer has not paid the last two months.");
      await button(page, "actions.publish").click();
      await page.waitForURL(`**/dashboard/case/${id}`);
      await expect(page.getByText(form("flash.published"))).toBeVisible();
      expect(await caseRow(id)).toMatchObject({ status: "open" });

      // An open case offers only "Save changes", and stays open.
      await page.goto(`/dashboard/case/${id}/edit`);
      await waitForHydration(page);
      await expect(button(page, "actions.draft")).toHaveCount(0);
      await expect(button(page, "actions.publish")).toHaveCount(0);
      await page.locator('[name="title"]').fill(`${title} (edited)`);
      await button(page, "actions.save").click();
      await page.waitForURL(`**/dashboard/case/${id}`);
      expect(await caseRow(id)).toMatchObject({ title: `${title} (edited)`, status: "open" });
    });

    test("a client deletes a draft after confirming", async ({ page }) => {
      const client = await createTestUser(javaScriptEnabled ? "casedelete-js" : "casedelete-nojs");
      await signInWith(page, client.email, "/dashboard/case/new");
      await fillRequired(page, `Draft to delete ${Date.now()}`);
      await button(page, "actions.draft").click();
      await page.waitForURL(CASE_URL);
      const id = CASE_URL.exec(new URL(page.url()).pathname)?.[1] ?? "";

      await page.goto(`/dashboard/case/${id}/edit`);
      await waitForHydration(page);
      await page.getByRole(javaScriptEnabled ? "button" : "link", { name: form("delete.action") }).click();
      const dialog = page.getByRole(javaScriptEnabled ? "dialog" : "alertdialog");
      await expect(dialog).toContainText(form("delete.text"));
      expect(await caseRow(id)).toBeDefined();
      await dialog.getByRole("button", { name: form("delete.confirm"), exact: true }).click();
      await page.waitForURL("**/dashboard/case/list");
      await expect(page.getByText(form("flash.deleted"))).toBeVisible();
      expect(await caseRow(id)).toBeUndefined();
    });
  });
}

test.describe("case form refusals", () => {
  test("a lawyer sees no form on a client's open case, and a forged post changes nothing", async ({
    page,
  }) => {
    const open = await demoClientCase("open");
    await signInAs(page, "lawyer", `/dashboard/case/${open.id}/edit`);
    await expect(page.getByText(form("unavailable.notClient.title"))).toBeVisible();
    await expect(page.locator('[name="title"]')).toHaveCount(0);

    const response = await page.request.post(`/dashboard/case/${open.id}/edit`, {
      form: {
        intent: "save",
        title: "Taken over",
        description: "x",
        practice_area: "tax",
        jurisdiction: "X",
        priority: "low",
        currency: "USD",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`/dashboard/case/${open.id}`);
    expect(await caseRow(open.id)).toMatchObject({ title: open.title, status: "open" });
  });

  test("a client's engaged case is not editable, and a forged post changes nothing", async ({ page }) => {
    const engaged = await demoClientCase("engaged");
    await signInAs(page, "client", `/dashboard/case/${engaged.id}/edit`);
    await expect(page.getByText(form("unavailable.notEditable.title"))).toBeVisible();
    await expect(page.getByRole("link", { name: form("unavailable.openCase") })).toHaveAttribute(
      "href",
      `/dashboard/case/${engaged.id}`,
    );
    const response = await page.request.post(`/dashboard/case/${engaged.id}/edit`, {
      form: {
        intent: "save",
        title: "Changed after engagement",
        description: "x",
        practice_area: "tax",
        jurisdiction: "X",
        priority: "low",
        currency: "USD",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(await caseRow(engaged.id)).toMatchObject({ title: engaged.title, status: "engaged" });
  });

  test("an open case cannot be sent back to draft, and unknown ids are 404", async ({ page }) => {
    const open = await demoClientCase("open");
    await signInAs(page, "client", `/dashboard/case/${open.id}/edit`);
    const response = await page.request.post(`/dashboard/case/${open.id}/edit`, {
      form: {
        intent: "draft",
        title: "Back to draft",
        description: "",
        practice_area: "tax",
        jurisdiction: "X",
        priority: "low",
        currency: "USD",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await caseRow(open.id)).toMatchObject({ title: open.title, status: "open" });

    expect((await page.goto("/dashboard/case/not-a-case/edit"))?.status()).toBe(404);
    expect((await page.goto("/dashboard/case/00000000-0000-4000-8000-000000000000/edit"))?.status()).toBe(
      404,
    );
  });
});

test("JavaScript on: the form's validation loads on its first input, then the browser checks each field", async ({
  page,
}) => {
  // ADR 0019: zod and Conform's adapter are not part of the page; the first focus loads them.
  const scripts: string[] = [];
  let posts = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
    if (request.method() === "POST") posts += 1;
  });
  await signInAs(page, "client", "/dashboard/case/new");
  await waitForHydration(page);
  const validation = () => scripts.filter((url) => /\/assets\/zod-validation-[\w-]+\.js$/.test(url));
  expect(validation()).toEqual([]);
  posts = 0;

  const title = page.locator('[name="title"]');
  await title.focus();
  await expect.poll(() => validation().length).toBe(1);
  // Once the schema and the adapter are in (a moment after the download), a blur validates.
  await expect(async () => {
    await title.fill("x");
    await title.fill("");
    await title.blur();
    await expect(page.getByText(form("errors.titleRequired"))).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(title).toHaveAttribute("aria-invalid", "true");
  expect(posts).toBe(0);
});

test.describe("a case form sent twice creates one case", () => {
  const casesTitled = (title: string) =>
    backendRows<{ id: string }>("cases", `select=id&title=eq.${encodeURIComponent(title)}`);

  test("JavaScript on: while it is saving every button is disabled, and a double click is one case", async ({
    page,
  }) => {
    const client = await createTestUser("caseform-double-js");
    await signInWith(page, client.email, "/dashboard/case/new");
    const title = `Double click ${Date.now()}`;
    await fillRequired(page, title);
    await page.locator('[name="description"]').fill("My employer has not paid the last two months.");
    // The post takes its time, as on a slow connection: the second click comes while it saves.
    let posts = 0;
    await page.route("**/dashboard/case/new*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await button(page, "actions.publish").dblclick();
    await expect(button(page, "actions.publish")).toBeDisabled();
    await expect(button(page, "actions.draft")).toBeDisabled();
    // A click on the other button while saving (as a person would, 250 ms later) does nothing.
    await page.waitForTimeout(250);
    await button(page, "actions.draft").dispatchEvent("click");
    await page.waitForURL(CASE_URL);
    await expect(page.getByText(form("flash.published"))).toBeVisible();
    expect(posts).toBe(1);
    const rows = await casesTitled(title);
    expect(rows).toEqual([{ id: CASE_URL.exec(new URL(page.url()).pathname)?.[1] }]);
  });

  test.describe("JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("the same form posted twice answers both with the one case it created", async ({ page }) => {
      const client = await createTestUser("caseform-double-nojs");
      await signInWith(page, client.email, "/dashboard/case/new");
      const key = await page.locator('input[type="hidden"][name="idempotency_key"]').inputValue();
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      const title = `Posted twice ${Date.now()}`;
      const fields = {
        idempotency_key: key,
        title,
        description: "My employer has not paid the last two months.",
        practice_area: "employment",
        jurisdiction: "California",
        priority: "normal",
        currency: "USD",
      };
      // Two posts of one form (a double click without JavaScript), then the other button.
      const posts = await Promise.all([
        page.request.post("/dashboard/case/new", { form: { ...fields, intent: "publish" }, maxRedirects: 0 }),
        page.request.post("/dashboard/case/new", { form: { ...fields, intent: "publish" }, maxRedirects: 0 }),
      ]);
      const again = await page.request.post("/dashboard/case/new", {
        form: { ...fields, intent: "draft" },
        maxRedirects: 0,
      });
      const rows = await casesTitled(title);
      expect(rows).toHaveLength(1);
      for (const response of [...posts, again]) {
        expect(response.status()).toBe(302);
        expect(response.headers().location).toBe(`/dashboard/case/${rows[0]?.id}`);
      }
      expect(await caseRow(rows[0]?.id ?? "")).toMatchObject({ status: "open" });

      // A form without a key (not one this app rendered) is refused and creates nothing.
      const { idempotency_key: _key, ...withoutKey } = fields;
      const stale = await page.request.post("/dashboard/case/new", {
        form: { ...withoutKey, title: `${title} stale`, intent: "publish" },
        maxRedirects: 0,
      });
      expect(stale.status()).toBe(400);
      expect(await stale.text()).toContain(t("en", "errors", "staleForm"));
      expect(await casesTitled(`${title} stale`)).toEqual([]);

      // A fresh form has a fresh key.
      await page.goto("/dashboard/case/new");
      expect(await page.locator('input[name="idempotency_key"]').inputValue()).not.toBe(key);
    });
  });
});
