import { expect, test } from "@playwright/test";
import { ARABIC, cookieValue, signInAs, t, waitForHydration } from "./support";

/** The header's language control: a <details> whose form posts to /api/language. */
function switcher(page: import("@playwright/test").Page) {
  const summary = page.locator("header summary").first();
  const option = (lng: string) => page.locator(`header form[action="/api/language"] button[value="${lng}"]`);
  return { summary, option };
}

/**
 * With JavaScript, on a page that hydrates (the dashboard: every public and auth page is static
 * since ADR 0023): the switch happens in place. The static pages (ADR 0015) post the form
 * instead: see the tests without JavaScript and static-pages.spec.ts.
 */
test.describe("language switch with JavaScript, on a page that hydrates", () => {
  test("shows the toasts and changes the page in place", async ({ page }) => {
    await signInAs(page, "client");
    await page.goto("/dashboard?section=features");
    await waitForHydration(page);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", "en");
    const englishHeading = ((await page.locator("h1").textContent()) ?? "").trim();

    // Hold the request a moment so the "Loading..." toast can be seen, as on a slow connection.
    let posted: URLSearchParams | undefined;
    await page.route("**/api/language", async (route) => {
      posted = new URLSearchParams(route.request().postData() ?? "");
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    let documentRequests = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documentRequests += 1;
    });

    const { summary, option } = switcher(page);
    await expect(summary).toHaveAccessibleName(t("en", "common", "language.label"));
    await summary.click();
    await option("ar").click();

    const toasts = page.locator(".mantine-Notification-root");
    await expect(toasts.filter({ hasText: t("en", "common", "language.loading") })).toBeVisible();
    await expect(toasts.filter({ hasText: t("ar", "common", "language.changed") })).toBeVisible();
    await expect(toasts.filter({ hasText: t("en", "common", "language.loading") })).toHaveCount(0);
    expect(posted?.get("lng")).toBe("ar");

    await expect(html).toHaveAttribute("lang", "ar");
    await expect(html).toHaveAttribute("dir", "rtl");
    await expect(page.locator("h1")).not.toHaveText(englishHeading);
    await expect(page.locator("h1")).toHaveText(ARABIC);
    await expect(page.getByLabel(t("ar", "header", "account.open"), { exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/dashboard?section=features");
    expect(documentRequests, "no full page load").toBe(0);
    expect(await cookieValue(page, "i18next")).toBe("ar");
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("ar");

    // The choice sticks: a fresh load of another page comes back in Arabic.
    await page.goto("/pricing");
    await expect(html).toHaveAttribute("lang", "ar");
    await expect(html).toHaveAttribute("dir", "rtl");
  });

  test("from Arabic back to English restores left-to-right", async ({ page }) => {
    await signInAs(page, "client");
    await page.goto("/faqs?lng=ar");
    await page.goto("/dashboard");
    await waitForHydration(page);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("dir", "rtl");
    const { summary, option } = switcher(page);
    await expect(summary).toHaveAccessibleName(t("ar", "common", "language.label"));
    await summary.click();
    await option("en").click();
    await expect(
      page.locator(".mantine-Notification-root").filter({ hasText: t("en", "common", "language.changed") }),
    ).toBeVisible();
    await expect(html).toHaveAttribute("lang", "en");
    await expect(html).toHaveAttribute("dir", "ltr");
    await expect(page.locator("h1")).not.toHaveText(ARABIC);
    expect(await cookieValue(page, "i18next")).toBe("en");
  });

  test("works on a page opened with ?lng= in its address", async ({ page }) => {
    await signInAs(page, "client");
    await page.goto("/dashboard?lng=ar");
    await waitForHydration(page);
    const html = page.locator("html");
    const { summary, option } = switcher(page);
    await summary.click();
    await option("en").click();
    await expect(
      page.locator(".mantine-Notification-root").filter({ hasText: t("en", "common", "language.changed") }),
    ).toBeVisible();
    await expect(html).toHaveAttribute("lang", "en");
    expect(await cookieValue(page, "i18next")).toBe("en");
  });

  test("shows the error toast when the change fails", async ({ page }) => {
    await signInAs(page, "client");
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.route("**/api/language", (route) => route.fulfill({ status: 500, body: "down" }));
    // The switcher logs the failure; that console error is expected here.
    const { summary, option } = switcher(page);
    await summary.click();
    await option("fr").click();
    await expect(
      page.locator(".mantine-Notification-root").filter({ hasText: t("en", "common", "language.error") }),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await cookieValue(page, "i18next")).toBeUndefined();
  });
});

test.describe("language switch without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts the form, sets the cookie and comes back to the same page translated", async ({ page }) => {
    await page.goto("/error/403");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", "en");
    const englishHeading = ((await page.locator("h1").textContent()) ?? "").trim();

    const { summary, option } = switcher(page);
    await summary.click();
    await expect(option("fr")).toBeVisible();
    const [post] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/language")),
      option("fr").click(),
    ]);
    expect(post.request().method()).toBe("POST");
    expect(post.status()).toBe(302);
    const form = new URLSearchParams(post.request().postData() ?? "");
    expect(form.get("lng")).toBe("fr");
    expect(form.get("returnTo")).toBe("/error/403");
    await page.waitForURL(/\/error\/403$/);

    await expect(html).toHaveAttribute("lang", "fr");
    await expect(html).toHaveAttribute("dir", "ltr");
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.locator("h1")).not.toHaveText(englishHeading);
    expect(await cookieValue(page, "i18next")).toBe("fr");
    // The server's toast says so (spec §4), in the new language.
    await expect(
      page.getByRole("status").filter({ hasText: t("fr", "common", "language.changed") }),
    ).toBeVisible();

    // Arabic next, from a page with a query string: same page and query, right-to-left.
    await page.goto("/?plan=premium");
    await expect(html).toHaveAttribute("lang", "fr");
    await summary.click();
    await option("ar").click();
    await page.waitForURL(/\/\?plan=premium$/);
    await expect(html).toHaveAttribute("lang", "ar");
    await expect(html).toHaveAttribute("dir", "rtl");
    await expect(page.locator("h1")).toHaveText(ARABIC);
    expect(await cookieValue(page, "i18next")).toBe("ar");
  });

  test("?lng= sets the cookie for the pages that follow", async ({ page }) => {
    await page.goto("/about-us?lng=vi");
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    expect(await cookieValue(page, "i18next")).toBe("vi");
    await page.goto("/contact-us");
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  });

  test("follows the browser's Accept-Language when nothing was chosen", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await context.close();
  });
});
