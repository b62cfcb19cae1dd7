import { expect, type Page, test } from "@playwright/test";
import { createTestUser, signInAs, signInWith, t, updateProfile } from "./support";

const sidebar = (page: Page) => page.getByTestId("dashboard-sidebar");
const newCase = t("en", "case-list", "overview.newCase");

test.describe("menus, buttons and filters follow the person's level", () => {
  test("a client gets New case, but neither the pipeline nor the template pages", async ({ page }) => {
    await signInAs(page, "client", "/dashboard/case");
    await expect(page.getByRole("link", { name: newCase })).toBeVisible();
    await expect(sidebar(page).locator('a[href="/dashboard/case/new"]')).toHaveCount(1);
    for (const path of ["/dashboard/case_management", "/dashboard/params", "/dashboard/blank"])
      await expect(sidebar(page).locator(`a[href="${path}"]`), path).toHaveCount(0);
  });

  test("the template pages refuse the levels their menu item is hidden from (the same rule)", async ({
    page,
  }) => {
    await signInAs(page, "lawyer", "/dashboard/params");
    await expect(page.getByTestId("dashboard-error")).toHaveAttribute("data-status", "403");
    await page.goto("/dashboard/blank");
    await expect(page.getByTestId("dashboard-error")).toHaveAttribute("data-status", "403");
  });

  test("a lawyer never gets New case: not in the menu, the case pages nor the quick links", async ({
    page,
  }) => {
    await signInAs(page, "lawyer");
    await expect(page.locator('a[href="/dashboard/case/new"]')).toHaveCount(0);
    await expect(sidebar(page).locator('a[href="/dashboard/case_management"]')).toHaveCount(1);
    for (const path of ["/dashboard/case", "/dashboard/case/list", "/dashboard/case_management"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator('a[href="/dashboard/case/new"]'), path).toHaveCount(0);
    }
  });

  test("the marketplace offers no status filter, as it lists open cases only", async ({ page }) => {
    await signInAs(page, "lawyer", "/dashboard/case/list?scope=marketplace");
    await expect(page.getByRole("search")).toBeVisible();
    await expect(page.getByTestId("status-filter")).toHaveCount(0);
    await page.goto("/dashboard/case/list?scope=mine");
    await expect(page.getByTestId("status-filter").getByRole("checkbox")).toHaveCount(6);
  });

  test("admins have the template pages in their menu", async ({ page }) => {
    await signInAs(page, "admin");
    await expect(sidebar(page).locator('a[href="/dashboard/params"]')).toHaveCount(1);
    await expect(sidebar(page).locator('a[href="/dashboard/blank"]')).toHaveCount(1);
    await expect(sidebar(page).locator('a[href="/dashboard/case/new"]')).toHaveCount(0);
    for (const path of ["/dashboard/params", "/dashboard/blank"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("dashboard-error"), path).toHaveCount(0);
    }
  });

  test("a new account is greeted Welcome, an older one Welcome back", async ({ page }) => {
    const person = await createTestUser("greeting");
    await updateProfile(person.id, { first_name: "Nadia" });
    await signInWith(page, person.email);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Nadia");
    await updateProfile(person.id, { created_at: new Date(Date.now() - 3 * 86_400_000).toISOString() });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Nadia");
  });
});

test.describe("the header shows the person's own workspace and plan", () => {
  test("a client: their personal space on Basic, an upgrade to Starter that leads to /pricing", async ({
    page,
  }) => {
    await signInAs(page, "client");
    const workspace = page.getByTestId("workspace");
    await expect(workspace).toContainText(t("en", "navbar", "shell.workspace.personal"));
    await expect(page.getByTestId("workspace-plan")).toContainText("Basic");
    await expect(workspace).not.toContainText("Brightline");
    const card = page.getByTestId("upgrade-card");
    await expect(card).toContainText("Upgrade to Starter");
    await expect(card.getByRole("link")).toHaveAttribute("href", "/pricing");
  });

  test("a Premium lawyer: their firm and plan, and no upgrade offer", async ({ page }) => {
    await signInAs(page, "lawyer");
    await expect(page.getByTestId("workspace")).toContainText("Hartwell & Okafor LLP");
    await expect(page.getByTestId("workspace-plan")).toContainText("Premium");
    await expect(page.getByTestId("upgrade-card")).toHaveCount(0);
    await expect(page.getByText("35% OFF")).toHaveCount(0);
  });

  test("the contacts button carries no alert-like count badge", async ({ page }) => {
    await signInAs(page, "firmadmin");
    const button = page.getByRole("button", { name: new RegExp(`^${t("en", "header", "contacts.open")}`) });
    await expect(button).toBeVisible();
    await expect(button).toHaveText("");
  });
});

test.describe("the dashboard search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's search is a link to a search page that lists pages with their section and cases", async ({
    page,
  }) => {
    await signInAs(page, "client");
    await page.getByRole("link", { name: t("en", "header", "search.open") }).click();
    await expect(page).toHaveURL(/\/dashboard\/search$/);
    await expect(page.getByText(t("en", "header", "search.enterKeywords"))).toBeVisible();

    const form = page.getByRole("search");
    await form.getByRole("searchbox").fill("proposals");
    await form.getByRole("button", { name: t("en", "navbar", "shell.search.submit") }).click();
    await expect(page).toHaveURL(/\/dashboard\/search\?q=proposals$/);
    await expect(page.getByTestId("search-pages").getByRole("link")).toHaveText([
      "Proposals › Overview",
      "Proposals › List",
    ]);

    await page.goto("/dashboard/search?q=custody");
    await expect(page.getByTestId("search-cases").getByRole("link")).toContainText([
      "CASE-2026-0001 · Custody schedule after separation",
    ]);
    await page.goto("/dashboard/search?q=zzqx");
    await expect(page.getByTestId("search-not-found")).toBeVisible();
  });

  test("finds only the person's own cases", async ({ page }) => {
    // The demo client has cases 1 to 8 (and whatever other tests open as them); case 9 is another client's.
    await signInAs(page, "client", "/dashboard/search?q=CASE-2026-000");
    const found = page.getByTestId("search-cases").getByRole("link");
    await expect(found.first()).toBeVisible();
    const references = (await found.allTextContents()).map((text) => text.slice(0, "CASE-2026-0000".length));
    expect(references).toEqual(
      expect.arrayContaining(Array.from({ length: 8 }, (_, i) => `CASE-2026-000${i + 1}`)),
    );
    expect(references).not.toContain("CASE-2026-0009");
    await page.goto("/dashboard/search?q=CASE-2026-0009");
    await expect(page.getByTestId("search-not-found")).toBeVisible();
    await expect(page.getByTestId("search-cases")).toHaveCount(0);
  });
});
