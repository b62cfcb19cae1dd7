import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  ARABIC,
  backendRows,
  createTestUser,
  DEMO_ACCOUNTS,
  signInAs,
  signInWith,
  t,
  updateProfile,
} from "./support";

/** The permission page and the account page (issue 21, items 3, 5 and 6; ADR 0025). */

const sidebar = (page: Page) => page.getByTestId("dashboard-sidebar");
const ACCOUNT = "/dashboard/lawyer_user/account";

async function levelOf(id: string): Promise<string | undefined> {
  const [row] = await backendRows<{ access_level: string }>("users", `uuid=eq.${id}&select=access_level`);
  return row?.access_level;
}

/** The person's menu, seen in a browser of their own. */
async function menuOf(browser: Browser, email: string): Promise<{ account: number; permission: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWith(page, email);
  const menu = {
    account: await sidebar(page).locator(`a[href="${ACCOUNT}"]`).count(),
    permission: await sidebar(page).locator('a[href="/dashboard/permission"]').count(),
  };
  await context.close();
  return menu;
}

test.describe("who opens the permission page", () => {
  for (const account of ["client", "lawyer", "firmadmin"] as const) {
    test(`a ${account} gets the dashboard's 403 page, and no menu item`, async ({ page }) => {
      await signInAs(page, account);
      await expect(sidebar(page).locator('a[href="/dashboard/permission"]')).toHaveCount(0);
      await page.goto("/dashboard/permission");
      await expect(page.getByTestId("dashboard-error")).toHaveAttribute("data-status", "403");
    });
  }

  test("an admin sees people, the matrix from the access model and the history", async ({ page }) => {
    await signInAs(page, "admin", "/dashboard/permission");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "permissions", "title"));
    await expect(page.getByTestId("permission-people").locator("tbody tr").first()).toBeVisible();
    const matrix = page.getByTestId("permission-matrix");
    await expect(matrix.locator('[data-ability="seesPermissionPage"] [data-level="admin"]')).toHaveAttribute(
      "data-allowed",
      "true",
    );
    await expect(matrix.locator('[data-ability="seesPermissionPage"] [data-level="lawyer"]')).toHaveAttribute(
      "data-allowed",
      "false",
    );
    // Searching by e-mail keeps the search in the address.
    await page.getByRole("searchbox", { name: t("en", "permissions", "people.search") }).fill("lawyer@demo");
    await page
      .getByTestId("permission-page")
      .getByRole("button", { name: t("en", "permissions", "people.searchSubmit"), exact: true })
      .click();
    await expect(page).toHaveURL(/q=lawyer%40demo/, { timeout: 20_000 });
    await expect(page.getByTestId("permission-people").locator("tbody tr")).toHaveCount(1);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`changing a level, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an admin makes a lawyer a firm admin after confirming, and that person's menu changes", async ({
      page,
      browser,
    }) => {
      const lawyer = await createTestUser(`promoted-${javaScriptEnabled}`, "lawyer");
      await updateProfile(lawyer.id, { first_name: "Promoted", last_name: `Lawyer ${javaScriptEnabled}` });
      expect(await menuOf(browser, lawyer.email)).toEqual({ account: 0, permission: 0 });

      await signInAs(page, "admin", `/dashboard/permission?q=${encodeURIComponent(lawyer.email)}`);
      const row = page.getByTestId("permission-people").locator(`tr[data-email="${lawyer.email}"]`);
      await row.getByRole("combobox", { name: /Access level of/ }).selectOption("lawyer_admin");
      await row.getByRole("button", { name: t("en", "permissions", "people.changeSubmit") }).click();

      // Nothing is written before the confirmation.
      const confirm = page.getByTestId("permission-confirm");
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText(t("en", "permissions", "levels.lawyer_admin"));
      expect(await levelOf(lawyer.id)).toBe("lawyer");

      await page.getByTestId("permission-confirm-submit").click();
      // The row first (it stays), then the database; the toast may come and go on a busy machine.
      await expect(row.getByTestId("permission-level")).toHaveText(
        t("en", "permissions", "levels.lawyer_admin"),
        {
          timeout: 20_000,
        },
      );
      expect(await levelOf(lawyer.id)).toBe("lawyer_admin");
      await expect(page.getByTestId("permission-history")).toContainText(
        `Promoted Lawyer ${javaScriptEnabled}`,
      );

      expect(await menuOf(browser, lawyer.email)).toEqual({ account: 1, permission: 0 });
    });

    test("a forged post promoting oneself is refused with a clear message and changes nothing", async ({
      page,
    }) => {
      const admin = await createTestUser(`forger-${javaScriptEnabled}`, "admin");
      await signInWith(page, admin.email, "/dashboard/permission");
      // The confirmation's form, pointed at oneself: what a hand-made request would send.
      const response = await page.request.post("/dashboard/permission", {
        form: { userId: admin.id, accessLevel: "super_user", lawFirm: "none" },
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      await page.goto("/dashboard/permission");
      await expect(
        page.getByRole("alert").filter({ hasText: t("en", "errors", "user.ownPrivileges") }),
      ).toBeVisible();
      expect(await levelOf(admin.id)).toBe("admin");

      // An admin making an admin: refused by the database, with its own message.
      const lawyer = await createTestUser(`not-an-admin-${javaScriptEnabled}`, "lawyer");
      await page.request.post("/dashboard/permission", {
        form: { userId: lawyer.id, accessLevel: "admin", lawFirm: "none" },
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      await page.goto("/dashboard/permission");
      await expect(
        page.getByRole("alert").filter({ hasText: t("en", "errors", "user.privilegesBySuperUser") }),
      ).toBeVisible();
      expect(await levelOf(lawyer.id)).toBe("lawyer");
    });
  });
}

test("the permission page in Arabic", async ({ page }) => {
  await signInAs(page, "superuser", "/dashboard/permission?lng=ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("ar", "permissions", "title"));
  await expect(page.getByTestId("permission-matrix")).toContainText(
    t("ar", "permissions", "levels.super_user"),
  );
  await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(ARABIC);
  // On a phone the tables scroll inside their sheets; the page itself never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  await expect(page.getByTestId("permission-matrix")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe("the account page", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`tabs are links and the general form saves, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const person = await createTestUser(`account-${javaScriptEnabled}`, "user");
      await signInWith(page, person.email, ACCOUNT);
      await page.getByLabel(t("en", "account", "general.firstName")).fill("Grace");
      await page.getByLabel(t("en", "account", "general.lastName")).fill("Hopper");
      await page.getByTestId("account-general-submit").click();
      await expect(
        page.getByRole("status").filter({ hasText: t("en", "account", "general.saved") }),
      ).toBeVisible();
      const [row] = await backendRows<{ first_name: string }>(
        "users",
        `uuid=eq.${person.id}&select=first_name`,
      );
      expect(row?.first_name).toBe("Grace");

      await page.getByRole("link", { name: t("en", "account", "tabs.sessions") }).click();
      await expect(page).toHaveURL(/tab=sessions/);
      await page.getByTestId("account-sign-out-others").click();
      await expect(
        page.getByRole("status").filter({ hasText: t("en", "account", "sessions.done") }),
      ).toBeVisible();
      await context.close();
    });
  }

  test("a wrong current password changes nothing and says so", async ({ page }) => {
    const person = await createTestUser("account-password", "lawyer");
    await signInWith(page, person.email, `${ACCOUNT}?tab=security`);
    await page.getByLabel(t("en", "account", "security.currentPassword")).fill("Not-The-Password-1");
    await page
      .getByRole("textbox", { name: t("en", "account", "security.newPassword"), exact: true })
      .fill("New-Password-123");
    await page.getByLabel(t("en", "account", "security.confirmPassword")).fill("New-Password-123");
    await page.getByRole("button", { name: t("en", "account", "security.passwordSubmit") }).click();
    await expect(page.getByText(t("en", "errors", "account.wrongPassword"))).toBeVisible();
  });

  test("the demo accounts keep their menu of spec §6", async ({ browser }) => {
    expect(await menuOf(browser, DEMO_ACCOUNTS.client.email)).toEqual({ account: 0, permission: 0 });
    expect(await menuOf(browser, DEMO_ACCOUNTS.firmadmin.email)).toEqual({ account: 1, permission: 0 });
    expect(await menuOf(browser, DEMO_ACCOUNTS.admin.email)).toEqual({ account: 1, permission: 1 });
  });
});
