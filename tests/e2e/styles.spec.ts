import { expect, type Page, test } from "@playwright/test";
import { signInAs, waitForHydration } from "./support";

/**
 * Issue 20, CSS and fonts: a page links at most two stylesheets (one today, build.cssCodeSplit
 * false), a client navigation or a lazily loaded panel fetches no more CSS and still finds its
 * classes, and only Arabic pages download the Arabic font.
 */

const ARABIC_FONT = /noto-sans-arabic/;

/** The stylesheets and fonts the page requests from now on. */
function watchRequests(page: Page) {
  const css: string[] = [];
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") css.push(request.url());
    if (request.resourceType() === "font") fonts.push(request.url());
  });
  return { css, fonts };
}

const stylesheetLinks = (page: Page) => page.locator('link[rel="stylesheet"]');

/** CSS-module classes (`_name_hash_line`) used inside `root` that no loaded stylesheet has a rule for. */
async function classesWithoutRules(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const used = new Set<string>();
    for (const element of document.querySelectorAll(`${selector}, ${selector} *`)) {
      for (const name of element.classList) if (/^_[\w-]+_[a-z0-9]{5}_\d+$/.test(name)) used.add(name);
    }
    const text = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
      .join("\n");
    return [...used].filter((name) => !text.includes(`.${name}`));
  }, root);
}

test.describe("stylesheets", () => {
  for (const path of ["/", "/auth/supabase/sign-in"]) {
    test(`${path} links at most two stylesheets`, async ({ page }) => {
      await page.goto(path);
      expect(await stylesheetLinks(page).count()).toBeGreaterThan(0);
      expect(await stylesheetLinks(page).count()).toBeLessThanOrEqual(2);
    });
  }

  test("the dashboard pages link at most two, and navigating or opening a panel fetches no more", async ({
    page,
  }) => {
    await signInAs(page, "admin", "/dashboard");
    const links = await stylesheetLinks(page).evaluateAll((all) =>
      all.map((link) => link.getAttribute("href")),
    );
    expect(links.length).toBeLessThanOrEqual(2);
    await page.waitForLoadState("networkidle");
    const requests = watchRequests(page);

    // A client navigation to a page whose route modules (and their CSS) were not loaded yet.
    await page.locator('main a[href="/dashboard/case"]').first().click();
    await expect(page).toHaveURL(/\/dashboard\/case$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await classesWithoutRules(page, "main")).toEqual([]);

    await page.keyboard.press("ControlOrMeta+k");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    expect(await classesWithoutRules(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press("Escape");

    expect(requests.css).toEqual([]);
    expect(
      await stylesheetLinks(page).evaluateAll((all) => all.map((link) => link.getAttribute("href"))),
    ).toEqual(links);
  });
});

test.describe("fonts", () => {
  test("an English page preloads its Latin font and does not download the Arabic one for Arabic text", async ({
    page,
  }) => {
    const requests = watchRequests(page);
    await page.goto("/?lng=en");
    const preload = page.locator('link[rel="preload"][as="font"]');
    await expect(preload).toHaveCount(1);
    await expect(preload).toHaveAttribute("href", /public-sans-latin-wght/);
    await waitForHydration(page);
    // Arabic text on an English page (a name, a case title) takes the system's Arabic font.
    await page.locator("main").evaluate((main) => {
      main.insertAdjacentHTML("beforeend", "<p>قضية نفقة الأطفال</p>");
    });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/Arabic/);
    expect(requests.fonts.filter((url) => ARABIC_FONT.test(url))).toEqual([]);
    expect(requests.fonts.some((url) => /public-sans-latin-wght/.test(url))).toBe(true);
  });

  test("an Arabic page preloads and uses the Arabic font", async ({ page }) => {
    const requests = watchRequests(page);
    await page.goto("/?lng=ar");
    const preload = page.locator('link[rel="preload"][as="font"]');
    await expect(preload).toHaveAttribute("href", ARABIC_FONT);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/Noto Sans Arabic/);
    expect(requests.fonts.filter((url) => ARABIC_FONT.test(url))).toHaveLength(1);
    expect(
      await page.evaluate(async () => {
        await document.fonts.ready;
        return document.fonts.check('16px "Noto Sans Arabic Variable"', "قضية");
      }),
    ).toBe(true);
  });

  test("the preloaded font follows the font chosen in the settings", async ({ page, context, baseURL }) => {
    await context.addCookies([
      {
        name: "app-settings",
        value: encodeURIComponent(JSON.stringify({ fontFamily: "Inter Variable" })),
        url: baseURL ?? "",
      },
    ]);
    await page.goto("/?lng=en");
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute("href", /inter-latin-wght/);
  });
});
