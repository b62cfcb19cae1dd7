import { expect, type Page, test } from "@playwright/test";
import { FONT_LOADED_KEY, FONTS_LATER_ATTRIBUTE } from "../../app/styles/fonts-after-first-paint";
import { signInWithForm } from "../../scripts/bench/sign-in";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInAs, waitForHydration } from "./support";

/**
 * Issue 20, CSS and fonts: a page links at most two stylesheets (one today, build.cssCodeSplit
 * false), a client navigation or a lazily loaded panel fetches no more CSS and still finds its
 * classes, and only Arabic pages download the Arabic font. Mantine's styles for what shows over the
 * page load after the first paint (ADR 0017): every Mantine class the server renders has its rules
 * in what the page links, and the page hydrates — so that anything can open — only once they are here.
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
const OVERLAY_STYLES = /\/assets\/mantine-overlays-[\w-]+\.css$/;

/** The page's HTML as the server sends it, and the text of every stylesheet it links. */
async function serverPage(
  url: string,
  cookie: string,
): Promise<{ html: string; css: string; links: string[] }> {
  const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status, url).toBe(200);
  const html = await response.text();
  const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(
    ([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1] ?? "",
  );
  const sheets = await Promise.all(links.map(async (href) => (await fetch(new URL(href, url))).text()));
  return { html, css: sheets.join("\n"), links };
}

/** Mantine's classes (`m_` and a hash) in the HTML that no rule of the CSS names. */
function mantineClassesWithoutRules(html: string, css: string): string[] {
  const used = new Set(
    [...html.matchAll(/\bclass="([^"]*)"/g)].flatMap(([, names = ""]) =>
      names.split(/\s+/).filter((name) => /^m_[0-9a-f]+$/.test(name)),
    ),
  );
  return [...used].filter((name) => !new RegExp(`\\.${name}(?![\\w-])`).test(css));
}

/**
 * CSS-module classes (`_name_hash_line`) and Mantine's (`m_` and a hash) used inside `root` that no
 * loaded stylesheet has a rule for.
 */
async function classesWithoutRules(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const used = new Set<string>();
    for (const element of document.querySelectorAll(`${selector}, ${selector} *`)) {
      for (const name of element.classList)
        if (/^(?:_[\w-]+_[a-z0-9]{5}_\d+|m_[0-9a-f]+)$/.test(name)) used.add(name);
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
    await waitForHydration(page);
    const links = await stylesheetLinks(page).evaluateAll((all) =>
      all.map((link) => link.getAttribute("href")),
    );
    // The page's stylesheet, and the overlays' added before hydrating.
    expect(links.length).toBeLessThanOrEqual(2);
    expect(links.some((href) => OVERLAY_STYLES.test(href ?? ""))).toBe(true);
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

test.describe("overlay styles after the first paint", () => {
  const FLASH = `flash=${encodeURIComponent(JSON.stringify({ kind: "success", message: "common:meta.title" }))}`;

  test("every Mantine class the server renders has its rules in what the page links", async ({ baseURL }) => {
    const origin = new URL(baseURL ?? "").origin;
    const admin = await signInWithForm(origin, { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD });
    const pages: [path: string, cookie: string, overlays: boolean][] = [
      ["/", "", false],
      ["/auth/supabase/sign-in", "", false],
      ["/?panel=nav", "", true],
      ["/", FLASH, true],
      ["/dashboard", admin.header, false],
      ["/dashboard/case/table", admin.header, false],
      ...["settings", "account", "notifications", "contacts", "nav"].map(
        (panel): [string, string, boolean] => [`/dashboard?panel=${panel}`, admin.header, true],
      ),
      ["/dashboard", `${admin.header}; ${FLASH}`, true],
    ];
    for (const [path, cookie, overlays] of pages) {
      const { html, css, links } = await serverPage(`${origin}${path}`, cookie);
      expect(
        mantineClassesWithoutRules(html, css),
        `${path}${cookie.includes("flash=") ? " with a flash" : ""}`,
      ).toEqual([]);
      // Render-blocking only where the server renders one showing.
      expect(
        links.some((href) => OVERLAY_STYLES.test(href)),
        path,
      ).toBe(overlays);
    }
  });

  test("the page hydrates only once the overlay styles have loaded", async ({ page }) => {
    await signInAs(page, "client", "/dashboard");
    await page.route(OVERLAY_STYLES, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto("/dashboard");
    await waitForHydration(page);
    expect(
      await page.evaluate(() =>
        [...document.styleSheets].some(
          (sheet) => /mantine-overlays/.test(sheet.href ?? "") && sheet.cssRules.length > 0,
        ),
      ),
    ).toBe(true);
  });
});

test.describe("fonts (ADR 0033)", () => {
  /** When the page's first paint and its font requests started, in the page's clock. */
  const fontTimings = (page: Page) =>
    page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      fonts: performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".woff2"))
        .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    }));

  const systemFontsOnly = (page: Page) =>
    page.evaluate(() => getComputedStyle(document.body).fontFamily.startsWith("-apple-system"));

  test("a first visit shows its first page in the system's fonts and fetches the font after the first paint; the next page preloads it and uses it", async ({
    page,
  }) => {
    const requests = watchRequests(page);
    await page.goto("/?lng=en");
    await expect(page.locator("html")).toHaveAttribute(FONTS_LATER_ATTRIBUTE);
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), FONT_LOADED_KEY))
      .toMatch(/public-sans-latin-wght/);
    await expect.poll(async () => (await fontTimings(page)).fonts.length).toBe(1);
    const first = await fontTimings(page);
    expect(first.fonts.map((font) => font.name)).toEqual([expect.stringMatching(/public-sans-latin-wght/)]);
    expect(first.fonts[0]?.startTime).toBeGreaterThanOrEqual(first.firstPaint);
    // The page does not change font under the reader.
    await page.waitForTimeout(300);
    expect(await systemFontsOnly(page)).toBe(true);
    expect(requests.fonts).toEqual([]);

    // The browser has the file now: the next page preloads it and never shows the system's fonts.
    await page.goto("/about-us?lng=en");
    const preload = page.locator('link[rel="preload"][as="font"]');
    await expect(preload).toHaveCount(1);
    await expect(preload).toHaveAttribute("href", /public-sans-latin-wght/);
    expect(
      await page.evaluate(
        (attribute) => document.documentElement.hasAttribute(attribute),
        FONTS_LATER_ATTRIBUTE,
      ),
    ).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^"Public Sans Variable"/,
    );
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('16px "Public Sans Variable"', "a")))
      .toBe(true);

    // Arabic text on an English page (a name, a case title) takes the system's Arabic font.
    await page.locator("main").evaluate((main) => {
      main.insertAdjacentHTML("beforeend", "<p>قضية نفقة الأطفال</p>");
    });
    await page.waitForTimeout(300);
    expect(requests.fonts.filter((url) => ARABIC_FONT.test(url))).toEqual([]);
  });

  test("on a first visit to the dashboard, the first client-side navigation brings the web font", async ({
    page,
  }) => {
    await signInAs(page, "client", "/dashboard");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute(FONTS_LATER_ATTRIBUTE);
    expect(await systemFontsOnly(page)).toBe(true);
    await page.locator('main a[href^="/dashboard/notification"]').first().click();
    await expect(page).toHaveURL(/\/dashboard\/notification/);
    await expect(page.locator("html")).not.toHaveAttribute(FONTS_LATER_ATTRIBUTE);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^"Public Sans Variable"/,
    );
  });

  test("an Arabic page fetches the Arabic font after its first paint; the next page uses it", async ({
    page,
  }) => {
    await page.goto("/?lng=ar");
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), FONT_LOADED_KEY))
      .toMatch(ARABIC_FONT);
    await expect.poll(async () => (await fontTimings(page)).fonts.length).toBe(1);
    const timings = await fontTimings(page);
    const arabic = timings.fonts.find((font) => ARABIC_FONT.test(font.name));
    expect(arabic?.startTime).toBeGreaterThanOrEqual(timings.firstPaint);

    await page.goto("/about-us?lng=ar");
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/Noto Sans Arabic/);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          return document.fonts.check('16px "Noto Sans Arabic Variable"', "قضية");
        }),
      )
      .toBe(true);
  });

  test("the font follows the font chosen in the settings", async ({ page, context, baseURL }) => {
    await context.addCookies([
      {
        name: "app-settings",
        value: encodeURIComponent(JSON.stringify({ fontFamily: "Inter Variable" })),
        url: baseURL ?? "",
      },
    ]);
    await page.goto("/?lng=en");
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), FONT_LOADED_KEY))
      .toMatch(/inter-latin-wght/);
    await page.goto("/about-us?lng=en");
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute("href", /inter-latin-wght/);
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"', "a")))
      .toBe(true);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the page uses its web font from the start", async ({ page }) => {
      const requests = watchRequests(page);
      await page.goto("/?lng=en");
      await page.waitForLoadState("networkidle");
      await expect(page.locator("html")).not.toHaveAttribute(FONTS_LATER_ATTRIBUTE);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
        /^"Public Sans Variable"/,
      );
      expect(requests.fonts).toEqual([expect.stringMatching(/public-sans-latin-wght/)]);
    });
  });
});
