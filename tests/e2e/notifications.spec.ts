import { expect, type Page, test } from "@playwright/test";
import {
  backendRows,
  createNotification,
  createTestUser,
  insertNotifications,
  signInWith,
  t,
} from "./support";

const PAGE = "/dashboard/notification/NotificationsPage";
const PREFERENCES = "/dashboard/notification/NotificationPreferences";

const count = (page: Page, tab: string) => page.getByTestId(`count-${tab}`);
const list = (page: Page) => page.getByTestId("notifications-list");
const row = (page: Page, text: string) => list(page).getByRole("listitem").filter({ hasText: text });

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
    ["markRead", "errors.markReadFailed"],
    ["delete", "errors.deleteFailed"],
  ] as const) {
    const response = await page.request.post(PAGE, {
      form: { intent, id: theirs, returnTo: PAGE },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    await page.goto(response.headers().location ?? PAGE);
    await expect(page.getByText(t("en", "notifications", message))).toBeVisible();
  }
  const rows = await backendRows<{ is_unread: boolean }>("notifications", `id=eq.${theirs}&select=is_unread`);
  expect(rows).toEqual([{ is_unread: true }]);
});
