import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { PUBLIC_ROUTES, signInAs, t, waitForHydration } from "./support";

const BLOCKING = new Set(["serious", "critical"]);

/** Runs axe (WCAG 2 A and AA) and returns the serious and critical violations, readably. */
async function blockingViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `    ${node.target.join(" ")}\n      ${node.failureSummary?.replaceAll("\n", "\n      ")}`,
          )
          .join("\n"),
    );
}

test.describe("axe scan of every public page", () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(route.path);
      await waitForHydration(page);
      expect(await blockingViolations(page)).toEqual([]);
    });
  }
});

test.describe("axe scan of themes and panels", () => {
  test("right to left, in Arabic", async ({ page }) => {
    test.slow();
    const found: Record<string, string[]> = {};
    for (const path of ["/", "/contact-us", "/error/500"]) {
      await page.goto(`${path}?lng=ar`);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const violations = await blockingViolations(page);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });

  test("dark mode, every public page", async ({ page, context, baseURL }) => {
    test.slow();
    const found: Record<string, string[]> = {};
    await context.addCookies([
      { name: "app-settings", value: encodeURIComponent('{"colorScheme":"dark"}'), url: baseURL ?? "" },
    ]);
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.path);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
      const violations = await blockingViolations(page);
      if (violations.length > 0) found[route.path] = violations;
    }
    expect(found).toEqual({});
  });

  test("the open settings drawer", async ({ page }) => {
    await page.goto("/about-us");
    await waitForHydration(page);
    await page.getByRole("link", { name: t("en", "common", "settings.open"), exact: true }).click();
    await expect(page.getByRole("switch", { name: t("en", "common", "settings.darkMode") })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });

  test("the open mobile drawer", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByLabel(t("en", "navbar", "openMenu"), { exact: true }).click();
    await expect(page.getByRole("navigation", { name: t("en", "navbar", "menu") })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
});

/**
 * The case pages, signed in, in both schemes (issue 18 item 13: the ENGAGED badge, the outline
 * practice-area badge and a count badge failed contrast): overview, list, table, a case.
 */
test.describe("axe scan of the case pages", () => {
  for (const scheme of ["light", "dark"] as const) {
    for (const account of ["client", "lawyer"] as const) {
      test(`${account}, ${scheme}`, async ({ page, context, baseURL }) => {
        test.slow();
        await context.addCookies([
          {
            name: "app-settings",
            value: encodeURIComponent(JSON.stringify({ colorScheme: scheme })),
            url: baseURL ?? "",
          },
        ]);
        // An engaged case this person may open: the ENGAGED badge, its people and its history.
        await signInAs(page, account, "/dashboard/case/table?status=engaged");
        const casePath = await page
          .getByTestId("case-table")
          .locator("tbody tr th a")
          .first()
          .getAttribute("href");
        expect(casePath).toMatch(/^\/dashboard\/case\/[0-9a-f-]{36}$/);
        const paths = [
          "/dashboard",
          "/dashboard/case",
          "/dashboard/case/list",
          "/dashboard/case/table",
          casePath ?? "",
          "/dashboard/case/proposal",
        ];
        const found: Record<string, string[]> = {};
        for (const path of paths) {
          await page.goto(path);
          await waitForHydration(page);
          await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
          const violations = await blockingViolations(page);
          if (violations.length > 0) found[path] = violations;
        }
        expect(found).toEqual({});
      });
    }
  }
});
