import { expect, test } from "@playwright/test";
import {
  ARABIC,
  collectErrors,
  HYDRATED_PUBLIC_PATHS,
  PUBLIC_ROUTES,
  scriptFiles,
  signInAs,
  t,
  waitForHydration,
} from "./support";

/**
 * Every public page renders its own heading and title, in English and Arabic, with and without JS;
 * with it, a static page (ADR 0015) loads no script file and a hydrated one hydrates.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`public pages, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    for (const route of PUBLIC_ROUTES) {
      for (const lng of ["en", "ar"] as const) {
        test(`${route.path} in ${lng}`, async ({ page }) => {
          const errors = collectErrors(page);
          const response = await page.goto(`${route.path}?lng=${lng}`);
          expect(response?.status()).toBe(route.status);
          expect(response?.headers()["content-type"]).toContain("text/html");

          const html = page.locator("html");
          await expect(html).toHaveAttribute("lang", lng);
          await expect(html).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");

          const heading = page.locator("h1");
          await expect(heading).toHaveCount(1);
          await expect(heading).toBeVisible();
          const headingText = ((await heading.textContent()) ?? "").trim();
          expect(headingText.length).toBeGreaterThan(0);
          expect(await page.title()).not.toBe("");
          if (lng === "ar") {
            expect(headingText, "the heading is in Arabic").toMatch(ARABIC);
            expect(await page.title(), "the title is in Arabic").toMatch(ARABIC);
          } else {
            expect(headingText).not.toMatch(ARABIC);
          }

          if (javaScriptEnabled) {
            await waitForHydration(page);
            await page.waitForLoadState("networkidle");
            const hydrated = await page.evaluate(() => "__reactRouterContext" in window);
            expect(hydrated, "hydrates only where ADR 0015 says").toBe(HYDRATED_PUBLIC_PATHS.has(route.path));
            if (!hydrated) expect(await scriptFiles(page), "no JavaScript file").toEqual([]);
            // /404 and /error/NNN answer their status on purpose; Chromium logs that as a failed load of the page itself.
            const unexpected = errors.filter(
              (error) =>
                !(
                  route.status >= 400 &&
                  error.includes(`status of ${route.status}`) &&
                  error.includes(route.path)
                ),
            );
            expect(unexpected, "console errors").toEqual([]);
            // Still the same language once the client has taken over.
            await expect(html).toHaveAttribute("lang", lng);
            await expect(html).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
            await expect(heading).toHaveText(headingText);
          }
        });
      }
    }
  });
}

/** The desktop header's way in, the active menu item, and what the public pages promise (issue 18 items 7, 8, 14). */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`public header, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a visitor gets Sign in and Sign Up; a signed-in person gets Dashboard", async ({ page }) => {
      const header = page.locator("header").first();
      await page.goto("/about-us");
      await expect(
        header.getByRole("link", { name: t("en", "navbar", "signIn"), exact: true }),
      ).toHaveAttribute("href", "/auth/supabase/sign-in");
      await expect(
        header.getByRole("link", { name: t("en", "navbar", "signUp"), exact: true }),
      ).toBeVisible();
      await expect(
        header.getByRole("link", { name: t("en", "navbar", "dashboard"), exact: true }),
      ).toHaveCount(0);

      await signInAs(page, "client");
      await page.goto("/about-us");
      const dashboard = header.getByRole("link", { name: t("en", "navbar", "dashboard"), exact: true });
      await expect(dashboard).toBeVisible();
      await expect(dashboard).toHaveAttribute("href", "/dashboard");
      await expect(header.getByRole("link", { name: t("en", "navbar", "signUp"), exact: true })).toHaveCount(
        0,
      );
      await expect(header.getByRole("link", { name: t("en", "navbar", "signIn"), exact: true })).toHaveCount(
        0,
      );
    });
  });
}

test("one menu item is active: Pricing on /pricing, Products on /payment", async ({ page }) => {
  const nav = page.getByRole("navigation", { name: t("en", "navbar", "menu") }).first();
  const activeTop = nav.locator(":scope > ul > li > [data-active], :scope > ul > li > a > [data-active]");
  await page.goto("/pricing");
  await expect(activeTop).toHaveCount(1);
  await expect(activeTop).toHaveText(t("en", "navbar", "pricing"));
  await page.goto("/payment");
  await expect(activeTop).toHaveCount(1);
  await expect(activeTop).toContainText(t("en", "navbar", "products"));
  // The Products menu lists the product's parts, not only Payment.
  const products = nav.locator("li", { hasText: t("en", "navbar", "products") }).first();
  await expect(products.locator("a")).toHaveCount(4);
});

test("home and pricing advertise only what works: no case limit, planned features marked Coming soon", async ({
  page,
}) => {
  for (const path of ["/", "/pricing"]) {
    await page.goto(path);
    await expect(page.locator("main")).not.toContainText(/active case/i);
    await expect(page.locator("main")).toContainText(
      path === "/" ? t("en", "home", "features.comingSoon") : t("en", "pricing", "comingSoonList"),
    );
  }
  await page.goto("/");
  // Workflows, tasks, documents, chat and the assistant do not exist yet: each card says so.
  await expect(page.locator("[data-coming-soon]")).toHaveCount(5);
  await page.goto("/about-us");
  await expect(page.locator("[data-coming-soon]")).toHaveCount(5);
});

test("the pricing cards' buttons sit on one line", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/pricing");
  const buttons = page.getByRole("link", { name: t("en", "pricing", "choose") });
  await expect(buttons).toHaveCount(3);
  const tops = await buttons.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
  // Within the 2 px border of the featured card.
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
});

test("the expired-link notice links to a new link", async ({ page }) => {
  await page.goto("/auth/supabase/sign-in?notice=errors.linkInvalid");
  const link = page.getByRole("link", { name: "Request a new one." });
  await expect(link).toHaveAttribute("href", "/auth/supabase/verify");
});
