import { expect, test } from "@playwright/test";
import { ARABIC, collectErrors, PUBLIC_ROUTES, waitForHydration } from "./support";

/** Every public page renders its own heading and title, in English and Arabic, with and without JS. */
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
            // /404 answers 404 on purpose; Chromium logs that as a failed load of the page itself.
            const unexpected = errors.filter(
              (error) => !(route.status === 404 && /status of 404/.test(error) && error.includes(route.path)),
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
