import { expect, type Page, test } from "@playwright/test";
import { cookieValue, signInAs, t, waitForHydration } from "./support";

const settingsButton = (page: Page) =>
  page.getByRole("link", { name: t("en", "common", "settings.open"), exact: true });
// Found by its heading: the dialog itself has no accessible name yet (reported to the lead).
const drawer = (page: Page) =>
  page
    .getByRole("dialog")
    .filter({ has: page.getByRole("heading", { name: t("en", "common", "settings.title"), exact: true }) });
const darkMode = (page: Page) =>
  drawer(page).getByRole("switch", { name: t("en", "common", "settings.darkMode") });
/**
 * Flips a Mantine Switch as a person does, by its visible track: the input itself is visually
 * hidden, and clicking its label waits for the drawer's slide-in to finish.
 */
const flip = (page: Page) => darkMode(page).locator("xpath=ancestor::label[1]").click();
const applyButton = (page: Page) =>
  drawer(page).getByRole("button", { name: t("en", "common", "settings.apply"), exact: true });

test.describe("settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("dark mode set through the drawer's form survives a reload", async ({ page }) => {
    await page.goto("/pricing");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    await expect(drawer(page)).toHaveCount(0);

    // The settings button is a plain link; the server renders the drawer open.
    await settingsButton(page).click();
    await expect(page).toHaveURL(/\/pricing\?panel=settings$/);
    await expect(drawer(page)).toBeVisible();
    await expect(darkMode(page)).not.toBeChecked();
    // Dashboard-only options stay hidden on public pages.
    await expect(drawer(page).getByText(t("en", "common", "settings.navLayout"))).toHaveCount(0);

    await flip(page);
    await expect(darkMode(page)).toBeChecked();
    const [post] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/settings")),
      applyButton(page).click(),
    ]);
    expect(post.status()).toBe(302);
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(JSON.parse((await cookieValue(page, "app-settings")) ?? "{}")).toEqual({ colorScheme: "dark" });

    await page.reload();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    await page.goto("/faqs");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    // The dark palette is really applied, not only the attribute.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");

    // Turning it off again, and the reset button, both go back to light.
    await settingsButton(page).click();
    await expect(darkMode(page)).toBeChecked();
    await flip(page);
    await expect(darkMode(page)).not.toBeChecked();
    await applyButton(page).click();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    expect(await cookieValue(page, "app-settings")).toBe("{}");
  });

  test("reset restores the defaults", async ({ page, context, baseURL }) => {
    await context.addCookies([
      {
        name: "app-settings",
        value: encodeURIComponent(JSON.stringify({ colorScheme: "dark", primaryColor: "red" })),
        url: baseURL ?? "",
      },
    ]);
    await page.goto("/about-us?panel=settings");
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await drawer(page)
      .getByRole("button", { name: t("en", "common", "settings.reset") })
      .click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
    expect(await cookieValue(page, "app-settings")).toBe("{}");
  });
});

/**
 * On a page that hydrates (the dashboard: the public and auth pages are static, ADR 0015 and 0023);
 * on a static one the drawer is the form above: static-pages.spec.ts.
 */
test.describe("settings with JavaScript", () => {
  test("the dark mode switch applies at once and survives a reload", async ({ page }) => {
    await signInAs(page, "client");
    await page.goto("/dashboard");
    await waitForHydration(page);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");

    let documentRequests = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documentRequests += 1;
    });
    await settingsButton(page).click();
    await expect(drawer(page)).toBeVisible();
    expect(documentRequests, "the drawer opens without a page load").toBe(0);
    // With JavaScript each change applies at once; there is no submit button.
    await expect(applyButton(page)).toHaveCount(0);

    const saved = page.waitForResponse(
      (response) => response.url().includes("/api/settings") && response.request().method() === "POST",
    );
    await flip(page);
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expect(darkMode(page)).toBeChecked();
    expect((await saved).ok()).toBe(true);
    await expect.poll(() => cookieValue(page, "app-settings")).toBe(JSON.stringify({ colorScheme: "dark" }));
    await expect.poll(() => page.evaluate(() => localStorage.getItem("theme-mode"))).toBe("dark");
    expect(documentRequests, "no page load").toBe(0);

    await page.reload();
    await waitForHydration(page);
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    // Reset puts the defaults back.
    await settingsButton(page).click();
    await expect(darkMode(page)).toBeChecked();
    await drawer(page)
      .getByRole("button", { name: t("en", "common", "settings.reset") })
      .click();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    await expect.poll(() => cookieValue(page, "app-settings")).toBe("{}");
  });
});
