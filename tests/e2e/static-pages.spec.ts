import { expect, type Page, test } from "@playwright/test";
import { ARABIC, cookieValue, navigateInApp, scriptFiles, signInAs, t, waitForHydration } from "./support";

/**
 * The marketing pages ship no JavaScript (ADR 0015). These tests run with JavaScript on, as people
 * browse: every interactive part of a static page works through links, forms, <details>, <dialog>
 * and CSS, and the app still moves between static and hydrated pages correctly.
 */

/** Counts the script files the browser fetches and the documents it loads from now on. */
function watchRequests(page: Page) {
  const counts = { scripts: 0, documents: 0 };
  page.on("request", (request) => {
    if (request.resourceType() === "script") counts.scripts += 1;
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) counts.documents += 1;
  });
  return counts;
}

const switcher = (page: Page) => ({
  summary: page.locator("header summary").first(),
  option: (lng: string) => page.locator(`header form[action="/api/language"] button[value="${lng}"]`),
});

test("home loads no JavaScript file: no script src, no module preload, two inline scripts (the colour scheme's and the font's, ADR 0033)", async ({
  page,
}) => {
  const requests = watchRequests(page);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(requests.scripts).toBe(0);
  expect(await scriptFiles(page)).toEqual([]);
  expect(await page.locator("script:not([data-mantine-script], [data-fonts-script])").count()).toBe(0);
  expect(await page.locator("script[data-fonts-script]").count()).toBe(1);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  await expect(page.locator("h1")).toBeVisible();
});

test("the language switch posts the form, comes back translated and says so in a toast that closes", async ({
  page,
}) => {
  await page.goto("/?section=features");
  const requests = watchRequests(page);
  const html = page.locator("html");
  const { summary, option } = switcher(page);
  await summary.click();
  await option("ar").click();
  await page.waitForURL(/\/\?section=features$/);
  await expect(html).toHaveAttribute("lang", "ar");
  await expect(html).toHaveAttribute("dir", "rtl");
  await expect(page.locator("h1")).toHaveText(ARABIC);
  expect(await cookieValue(page, "i18next")).toBe("ar");

  // The server's toast, in the new language: a <dialog> whose close button needs no script.
  const toast = page.getByRole("status").filter({ hasText: t("ar", "common", "language.changed") });
  await expect(toast).toBeVisible();
  await page
    .locator("dialog")
    .getByRole("button", { name: t("ar", "common", "settings.close") })
    .click();
  await expect(toast).toBeHidden();
  expect(requests.scripts, "still no script").toBe(0);
});

test("dark mode through the settings drawer: a link opens it, its form applies the scheme", async ({
  page,
}) => {
  await page.goto("/faqs");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
  await page.getByRole("link", { name: t("en", "common", "settings.open"), exact: true }).click();
  await expect(page).toHaveURL(/\/faqs\?panel=settings$/);
  const drawer = page
    .getByRole("dialog")
    .filter({ has: page.getByRole("heading", { name: t("en", "common", "settings.title"), exact: true }) });
  const darkMode = drawer.getByRole("switch", { name: t("en", "common", "settings.darkMode") });
  await darkMode.locator("xpath=ancestor::label[1]").click();
  await expect(darkMode).toBeChecked();
  await drawer.getByRole("button", { name: t("en", "common", "settings.apply"), exact: true }).click();
  await expect(page).toHaveURL(/\/faqs$/);
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
    "rgb(255, 255, 255)",
  );
  await page.goto("/");
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the menu is a link that opens the drawer; its links lead on and its close link closes it", async ({
    page,
  }) => {
    await page.goto("/");
    const drawer = page
      .getByRole("dialog")
      .filter({ has: page.getByRole("navigation", { name: t("en", "navbar", "menu") }) });
    await expect(drawer).toHaveCount(0);
    await page.getByLabel(t("en", "navbar", "openMenu"), { exact: true }).click();
    await expect(page).toHaveURL(/\/\?panel=nav$/);
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: t("en", "navbar", "closeMenu") }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(drawer).toHaveCount(0);

    await page.getByLabel(t("en", "navbar", "openMenu"), { exact: true }).click();
    await drawer.getByRole("link", { name: t("en", "navbar", "pricing"), exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(drawer).toHaveCount(0);
    await expect(page.locator("h1")).toBeVisible();
  });
});

test("the coming-soon countdown ticks with its inline script and no JavaScript file", async ({ page }) => {
  const requests = watchRequests(page);
  await page.goto("/coming-soon");
  const seconds = page.locator('[role="timer"] [data-unit="seconds"]');
  const first = await seconds.textContent();
  await expect(seconds).not.toHaveText(first ?? "", { timeout: 3_000 });
  expect(requests.scripts).toBe(0);
  expect(await scriptFiles(page)).toEqual([]);
});

test("the FAQ answers open and close as a native accordion", async ({ page }) => {
  await page.goto("/faqs");
  const question = page.locator("details#pricing");
  const answer = question.locator("p");
  await expect(answer).toBeHidden();
  await question.locator("summary").click();
  await expect(answer).toBeVisible();
  await question.locator("summary").click();
  await expect(answer).toBeHidden();
});

test("client-side navigation from a hydrated page to a static one and back works", async ({ page }) => {
  // The dashboard hydrates (no public or auth page does, ADR 0023); the app goes on to the
  // pricing page on the client, and its menu's Home link leads home.
  await signInAs(page, "client");
  await page.goto("/dashboard");
  await waitForHydration(page);
  const requests = watchRequests(page);
  await navigateInApp(page, "/pricing");
  await page
    .locator("header")
    .getByRole("link", { name: t("en", "navbar", "home"), exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("h1")).toContainText(t("en", "home", "hero.title"));
  expect(requests.documents, "the running app renders the static page itself").toBe(0);

  // There it is a live page: the language switch works in place, with the script's toasts.
  const { summary, option } = switcher(page);
  await summary.click();
  await option("fr").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(requests.documents).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel(t("fr", "header", "account.open"), { exact: true })).toBeVisible();
  expect(requests.documents).toBe(0);

  // A fresh load of home is static again, and its links are plain document loads.
  await page.goto("/");
  expect(await scriptFiles(page)).toEqual([]);
  const before = requests.documents;
  await page
    .getByRole("link", { name: t("fr", "navbar", "dashboard"), exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(requests.documents).toBe(before + 1);
  await waitForHydration(page);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
});

test("the auth pages, the contact page and the checkout load no JavaScript file (ADR 0023)", async ({
  page,
}) => {
  const requests = watchRequests(page);
  for (const path of [
    "/auth/supabase/sign-in",
    "/auth/supabase/sign-up",
    "/auth/supabase/verify",
    "/auth/supabase/reset-password",
    "/auth/supabase/update-password",
    "/auth-demo/split/sign-in",
    "/auth-demo/centered/sign-up",
    "/contact-us",
    "/payment",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await scriptFiles(page), path).toEqual([]);
    expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
    // The forms' island follows each form; the page's only other inline scripts are the colour
    // scheme's and the font's.
    const forms = await page.locator("main form[method=post]").count();
    expect(await page.locator("form[method=post] + script").count(), path).toBe(forms);
  }
  expect(requests.scripts).toBe(0);
});

test.describe("static pages kept rendered (ADR 0022)", () => {
  /** The nonces of a page's HTML and the one its Content-Security-Policy allows. */
  function noncesOf(html: string, csp: string | undefined) {
    return {
      inHtml: new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])),
      allowed: /'nonce-([^']+)'/.exec(csp ?? "")?.[1],
    };
  }

  test("a page served again carries that response's own nonce, the one its policy allows", async ({
    request,
  }) => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await request.get("/pricing", { headers: { Cookie: "" } });
      const { inHtml, allowed } = noncesOf(
        await response.text(),
        response.headers()["content-security-policy"],
      );
      expect(allowed).toBeTruthy();
      expect([...inHtml]).toEqual([allowed]);
      seen.add(allowed ?? "");
      if (i > 0) expect(response.headers()["server-timing"]).toContain("render;desc=kept");
    }
    expect(seen.size).toBe(3);
  });

  test("a visitor with other settings, another language or a session gets their own page", async ({
    page,
    request,
  }) => {
    await request.get("/about-us");
    const dark = await request.get("/about-us", {
      headers: { Cookie: `app-settings=${encodeURIComponent(JSON.stringify({ colorScheme: "dark" }))}` },
    });
    expect(await dark.text()).toContain('data-mantine-color-scheme="dark"');
    const french = await request.get("/about-us", { headers: { "Accept-Language": "fr" } });
    expect(await french.text()).toContain('lang="fr"');

    await signInAs(page, "client");
    const signedIn = await page.goto("/about-us");
    expect(signedIn?.headers()["server-timing"] ?? "").not.toContain("render;desc=kept");
    await expect(page.locator('a[href="/dashboard"]')).not.toHaveCount(0);
    await expect(page.locator('a[href="/auth/supabase/sign-in"]')).toHaveCount(0);
  });
});
