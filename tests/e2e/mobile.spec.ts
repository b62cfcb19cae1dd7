import { expect, type Page, test } from "@playwright/test";
import { navigateInApp, signInAs, t, waitForHydration } from "./support";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const menuButton = (page: Page) => page.getByLabel(t("en", "navbar", "openMenu"), { exact: true });
const mobileDrawer = (page: Page) =>
  page.getByRole("dialog").filter({ has: page.getByRole("navigation", { name: t("en", "navbar", "menu") }) });
const NAV_LINKS = ["home", "aboutUs", "contactUs", "faqs", "privacyPolicy", "payment", "pricing", "docs"];

async function expectDrawerWithLinks(page: Page, signedIn = false) {
  const drawer = mobileDrawer(page);
  await expect(drawer).toBeVisible();
  for (const key of NAV_LINKS) {
    await expect(drawer.getByRole("link", { name: t("en", "navbar", key), exact: true })).toBeVisible();
  }
  for (const key of signedIn ? ["dashboard"] : ["signIn", "signUp"]) {
    // The last: the menu's own "Dashboard" entry comes before the signed-in person's button.
    await expect(
      drawer.getByRole("link", { name: t("en", "navbar", key), exact: true }).last(),
    ).toBeVisible();
  }
  // No "Purchase" that opened the sign-up page in a new tab: nothing is bought from this menu.
  await expect(drawer.getByRole("link", { name: "Purchase" })).toHaveCount(0);
  // 320 px wide (sub-pixel while the slide-in transform settles).
  await expect.poll(async () => Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(320);
  return drawer;
}

/**
 * On a public page the running app renders (reached from the dashboard: no public page hydrates
 * on a first visit, ADR 0023); on a static one the menu is a link: static-pages.spec.ts.
 */
async function openLive(page: Page, path: string) {
  await signInAs(page, "client");
  await page.goto("/dashboard");
  await waitForHydration(page);
  await navigateInApp(page, path);
  // The address changes first; the dashboard stays on screen until the public page's translations
  // have loaded (lib/i18n/load.ts), and its own menu button would take the tap meanwhile.
  await expect(page.getByTestId("dashboard-shell")).toHaveCount(0);
  await expect(page.locator("h1")).toBeVisible();
}

test.describe("mobile navigation with JavaScript", () => {
  test("the menu opens the drawer, which closes after following a link", async ({ page }) => {
    await openLive(page, "/contact-us");
    // The desktop navigation gives way to the menu button below 62em.
    await expect(page.locator("header nav")).toBeHidden();
    await expect(mobileDrawer(page)).toHaveCount(0);

    await menuButton(page).click();
    const drawer = await expectDrawerWithLinks(page, true);

    await drawer.getByRole("link", { name: t("en", "navbar", "aboutUs"), exact: true }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(drawer).toBeHidden();
    await expect(page.locator("h1")).toBeVisible();

    // And again from the new page, to another one.
    await menuButton(page).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: t("en", "navbar", "faqs"), exact: true }).click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(drawer).toBeHidden();
  });

  test("the drawer closes with Escape", async ({ page }) => {
    await openLive(page, "/payment");
    await menuButton(page).click();
    await expect(mobileDrawer(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mobileDrawer(page)).toBeHidden();
    await expect(page).toHaveURL(/\/payment$/);
  });
});

test.describe("mobile navigation without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu link renders the drawer open; a link leads on and the drawer is gone", async ({ page }) => {
    await page.goto("/contact-us");
    await expect(mobileDrawer(page)).toHaveCount(0);
    await menuButton(page).click();
    await expect(page).toHaveURL(/\/contact-us\?panel=nav$/);
    const drawer = await expectDrawerWithLinks(page);

    await drawer.getByRole("link", { name: t("en", "navbar", "pricing"), exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(mobileDrawer(page)).toHaveCount(0);
    await expect(page.locator("h1")).toBeVisible();
  });

  test("the close link closes the drawer on the same page", async ({ page }) => {
    await page.goto("/faqs?panel=nav");
    await expect(mobileDrawer(page)).toBeVisible();
    await mobileDrawer(page)
      .getByRole("link", { name: t("en", "navbar", "closeMenu") })
      .click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(mobileDrawer(page)).toHaveCount(0);
  });
});
