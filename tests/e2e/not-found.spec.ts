import { expect, test } from "@playwright/test";
import { t } from "./support";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`unknown paths, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    for (const path of ["/no-such-page", "/company/secret/page", "/error/418"]) {
      test(`${path} lands on /404`, async ({ page }) => {
        const redirects: string[] = [];
        page.on("response", (response) => {
          if (response.status() === 302) redirects.push(new URL(response.url()).pathname);
        });
        const response = await page.goto(path);
        expect(redirects).toEqual([path]);
        expect(new URL(page.url()).pathname).toBe("/404");
        expect(response?.status()).toBe(404);
        await expect(page.locator("h1")).toHaveText(t("en", "common", "errors.404.title"));
        await expect(page).toHaveTitle(t("en", "common", "errors.404.title"));

        // The way back home.
        await page.getByRole("link", { name: t("en", "common", "errors.goHome") }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.locator("h1")).toBeVisible();
      });
    }
  });
}

test("an unknown path keeps the language chosen with ?lng=", async ({ page }) => {
  await page.goto("/nothing-here?lng=ar");
  expect(new URL(page.url()).pathname).toBe("/404");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl", { timeout: 2_000 });
  await expect(page.locator("h1")).toHaveText(t("ar", "common", "errors.404.title"));
});
