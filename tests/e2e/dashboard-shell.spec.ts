import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { dashboardNavFor } from "~/features/dashboard/nav-config";
import type { AccessLevel } from "~/lib/access";
import type { NavItem } from "~/lib/navigation/nav";
import { DEMO_ACCOUNTS, signInAs, t, waitForHydration } from "./support";

const nav = (page: Page) => page.getByTestId("dashboard-sidebar").getByRole("navigation");

/** Every title (and sub-title) the navigation model gives an access level, in English. */
function expectedTitles(accessLevel: AccessLevel): string[] {
  const titles = (items: readonly NavItem[]): string[] =>
    items.flatMap((item) => [t("en", "navbar", item.title), ...titles(item.children ?? [])]);
  return dashboardNavFor(accessLevel).flatMap((group) => titles(group.items));
}

/** The texts of the links and disclosure headings of the open sidebar. */
async function sidebarTitles(page: Page): Promise<string[]> {
  await page.locator("details").evaluateAll((all) => {
    for (const details of all as HTMLDetailsElement[]) details.open = true;
  });
  return nav(page)
    .locator("a, summary")
    .evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? "").trim()).filter(Boolean));
}

test.describe("the dashboard shell", () => {
  for (const [account, { accessLevel }] of Object.entries(DEMO_ACCOUNTS)) {
    test(`${account} (${accessLevel}) sees the menu of their access level and no other`, async ({ page }) => {
      await signInAs(page, account as keyof typeof DEMO_ACCOUNTS);
      const expected = expectedTitles(accessLevel);
      expect(expected.length).toBeGreaterThan(0);
      expect(await sidebarTitles(page)).toEqual(expected);
      // The model's role-restricted pages never show to a level they are not for.
      const hidden = ["/dashboard/permission", "/dashboard/lawyer_user/new"];
      for (const path of hidden) {
        const allowed = dashboardNavFor(accessLevel).some((group) =>
          JSON.stringify(group.items).includes(`"${path}"`),
        );
        await expect(nav(page).locator(`a[href="${path}"]`)).toHaveCount(allowed ? 1 : 0);
      }
    });
  }

  test("Cmd+K finds pages by section and page words in any form, with their section, and the person's cases", async ({
    page,
  }) => {
    // Five server round trips, the first loading the search's code: a busy machine needs more than 60 s.
    test.slow();
    await signInAs(page, "client");
    await page.keyboard.press("ControlOrMeta+k");
    const dialog = page.getByRole("dialog");
    const search = dialog.getByRole("textbox");
    await expect(search).toBeFocused();
    await expect(page.getByText(t("en", "header", "search.enterKeywords"))).toBeVisible();
    // The server answers once typing pauses (its first answer also loads the search's code).
    const type = async (q: string) => {
      const answer = page.waitForResponse(
        (response) => response.url().includes(`/dashboard/search.data?q=${q}&`),
        { timeout: 30_000 },
      );
      await search.fill(q);
      await answer;
    };
    const notFound = page.getByText(t("en", "header", "search.notFound"), { exact: true });
    await type("zzqx");
    await expect(notFound).toBeVisible({ timeout: 20_000 });
    // Plurals and sections: "Cases" and "Proposals" find the pages of those sections, labelled with it.
    await search.fill("Cases");
    await expect(dialog.getByRole("button", { name: /^Cases › List/ })).toBeVisible();
    await search.fill("proposals");
    await expect(dialog.getByRole("button", { name: /^Proposals › List/ })).toBeVisible();
    // A template page is not the client's: nothing found.
    await type("params");
    await expect(notFound).toBeVisible({ timeout: 20_000 });
    // The person's own case, by its reference, from the server.
    await type("CASE-2026-0001");
    const found = dialog.getByTestId("search-case");
    await expect(found).toHaveCount(1, { timeout: 20_000 });
    await expect(found).toContainText("Custody schedule after separation");
    await found.click();
    await expect(page).toHaveURL(/\/dashboard\/case\/[0-9a-f-]{36}$/);
  });

  test("switches between the vertical, mini and horizontal layouts", async ({ page }) => {
    await signInAs(page, "lawyer");
    const sidebar = page.getByTestId("dashboard-sidebar");
    expect((await sidebar.boundingBox())?.width).toBe(300);

    const saved = page.waitForResponse((response) => response.url().includes("/api/settings"));
    await page.getByRole("button", { name: t("en", "navbar", "shell.collapseNav") }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(88);
    await saved;
    await page.reload();
    expect((await sidebar.boundingBox())?.width).toBe(88);
    await waitForHydration(page);

    await page.getByRole("link", { name: t("en", "common", "settings.open") }).click();
    // Clicking the label waits for the drawer's slide-in to finish.
    const drawer = page.getByRole("dialog");
    await drawer.getByText(t("en", "common", "settings.navLayouts.horizontal"), { exact: true }).click();
    await expect(sidebar).toHaveCount(0);
    const bar = page.getByTestId("dashboard-hbar");
    await expect(bar).toBeVisible();
    expect((await bar.boundingBox())?.height).toBe(64);

    await drawer.getByText(t("en", "common", "settings.navLayouts.vertical"), { exact: true }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(300);
  });

  test("the phone's navigation drawer closes on navigation", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, "client", "/dashboard/case");
    await expect(page.getByTestId("dashboard-sidebar")).toBeHidden();
    await page.getByRole("button", { name: t("en", "navbar", "openMenu") }).click();
    const drawer = page.getByRole("dialog", { name: t("en", "navbar", "menu") });
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: t("en", "navbar", "shell.app") }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(drawer).toBeHidden();
  });

  test("mirrors in Arabic: the navigation sits on the right", async ({ page }) => {
    await signInAs(page, "admin", "/dashboard?lng=ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const box = await page.getByTestId("dashboard-sidebar").boundingBox();
    expect(box?.x).toBe(1280 - 300);
    await expect(nav(page).getByRole("link", { name: t("ar", "navbar", "shell.blank") })).toBeVisible();
  });

  test("the overview has no serious or critical accessibility violation", async ({ page }) => {
    await signInAs(page, "firmadmin");
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});

test.describe("the dashboard shell without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("navigates by links, changes the layout by form, and logs out", async ({ page }) => {
    await signInAs(page, "lawyer");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await nav(page)
      .getByRole("link", { name: t("en", "navbar", "shell.caseManagement") })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/case_management$/);

    // The form posts and the server sends the person back to the same address: wait for the new page.
    await page.getByRole("button", { name: t("en", "navbar", "shell.collapseNav") }).click();
    await expect(page.getByRole("button", { name: t("en", "navbar", "shell.expandNav") })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/case_management$/);
    // Measured once the new page's stylesheets apply.
    await expect
      .poll(async () => (await page.getByTestId("dashboard-sidebar").boundingBox())?.width)
      .toBe(88);

    await page.getByLabel(t("en", "header", "account.open"), { exact: true }).click();
    await page.getByRole("button", { name: t("en", "auth", "signOut") }).click();
    await expect(page).toHaveURL(/\/auth\/supabase\/sign-in/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\/supabase\/sign-in\?returnTo=%2Fdashboard$/);
  });
});
