import { expect, test } from "@playwright/test";
import { t, waitForHydration } from "./support";

test("navigation scrolls to the top, and back restores the position", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const footerLink = page
    .locator("footer")
    .getByRole("link", { name: t("en", "common", "footer.links.aboutUs"), exact: true });
  await footerLink.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);

  let documentRequests = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest()) documentRequests += 1;
  });
  await footerLink.click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.locator("h1")).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(documentRequests, "a client-side navigation").toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});
