import { expect, test } from "@playwright/test";
import { backendRows, createTestUser, DEMO_ACCOUNTS, insertCases, signInAs, signInWith, t } from "./support";

/**
 * The case index, the card list and the case_management pipeline (issue 8 point 3): counts that
 * match the database and open the filtered list, filters in a GET form that work without
 * JavaScript, the lawyer's marketplace tab, and the pipeline's columns.
 */

/** The cards a pipeline column shows (app/features/cases/queries.server.ts). */
const PIPELINE_COLUMN_LIMIT = 5;

const label = (key: string) => t("en", "case-list", key);
const casesLabel = (key: string) => t("en", "cases", key);

type BackendCase = {
  id: string;
  reference: string;
  status: string;
  client_id: string;
  practice_area: string;
};

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the client's index counts their cases by status and each count opens the filtered list", async ({
    page,
  }) => {
    // A client of its own: other specs add cases to the demo client while this one counts.
    const client = await createTestUser("case-index");
    await insertCases(client.id, [{ status: "open" }, { status: "open" }, { status: "draft" }]);
    const own = await backendRows<BackendCase>("cases", `client_id=eq.${client.id}&select=id,status`);
    await signInWith(page, client.email, "/dashboard/case");
    await expect(page.getByRole("heading", { level: 1, name: label("overview.title") })).toBeVisible();
    for (const status of ["draft", "open", "engaged"]) {
      const expected = own.filter((row) => row.status === status).length;
      const count = page.locator(`[data-testid="status-count"][data-status="${status}"]`);
      await expect(count).toContainText(String(expected));
    }
    await page.locator('[data-testid="status-count"][data-status="open"]').click();
    await expect(page).toHaveURL(/\/dashboard\/case\/list\?.*status=open/);
    const cards = page.getByTestId("case-card");
    await expect(cards).toHaveCount(own.filter((row) => row.status === "open").length);
    for (const badge of await cards.locator("[data-status]").all())
      await expect(badge).toHaveAttribute("data-status", "open");
  });

  test("the list's filter form narrows the cards and clears again", async ({ page }) => {
    const id = DEMO_ACCOUNTS.client.id;
    const own = await backendRows<BackendCase>("cases", `client_id=eq.${id}&select=id,status,practice_area`);
    await signInAs(page, "client", "/dashboard/case/list");
    await expect(page.getByTestId("case-card")).toHaveCount(own.length);

    await page.getByRole("checkbox", { name: casesLabel("status.engaged") }).check();
    await page.getByRole("checkbox", { name: casesLabel("status.on_hold") }).check();
    await page.getByRole("button", { name: label("list.filters.apply") }).click();
    await expect(page).toHaveURL(/status=engaged&status=on_hold/);
    const wanted = own.filter((row) => row.status === "engaged" || row.status === "on_hold");
    await expect(page.getByTestId("case-card")).toHaveCount(wanted.length);
    await expect(page.getByTestId("case-count")).toContainText(String(wanted.length));
    // The form shows what the address says.
    await expect(page.getByRole("checkbox", { name: casesLabel("status.engaged") })).toBeChecked();

    await page
      .getByRole("link", { name: label("list.filters.reset") })
      .first()
      .click();
    await expect(page.getByTestId("case-card")).toHaveCount(own.length);
  });

  test("a lawyer's marketplace tab shows open cases of other people, each card linking to its case", async ({
    page,
  }) => {
    const open = await backendRows<BackendCase>("cases", "status=eq.open&select=id,reference");
    await signInAs(page, "lawyer", "/dashboard/case/list");
    await page.getByTestId("scope-marketplace").click();
    await expect(page).toHaveURL(/scope=marketplace/);
    await expect(page.getByTestId("scope-marketplace")).toHaveAttribute("aria-current", "page");
    const cards = page.getByTestId("case-card");
    await expect(cards).toHaveCount(Math.min(open.length, 25));
    const first = cards.first();
    const caseId = await first.getAttribute("data-case-id");
    expect(open.map((row) => row.id)).toContain(caseId);
    await first.getByRole("link").click();
    await expect(page).toHaveURL(`/dashboard/case/${caseId}`);
  });

  test("the firm's pipeline has a column per status with counts, and View all opens the list", async ({
    page,
  }) => {
    await signInAs(page, "firmadmin", "/dashboard/case_management");
    const columns = page.getByTestId("pipeline-column");
    await expect(columns).toHaveCount(5);
    await expect(columns.first()).toHaveAttribute("data-status", "open");
    const engaged = page.locator('[data-testid="pipeline-column"][data-status="engaged"]');
    const shown = await engaged.getByTestId("case-card").count();
    expect(shown).toBeGreaterThan(0);
    await expect(engaged.getByRole("heading", { name: casesLabel("status.engaged") })).toBeVisible();
    await engaged.getByRole("link", { name: label("pipeline.viewAll") }).click();
    await expect(page).toHaveURL(/\/dashboard\/case\/list\?status=engaged/);
  });

  test("each pipeline column shows its count and only its newest cards, and View all opens the rest", async ({
    page,
  }) => {
    // More drafts than a column shows, so the drafts column is cut (issue 20: a summary, not the board).
    await insertCases(
      DEMO_ACCOUNTS.client.id,
      Array.from({ length: PIPELINE_COLUMN_LIMIT + 1 }, (_, i) => ({
        status: "draft",
        title: `Pipeline draft ${i}`,
      })),
    );
    const all = await backendRows<BackendCase>("cases", "select=id,status");
    await signInAs(page, "admin", "/dashboard/case_management");
    const columns = page.getByTestId("pipeline-column");
    await expect(columns).toHaveCount(6);
    for (const column of await columns.all()) {
      const status = await column.getAttribute("data-status");
      const total = all.filter((row) => row.status === status).length;
      await expect(column.getByRole("heading", { level: 2 }).locator("xpath=..")).toContainText(
        String(total),
      );
      await expect(column.getByTestId("case-card")).toHaveCount(Math.min(total, PIPELINE_COLUMN_LIMIT));
    }
    const drafts = page.locator('[data-testid="pipeline-column"][data-status="draft"]');
    const total = all.filter((row) => row.status === "draft").length;
    await drafts
      .getByRole("link", { name: label("pipeline.viewAllCount_other").replace("{{count}}", String(total)) })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/case\/list\?status=draft/);
    await expect(page.getByTestId("case-count")).toContainText(String(total));
  });

  test("a client is told case management is for lawyers", async ({ page }) => {
    await signInAs(page, "client", "/dashboard/case_management");
    await expect(page.getByText(label("pipeline.forLawyers.title"))).toBeVisible();
    await expect(page.getByTestId("pipeline")).toHaveCount(0);
  });
});

test("the pipeline reads right to left in Arabic", async ({ page, context }) => {
  await context.addCookies([
    { name: "i18next", value: "ar", url: process.env.E2E_BASE_URL ?? "http://127.0.0.1:8787" },
  ]);
  await signInAs(page, "admin", "/dashboard/case_management");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(
    page.getByRole("heading", { level: 1, name: t("ar", "case-list", "pipeline.title") }),
  ).toBeVisible();
  // Admins also see the drafts column, first; in RTL it sits at the right.
  const columns = page.getByTestId("pipeline-column");
  await expect(columns).toHaveCount(6);
  const [first, second] = await Promise.all([columns.nth(0).boundingBox(), columns.nth(1).boundingBox()]);
  expect(first && second && first.x > second.x).toBe(true);
});
