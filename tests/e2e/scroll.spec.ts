import { expect, type Page, test } from "@playwright/test";
import { navigateInApp, signInAs, t, waitForHydration } from "./support";

function countDocuments(page: Page): () => number {
  let documentRequests = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest()) documentRequests += 1;
  });
  return () => documentRequests;
}

const aboutLink = (page: Page) =>
  page.locator("footer").getByRole("link", { name: t("en", "common", "footer.links.aboutUs"), exact: true });

test("navigation scrolls to the top, and back restores the position", async ({ page }) => {
  // The checkout rendered by the running app (reached from the dashboard: no public page hydrates
  // on a first visit, ADR 0023), so the app navigates on the client.
  await signInAs(page, "client");
  await page.goto("/dashboard");
  await waitForHydration(page);
  await navigateInApp(page, "/payment");
  await aboutLink(page).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);

  const documents = countDocuments(page);
  await aboutLink(page).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.locator("h1")).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(documents(), "a client-side navigation").toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/payment$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});

test("from a static page the browser does the same: a new page at the top, back where one was", async ({
  page,
}) => {
  await page.goto("/");
  await aboutLink(page).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

  const documents = countDocuments(page);
  await aboutLink(page).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.locator("h1")).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(documents(), "a document load: home ships no router").toBe(1);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});
