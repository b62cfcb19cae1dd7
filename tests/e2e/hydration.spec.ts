import { expect, type Page, test } from "@playwright/test";
import { openCaseOfNewClient } from "./proposals-support";
import {
  backendRows,
  collectErrors,
  cookieValue,
  createTestUser,
  insertNotifications,
  signInWith,
  t,
  waitForHydration,
} from "./support";

/**
 * Input given before React takes the page over (issue 19 item 8, ADR 0013), as on a slow
 * connection: the page's scripts are held back, the person acts on the server-rendered page, then
 * the scripts arrive. Whatever they did must have taken effect: a native form posted, or a control
 * they changed kept (and applied) once React owns it.
 */

const PREFERENCES = "/dashboard/notification/NotificationPreferences";
const NOTIFICATIONS = "/dashboard/notification/NotificationsPage";

/**
 * Holds every script of the app (`/assets/*.js`) until `release()`; later scripts pass at once.
 * A script of a page the browser has since left is dropped by the browser: nothing to release.
 */
async function holdScripts(page: Page) {
  let holding = true;
  const held: (() => Promise<void>)[] = [];
  await page.route("**/assets/*.js", async (route) => {
    if (!holding) return route.continue();
    held.push(() => route.continue().catch(() => undefined));
  });
  return {
    async release() {
      holding = false;
      await Promise.all(held.splice(0).map((resume) => resume()));
      await waitForHydration(page);
    },
  };
}

/** Nothing React has hydrated yet: the test acts on the server's HTML alone. */
async function expectNotHydrated(page: Page) {
  const hydrated = await page.evaluate(() =>
    Object.keys(document.querySelector("h1") ?? document.body).some((key) => key.startsWith("__reactFiber$")),
  );
  expect(hydrated).toBe(false);
}

test("a preference switched before hydration stays switched and is what Save stores", async ({ page }) => {
  const errors = collectErrors(page);
  const user = await createTestUser("hydration-prefs");
  await signInWith(page, user.email);
  const scripts = await holdScripts(page);
  await page.goto(PREFERENCES, { waitUntil: "domcontentloaded" });
  const toggle = page.getByRole("switch", {
    name: t("en", "notifications", "preferences.toggle")
      .replace("{{type}}", t("en", "notifications", "types.payment"))
      .replace("{{medium}}", t("en", "notifications", "media.in_app")),
  });
  await expect(toggle).toBeChecked();
  await expectNotHydrated(page);
  await toggle.locator("xpath=ancestor::label[1]").click();
  await expect(toggle).not.toBeChecked();

  await scripts.release();
  // React now owns the switch: it keeps the person's choice through re-renders and saves it.
  await expect(toggle).not.toBeChecked();
  await page.getByRole("button", { name: t("en", "notifications", "preferences.save") }).click();
  await expect(page.getByText(t("en", "notifications", "preferences.saved"))).toBeVisible();
  const [stored] = await backendRows<{ enabled: boolean }>(
    "user_notification_preferences",
    `user_id=eq.${user.id}&notification_type=eq.payment&medium=eq.in_app&select=enabled`,
  );
  expect(stored?.enabled).toBe(false);
  await page.reload();
  await expect(toggle).not.toBeChecked();
  expect(errors).toEqual([]);
});

test("a setting switched before hydration applies once the page is live", async ({ page }) => {
  const user = await createTestUser("hydration-settings");
  await signInWith(page, user.email);
  const scripts = await holdScripts(page);
  await page.goto("/dashboard?panel=settings", { waitUntil: "domcontentloaded" });
  const darkMode = page.getByRole("switch", { name: t("en", "common", "settings.darkMode") });
  await expect(darkMode).not.toBeChecked();
  await expectNotHydrated(page);
  await darkMode.locator("xpath=ancestor::label[1]").click();

  await scripts.release();
  // With JavaScript a setting applies as it changes (the drawer has no Apply button then).
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expect(darkMode).toBeChecked();
  await expect.poll(() => cookieValue(page, "app-settings")).toContain("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
});

test("a language chosen before hydration is the page's language", async ({ page }) => {
  const user = await createTestUser("hydration-language");
  await signInWith(page, user.email);
  const scripts = await holdScripts(page);
  await page.goto(NOTIFICATIONS, { waitUntil: "domcontentloaded" });
  await expectNotHydrated(page);
  await page.getByLabel(t("en", "common", "language.label")).click();
  await page.getByRole("button", { name: "Français" }).click();
  // The menu is a form: the browser posts it and comes back to the page, now in French.
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await scripts.release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "notifications", "title"));
});

test("a notification marked read before hydration is read", async ({ page }) => {
  const user = await createTestUser("hydration-read");
  const [id = ""] = await insertNotifications(user.id, [{ title: "Hearing moved to Monday" }]);
  await signInWith(page, user.email);
  const scripts = await holdScripts(page);
  await page.goto(NOTIFICATIONS, { waitUntil: "domcontentloaded" });
  await expectNotHydrated(page);
  await page
    .getByTestId("notifications-list")
    .getByRole("listitem")
    .filter({ hasText: "Hearing moved to Monday" })
    .getByRole("button", { name: t("en", "notifications", "actions.view") })
    .click();
  await expect
    .poll(
      async () =>
        (await backendRows<{ is_unread: boolean }>("notifications", `id=eq.${id}&select=is_unread`))[0],
    )
    .toEqual({ is_unread: false });
  await scripts.release();
});

test("a case cancelled before hydration is cancelled", async ({ page }) => {
  const { client, caseId } = await openCaseOfNewClient("Hydration");
  await signInWith(page, client.email);
  const scripts = await holdScripts(page);
  await page.goto(`/dashboard/case/${caseId}`, { waitUntil: "domcontentloaded" });
  await expectNotHydrated(page);
  const detail = (key: string) => t("en", "case-detail", key);
  // Until hydration the button that asks first is a link to the step, rendered by the server.
  await page
    .getByTestId("case-actions")
    .getByRole("link", { name: detail("actions.cancelled") })
    .click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: detail("actions.confirm.cancelled.submit") })
    .click();
  await expect(page.getByTestId("case-status")).toHaveText(t("en", "cases", "status.cancelled"));
  const [stored] = await backendRows<{ status: string }>("cases", `id=eq.${caseId}&select=status`);
  expect(stored?.status).toBe("cancelled");
  await scripts.release();
});
