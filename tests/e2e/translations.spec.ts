import { expect, type Page, test } from "@playwright/test";
import {
  ARABIC,
  collectErrors,
  createTestUser,
  type LanguageCode,
  signInAs,
  signInWith,
  t,
  waitForHydration,
} from "./support";

/**
 * The page's translations come inline in its HTML (issue 20 item 2): a first visit hydrates in the
 * page's language without asking /locales/ for anything, and a client-side navigation to a page
 * with namespaces the first page did not have loads them before it shows (no raw keys on screen).
 */

/** Every request for a translation file the page makes from now on. */
function localeRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/locales/")) urls.push(request.url());
  });
  return urls;
}

for (const lng of ["en", "ar"] as const satisfies LanguageCode[]) {
  test(`sign-in is static in ${lng}: its text in the HTML, no translations element, no /locales/ request (ADR 0023)`, async ({
    page,
  }) => {
    const requests = localeRequests(page);
    const errors = collectErrors(page);
    await page.goto(`/auth/supabase/sign-in?lng=${lng}`);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", lng);
    await expect(html).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
    await expect(page.getByText(t(lng, "auth", "signIn.title"))).toBeVisible();
    // Nothing hydrates, so nothing needs the translations in the browser.
    expect(await page.locator("#i18n-resources").count()).toBe(0);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  test(`/dashboard hydrates in ${lng} with no /locales/ request`, async ({ page }) => {
    await signInAs(page, "lawyer", `/dashboard`);
    const requests = localeRequests(page);
    const errors = collectErrors(page);
    await page.goto(`/dashboard?lng=${lng}`);
    await waitForHydration(page);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", lng);
    await expect(html).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
    const heading = page.locator("h1").first();
    if (lng === "ar") await expect(heading).toHaveText(ARABIC);
    else await expect(heading).not.toHaveText(ARABIC);
    // The translations element holds this language's namespaces of the page, and only those.
    const inline = await page.evaluate(() =>
      JSON.parse(document.getElementById("i18n-resources")?.textContent ?? "{}"),
    );
    expect(Object.keys(inline)).toContain("common");
    expect(Object.keys(inline)).toContain("navbar");
    expect(Object.keys(inline), "not another page's namespace").not.toContain("home");
    expect(inline.common.settings.close).toBe(t(lng, "common", "settings.close"));
    // Hydrated and live: the React tree renders text in the page's language. Hydration completes
    // from the leaves up, so the body is React's once the whole page is (it may still be going on).
    await page.waitForFunction(() =>
      Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")),
    );
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test("a client-side navigation to a page with other namespaces shows it translated, never its keys", async ({
  page,
}) => {
  await signInAs(page, "lawyer", "/dashboard?lng=ar");
  const requests = localeRequests(page);
  const errors = collectErrors(page);
  // Slow translation files, as on a slow connection: the previous page must stay until they are here.
  await page.route("**/locales/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  // Every heading text shown from now on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
    const record = () => {
      for (const h of document.querySelectorAll("h1, h2")) seen.push(h.textContent ?? "");
    };
    new MutationObserver(record).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  let documentRequests = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest()) documentRequests += 1;
  });

  await page.locator('a[href="/dashboard/case/table"]').first().dispatchEvent("click");
  await page.waitForURL((url) => url.pathname === "/dashboard/case/table");
  await expect(page.locator("h1").first()).toHaveText(ARABIC);
  await expect(page.getByText(t("ar", "case-table", "title")).first()).toBeVisible();

  expect(documentRequests, "a client-side navigation").toBe(0);
  // The table page's own namespaces came from /locales/, in the page's language, each once.
  expect(requests.map((url) => new URL(url).pathname).sort()).toEqual([
    "/locales/ar/case-table.json",
    "/locales/ar/cases.json",
    "/locales/ar/table.json",
  ]);
  // No heading ever showed a raw key or English: every one shown was Arabic.
  const seen = await page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings);
  expect(seen.length).toBeGreaterThan(0);
  for (const text of seen) expect(text, `heading ${JSON.stringify(text)}`).toMatch(ARABIC);
  expect(errors).toEqual([]);
});

test("translations with markup hydrate in Arabic exactly as the server wrote them (the browser's runtime, ADR 0021)", async ({
  page,
}) => {
  // The notifications page shows the welcome notification, whose translation holds markup (<b>);
  // sign-in, which had markup too (<Trans>), is static since ADR 0023.
  const user = await createTestUser("translations-markup");
  await signInWith(page, user.email);
  const errors = collectErrors(page);
  // The scripts come late, as on a slow connection: the test reads the server's HTML first.
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto("/dashboard/notification/NotificationsPage?lng=ar", { waitUntil: "domcontentloaded" });
  // The welcome notification's title, whose translation holds <b>.
  const title = page.locator("main li b").first().locator("xpath=..");
  const html = () => title.evaluate((element) => element.outerHTML);
  await expect(title).toBeVisible();
  const serverHtml = await html();
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(
    page
      .locator("main")
      .getByText(/\p{Script=Arabic}/u)
      .first(),
  ).toBeVisible();
  // The hydrated text is the server's: React kept the node and its markup (a mismatch would re-render).
  expect(await html()).toBe(serverHtml);
  expect(await html()).toContain("<b>MyLawyer</b>");
  expect(
    await title.evaluate((element) => Object.keys(element).some((k) => k.startsWith("__reactFiber$"))),
  ).toBe(true);
  expect(errors).toEqual([]);
});
