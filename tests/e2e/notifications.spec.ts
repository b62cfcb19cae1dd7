import { expect, type Page, test } from "@playwright/test";
import {
  BACKEND_URL,
  backendRows,
  createNotification,
  createTestUser,
  DEMO_ACCOUNTS,
  insertNotifications,
  proposeAs,
  signInWith,
  t,
} from "./support";

const PAGE = "/dashboard/notification/NotificationsPage";
const PREFERENCES = "/dashboard/notification/NotificationPreferences";

const count = (page: Page, tab: string) => page.getByTestId(`count-${tab}`);
const list = (page: Page) => page.getByTestId("notifications-list");
const row = (page: Page, text: string) => list(page).getByRole("listitem").filter({ hasText: text });

/** The Supabase CLI's default service_role key (as in support.ts): test data written as the system. */
const SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

async function insertAsSystem<Row>(table: string, row: object): Promise<Row[]> {
  const response = await fetch(`${BACKEND_URL}/rest/v1/${table}`, {
    method: "POST",
    headers: {
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      "Content-Type": "application/json",
      Prefer: "return=representation",
    },
    body: JSON.stringify(row),
  });
  if (!response.ok) throw new Error(`${table}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Row[];
}

/** A person of their own with a known set of notifications (plus the welcome of their first sign-in). */
async function personWithNotifications(label: string) {
  const user = await createTestUser(label);
  await insertNotifications(user.id, [
    { title: "Hearing <b>moved</b> to Friday", type: "appointment" },
    { title: "Invoice INV-1 paid", type: "payment", is_unread: false },
    { title: "Old case note", type: "case_update", category: "Archived", is_unread: false },
  ]);
  return user;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`notifications page, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("tab counts, mark read, mark all read and delete with confirmation", async ({ page }) => {
      const user = await personWithNotifications(javaScriptEnabled ? "js" : "nojs");
      await signInWith(page, user.email, PAGE);
      // 3 inserted + the welcome notification of the first sign-in.
      await expect(count(page, "all")).toHaveText("4");
      await expect(count(page, "unread")).toHaveText("2");
      await expect(count(page, "archived")).toHaveText("1");
      await expect(row(page, "Hearing moved to Friday").locator("b")).toHaveText("moved");

      await row(page, "Hearing moved")
        .getByRole("button", { name: t("en", "notifications", "actions.view") })
        .click();
      await expect(count(page, "unread")).toHaveText("1");

      await page.getByRole("button", { name: t("en", "notifications", "actions.markAllRead") }).click();
      await expect(count(page, "unread")).toHaveText("0");

      await page.getByRole("link", { name: t("en", "notifications", "tabs.archived") }).click();
      await expect(list(page).getByRole("listitem")).toHaveCount(1);
      await row(page, "Old case note")
        .getByRole("link", { name: t("en", "notifications", "actions.delete") })
        .click();
      // A modal dialog with JavaScript; without it, a confirmation step in place.
      const dialog = page.getByRole(javaScriptEnabled ? "dialog" : "alertdialog", {
        name: t("en", "notifications", "delete.title"),
      });
      await expect(dialog).toContainText(t("en", "notifications", "delete.text"));
      await dialog.getByRole("button", { name: t("en", "notifications", "delete.confirm") }).click();
      await expect(page.getByText(t("en", "notifications", "empty"))).toBeVisible();
      await expect(count(page, "all")).toHaveText("3");
      await expect(count(page, "archived")).toHaveText("0");
    });
  });
}

test("cancelling the confirmation deletes nothing", async ({ page }) => {
  const user = await personWithNotifications("cancel");
  await signInWith(page, user.email, PAGE);
  await row(page, "Invoice INV-1 paid")
    .getByRole("link", { name: t("en", "notifications", "actions.delete") })
    .click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: t("en", "notifications", "delete.cancel") })
    .click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.reload();
  await expect(count(page, "all")).toHaveText("4");
});

test("filters by type and paginates", async ({ page }) => {
  const user = await createTestUser("pages");
  await insertNotifications(
    user.id,
    Array.from({ length: 12 }, (_, index) => ({ title: `Payment ${index + 1} received`, type: "payment" })),
  );
  await signInWith(page, user.email, `${PAGE}?type=payment`);
  await expect(count(page, "all")).toHaveText("12");
  await expect(list(page).getByRole("listitem")).toHaveCount(10);
  await page
    .getByRole("link", { name: t("en", "table", "pagination.goToPage").replace("{{page}}", "2") })
    .click();
  await expect(page).toHaveURL(/type=payment&page=2|page=2&type=payment/);
  await expect(list(page).getByRole("listitem")).toHaveCount(2);
});

test("the bell drawer shows tab counts and marks a notification read", async ({ page }) => {
  const user = await personWithNotifications("bell");
  await signInWith(page, user.email);
  await page.getByTestId("notifications-bell").click();
  const drawer = page.getByRole("dialog", { name: t("en", "notifications", "title") });
  await expect(drawer.getByTestId("bell-count-unread")).toHaveText("2");
  await drawer.getByRole("link", { name: new RegExp(t("en", "notifications", "tabs.archived")) }).click();
  await expect(drawer.getByTestId("bell-list").getByRole("listitem")).toHaveCount(1);
  await drawer.getByRole("link", { name: new RegExp(t("en", "notifications", "tabs.unread")) }).click();
  await drawer.getByRole("listitem").filter({ hasText: "Hearing moved" }).getByRole("button").click();
  await expect(drawer.getByTestId("bell-count-unread")).toHaveText("1");
});

test("a notification for the signed-in person appears live within 2 s; one for someone else never does", async ({
  page,
}) => {
  const me = await createTestUser("live");
  const someoneElse = await createTestUser("other");
  await signInWith(page, me.email, PAGE);
  await expect(count(page, "all")).toHaveText("1");
  // Let the socket join before inserting.
  await page.waitForTimeout(1000);
  await insertNotifications(someoneElse.id, [{ title: "Not for you", type: "payment" }]);
  await insertNotifications(me.id, [{ title: "Fresh case update", type: "case_update" }]);
  await expect(row(page, "Fresh case update")).toBeVisible({ timeout: 2000 });
  await expect(count(page, "all")).toHaveText("2");
  await expect(count(page, "unread")).toHaveText("2");
  await expect(page.getByTestId("notifications-bell")).toContainText("2");
  await page.waitForTimeout(500);
  await expect(page.getByText("Not for you")).toHaveCount(0);
});

test("a title carrying a script or an onerror attribute renders inert", async ({ page }) => {
  const user = await createTestUser("xss");
  await insertNotifications(user.id, [
    {
      title: `Hello <img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">link</a>`,
    },
  ]);
  await signInWith(page, user.email, PAGE);
  const item = row(page, "Hello");
  await expect(item).toBeVisible();
  await expect(item.locator("img, script")).toHaveCount(0);
  expect(await item.getByText("link", { exact: true }).getAttribute("href")).toBeNull();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  // And live, through the browser's sanitiser.
  await page.waitForTimeout(1000);
  await insertNotifications(user.id, [{ title: `Live <img src=x onerror="window.__xss=4"> one` }]);
  await expect(row(page, "Live")).toBeVisible({ timeout: 2000 });
  await expect(row(page, "Live").locator("img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

for (const javaScriptEnabled of [true, false]) {
  test(`preferences round-trip and the in-app switch stops new notifications (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const user = await createTestUser("prefs");
    await signInWith(page, user.email, PREFERENCES);
    const toggle = (type: string, medium: string) =>
      page.getByRole("switch", {
        name: t("en", "notifications", "preferences.toggle")
          .replace("{{type}}", t("en", "notifications", `types.${type}`))
          .replace("{{medium}}", t("en", "notifications", `media.${medium}`)),
      });
    await expect(toggle("payment", "in_app")).toBeChecked();
    await expect(toggle("payment", "email")).not.toBeChecked();
    await toggle("payment", "in_app").locator("xpath=ancestor::label[1]").click();
    await toggle("payment", "email").locator("xpath=ancestor::label[1]").click();
    await page.getByRole("button", { name: t("en", "notifications", "preferences.save") }).click();
    await expect(page.getByText(t("en", "notifications", "preferences.saved"))).toBeVisible();
    await page.reload();
    await expect(toggle("payment", "in_app")).not.toBeChecked();
    await expect(toggle("payment", "email")).toBeChecked();
    await expect(toggle("appointment", "in_app")).toBeChecked();

    expect(await createNotification(user.id, "payment", "Payment received")).toBeNull();
    expect(await createNotification(user.id, "appointment", "Meeting booked")).not.toBeNull();
    await page.goto(PAGE);
    await expect(row(page, "Meeting booked")).toBeVisible();
    await expect(page.getByText("Payment received")).toHaveCount(0);
    await context.close();
  });
}

test("a hand-made form post on someone else's notification fails with the catalogue's message and changes nothing", async ({
  page,
  baseURL,
}) => {
  const me = await createTestUser("forger");
  const victim = await createTestUser("victim");
  const [theirs = ""] = await insertNotifications(victim.id, [
    { title: "Private matter", type: "case_update" },
  ]);
  await signInWith(page, me.email, PAGE);
  for (const [intent, message] of [
    ["markRead", "notification.markReadFailed"],
    ["delete", "notification.deleteFailed"],
  ] as const) {
    const response = await page.request.post(PAGE, {
      form: { intent, id: theirs, returnTo: PAGE },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    await page.goto(response.headers().location ?? PAGE);
    await expect(page.getByText(t("en", "errors", message))).toBeVisible();
  }
  const rows = await backendRows<{ is_unread: boolean }>("notifications", `id=eq.${theirs}&select=is_unread`);
  expect(rows).toEqual([{ is_unread: true }]);
});

// ---------------------------------------------------------------------------------------------
// Issue 18: notifications in the reader's language that lead somewhere (2), live updates of the
// page (3), failures kept in place (4), the drawer without JavaScript (12).

/** A fresh client with an open case of their own, and the demo lawyer's id. */
async function clientWithOpenCase(label: string) {
  const client = await createTestUser(label);
  const [lawyer] = await backendRows<{ uuid: string }>(
    "users",
    `select=uuid&email=eq.${encodeURIComponent(DEMO_ACCOUNTS.lawyer.email)}`,
  );
  const [created] = await insertAsSystem<{ id: string; reference: string }>("cases", {
    title: `Deposit kept ${Date.now()}`,
    description: "The landlord kept the whole deposit.",
    practice_area: "employment",
    jurisdiction: "Oregon",
    status: "open",
    client_id: client.id,
    budget_min: 500,
    budget_max: 1500,
    currency: "USD",
  });
  if (!created || !lawyer) throw new Error("no case or no lawyer");
  return { client, caseId: created.id, reference: created.reference, lawyerId: lawyer.uuid };
}

for (const javaScriptEnabled of [true, false]) {
  test(`a notification renders in the reader's language and its View button marks it read and opens its case (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const { client, caseId, reference, lawyerId } = await clientWithOpenCase("view-link");
    await proposeAs(lawyerId, caseId, 1100);
    await signInWith(page, client.email, PAGE);
    const item = row(page, reference);
    await expect(item).toContainText("New proposal from");

    // In Arabic the same row reads in Arabic (the stored title is only the English fallback).
    await page.request.post("/api/language", {
      form: { lng: "ar" },
      headers: { Origin: new URL(page.url()).origin },
    });
    await page.goto(PAGE);
    await expect(item).toContainText("عرض جديد من");
    const [stored] = await backendRows<{ locale: string }>("users", `select=locale&uuid=eq.${client.id}`);
    expect(stored?.locale).toBe("ar");

    await item.getByRole("button", { name: t("ar", "notifications", "actions.view") }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/case/${caseId}`);
    const [notification] = await backendRows<{ is_unread: boolean }>(
      "notifications",
      `select=is_unread&user_id=eq.${client.id}&event=eq.proposal_submitted`,
    );
    expect(notification).toEqual({ is_unread: false });
    await context.close();
  });
}

test("clicking a notification in the bell's drawer marks it read and opens what it is about", async ({
  page,
}) => {
  const { client, caseId, reference, lawyerId } = await clientWithOpenCase("bell-link");
  await proposeAs(lawyerId, caseId, 1300);
  await signInWith(page, client.email);
  await page.getByTestId("notifications-bell").click();
  const drawer = page.getByRole("dialog", { name: t("en", "notifications", "title") });
  const item = drawer.getByRole("listitem").filter({ hasText: reference });
  await expect(item).toBeVisible();
  await item.getByText("New proposal from").click();
  await page.waitForURL((url) => url.pathname === `/dashboard/case/${caseId}`);
  const [notification] = await backendRows<{ is_unread: boolean }>(
    "notifications",
    `select=is_unread&user_id=eq.${client.id}&event=eq.proposal_submitted`,
  );
  expect(notification).toEqual({ is_unread: false });
});

test("a live proposal refreshes the open case page and the overview's counts, with a toast", async ({
  page,
}) => {
  const { client, caseId, reference, lawyerId } = await clientWithOpenCase("live-case");
  await signInWith(page, client.email, `/dashboard/case/${caseId}`);
  await expect(page.getByTestId("case-proposals")).toContainText(
    t("en", "case-detail", "proposals.noneReceived"),
  );
  // Let the socket join before the proposal.
  await page.waitForTimeout(2000);
  const proposalId = await proposeAs(lawyerId, caseId, 2100);
  await expect(
    page.getByTestId("case-proposals").locator(`[data-proposal-id="${proposalId}"]`).first(),
  ).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: reference })).toBeVisible();

  await page.goto("/dashboard");
  const stat = (key: string) =>
    page.getByText(t("en", "dashboard", `stats.${key}`), { exact: true }).locator("xpath=..");
  await expect(stat("unread")).toContainText("2");
  await page.waitForTimeout(1000);
  await insertNotifications(client.id, [{ title: "Hearing set for Monday", type: "appointment" }]);
  // The bell and the overview agree, without a reload.
  await expect(page.getByTestId("notifications-bell")).toContainText("3", { timeout: 5000 });
  await expect(stat("unread")).toContainText("3");
  await expect(stat("total")).toContainText("3");
});

for (const failure of ["a 500", "a lost connection"] as const) {
  test(`${failure} on mark-as-read or delete shows the catalogue's message in place and keeps the page`, async ({
    page,
  }) => {
    const user = await personWithNotifications("fail");
    await signInWith(page, user.email, PAGE);
    await page.route(
      (url) => url.pathname.startsWith("/dashboard/notification/NotificationsPage"),
      (route) =>
        route.request().method() !== "POST"
          ? route.fallback()
          : failure === "a 500"
            ? route.fulfill({ status: 500, body: "Internal Server Error" })
            : route.abort("connectionreset"),
    );
    await row(page, "Hearing moved")
      .getByRole("button", { name: t("en", "notifications", "actions.view") })
      .click();
    await expect(row(page, "Hearing moved")).toContainText(t("en", "errors", "notification.markReadFailed"));
    await expect(list(page)).toBeVisible();
    await expect(count(page, "unread")).toHaveText("2");

    await row(page, "Invoice INV-1 paid")
      .getByRole("link", { name: t("en", "notifications", "actions.delete") })
      .click();
    const dialog = page.getByRole("dialog", { name: t("en", "notifications", "delete.title") });
    await dialog.getByRole("button", { name: t("en", "notifications", "delete.confirm") }).click();
    await expect(dialog).toContainText(t("en", "errors", "notification.deleteFailed"));
    await expect(list(page)).toBeVisible();
    await expect(count(page, "all")).toHaveText("4");
  });
}

test.describe("the bell's drawer without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("its tabs are styled as tabs, not links run together", async ({ page }) => {
    const user = await personWithNotifications("nojs-drawer");
    await signInWith(page, user.email, "/dashboard?panel=notifications");
    const tabs = page.getByRole("navigation", { name: t("en", "notifications", "page.tabs") });
    await expect(tabs).toHaveCSS("display", "flex");
    const first = tabs.getByRole("link").first();
    await expect(first).toHaveCSS("min-height", "44px");
    await expect(first).toHaveCSS("text-decoration-line", "none");
    await page.screenshot({ path: test.info().outputPath("drawer-without-javascript.png") });
  });
});
