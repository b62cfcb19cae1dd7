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

test.describe("axe scan of every public page in dark mode", () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} has no serious or critical violation`, async ({ page, context, baseURL }) => {
      await context.addCookies([
        { name: "app-settings", value: encodeURIComponent('{"colorScheme":"dark"}'), url: baseURL ?? "" },
      ]);
      await page.goto(route.path);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
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
 * practice-area badge and a count badge failed contrast). "case" is an engaged case the person may
 * open (the ENGAGED badge, its people and its history). One page a test: axe takes a while.
 */
const CASE_PAGES = {
  client: [
    "/dashboard",
    "/dashboard/case",
    "/dashboard/case/list",
    "/dashboard/case/table",
    "case",
    "/dashboard/case/proposal",
  ],
  lawyer: ["/dashboard/case/table", "case", "/dashboard/case/proposal"],
} as const;

test.describe("axe scan of the case pages", () => {
  for (const scheme of ["light", "dark"] as const) {
    for (const [account, paths] of Object.entries(CASE_PAGES) as [
      keyof typeof CASE_PAGES,
      readonly string[],
    ][]) {
      for (const path of paths) {
        test(`${account}, ${scheme}: ${path}`, async ({ page, context, baseURL }) => {
          await context.addCookies([
            {
              name: "app-settings",
              value: encodeURIComponent(JSON.stringify({ colorScheme: scheme })),
              url: baseURL ?? "",
            },
          ]);
          let target = path;
          if (path === "case") {
            await signInAs(page, account, "/dashboard/case/table?status=engaged");
            target =
              (await page.getByTestId("case-table").locator("tbody tr th a").first().getAttribute("href")) ??
              "";
            expect(target).toMatch(/^\/dashboard\/case\/[0-9a-f-]{36}$/);
            await page.goto(target);
          } else {
            await signInAs(page, account, target);
          }
          await waitForHydration(page);
          await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
          expect(await blockingViolations(page)).toEqual([]);
        });
      }
    }
  }
});
