import { expect, test } from "@playwright/test";
import { signInAs, t } from "./support";

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

test.describe("the error pages answer with their status", () => {
  for (const status of [403, 404, 500]) {
    test(`/error/${status} is a ${status}`, async ({ page }) => {
      const response = await page.goto(`/error/${status}`);
      expect(response?.status()).toBe(status);
      await expect(page.locator("h1")).toHaveText(t("en", "common", `errors.${status}.title`));
      await expect(page).toHaveTitle(t("en", "common", `errors.${status}.title`));
    });
  }
});

/** Addresses in the dashboard that lead to no record: unknown ids and ids that are not uuids. */
const UNKNOWN = "0b9a3f4e-6d2c-4f11-9a7e-1c2d3e4f5a6b";
const MISSING_RECORDS = [
  `/dashboard/case/${UNKNOWN}`,
  "/dashboard/case/not-a-case",
  `/dashboard/case/${UNKNOWN}/edit`,
  `/dashboard/case/proposal/${UNKNOWN}`,
  "/dashboard/case/proposal/not-a-proposal",
  `/dashboard/case/proposal/${UNKNOWN}/edit`,
  "/dashboard/case/proposal/not-a-proposal/edit",
  `/dashboard/case/proposal/${UNKNOWN}/new`,
  "/dashboard/case/proposal/not-a-case/new",
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a missing record in the dashboard, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("is a 404 with its own message and title, inside the shell, with a way back", async ({ page }) => {
      test.setTimeout(120_000);
      await signInAs(page, "lawyer");
      for (const path of MISSING_RECORDS) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByTestId("dashboard-shell"), path).toBeAttached();
        const error = page.getByTestId("dashboard-error");
        await expect(error, path).toHaveAttribute("data-status", "404");
        await expect(error.locator("h1"), path).toHaveText(t("en", "navbar", "shell.states.notFound.title"));
        await expect(page, path).toHaveTitle(t("en", "common", "errors.404.title"));
        await expect(page.locator("body"), path).not.toContainText("Something went wrong");
      }
      await page
        .getByTestId("dashboard-error")
        .getByRole("link", { name: t("en", "navbar", "shell.states.backToDashboard") })
        .click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
}

test("a missing record reached inside the app is titled and translated too", async ({ page }) => {
  await page.goto("/?lng=fr");
  await signInAs(page, "client");
  await page.evaluate(
    (path) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate(path),
    `/dashboard/case/${UNKNOWN}`,
  );
  const error = page.getByTestId("dashboard-error");
  await expect(error).toHaveAttribute("data-status", "404");
  await expect(error.locator("h1")).toHaveText(t("fr", "navbar", "shell.states.notFound.title"));
  await expect(page).toHaveTitle(t("fr", "common", "errors.404.title"));
});

test("a page that fails to load offers a retry that loads it again", async ({ page }) => {
  await signInAs(page, "client");
  let failing = true;
  // The list's loader throws: its part of the page's data becomes the error React Router's single
  // fetch sends for an unexpected one; the shell's data stays as the server sent it.
  await page.route("**/dashboard/case/list.data*", async (route) => {
    if (!failing) return route.continue();
    const response = await route.fetch();
    const [first = "", ...rest] = (await response.text()).split("\n");
    const values = JSON.parse(first) as unknown[];
    const top = values[0] as Record<string, number>;
    const slot = top[`_${values.indexOf("routes/dashboard/case/list")}`] as number;
    const at = values.length;
    values.push("error", ["SanitizedError", at + 2, at + 3, -7], "Error", "Unexpected Server Error");
    values[slot] = { [`_${at}`]: at + 1 };
    await route.fulfill({ response, status: 500, body: [JSON.stringify(values), ...rest].join("\n") });
  });
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
    ).__reactRouterDataRouter.navigate("/dashboard/case/list"),
  );
  const error = page.getByTestId("dashboard-error");
  await expect(error).toHaveAttribute("data-status", "500");
  await expect(page.getByTestId("dashboard-shell")).toBeAttached();
  await expect(page).not.toHaveTitle("undefined");
  await expect(page).toHaveTitle(t("en", "common", "errors.500.title"));

  failing = false;
  await error.getByRole("link", { name: t("en", "navbar", "shell.states.retry") }).click();
  await expect(error).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/case\/list$/);
  await expect(page).not.toHaveTitle(t("en", "common", "errors.500.title"));
});
