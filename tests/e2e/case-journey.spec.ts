import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import {
  backendRows,
  createTestUser,
  DEMO_ACCOUNTS,
  insertProposal,
  signInAs,
  t,
  waitForHydration,
} from "./support";

/**
 * Issue 8's journey, once with JavaScript on and once off: the demo client writes and publishes a
 * case; the demo lawyer finds it in the marketplace and proposes; another lawyer proposes too; the
 * client is notified (live, with JavaScript), compares the two and accepts the demo lawyer's; the
 * case is engaged with that lawyer as lead, the other proposal is declined, and the lawyer is told.
 */

type CaseRecord = { id: string; status: string; lead_lawyer_id: string | null; reference: string };
type ProposalRecord = { id: string; status: string; lawyer_id: string };

const caseForm = (key: string) => t("en", "case-form", key);
const detail = (key: string) => t("en", "case-detail", key);
const proposals = (key: string) => t("en", "proposals", key);

async function personPage(browser: Browser, javaScriptEnabled: boolean): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ javaScriptEnabled });
  return [context, await context.newPage()];
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`case journey, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test("a client publishes, lawyers propose, the client compares and accepts", async ({ browser }) => {
      test.setTimeout(90_000);
      const title = `Unpaid overtime at the warehouse ${Date.now()} ${javaScriptEnabled ? "js" : "nojs"}`;
      const [clientContext, client] = await personPage(browser, javaScriptEnabled);
      const [lawyerContext, lawyer] = await personPage(browser, javaScriptEnabled);

      // The client writes the case and publishes it.
      await signInAs(client, "client", "/dashboard/case/new");
      await client.locator('[name="title"]').fill(title);
      await client
        .locator('[name="description"]')
        .fill("My employer has not paid 120 hours of overtime since March and ignores my letters.");
      await client.locator('[name="practice_area"]').selectOption("employment");
      await client.locator('[name="jurisdiction"]').fill("California");
      await client.locator('[name="priority"]').selectOption("high");
      await client.locator('[name="budget_min"]').fill("1000");
      await client.locator('[name="budget_max"]').fill("4000");
      await client.locator('[name="needed_by"]').fill("2027-02-15");
      await client.getByRole("button", { name: caseForm("actions.publish") }).click();
      await client.waitForURL(/\/dashboard\/case\/[0-9a-f-]{36}$/);
      await expect(client.getByTestId("case-status")).toContainText(t("en", "cases", "status.open"));
      const caseId = new URL(client.url()).pathname.split("/").pop() ?? "";
      await expect(client.getByTestId("case-proposals")).toContainText(detail("proposals.noneReceived"));

      // The demo lawyer finds it in the marketplace and proposes a fixed fee.
      await signInAs(
        lawyer,
        "lawyer",
        `/dashboard/case/list?scope=marketplace&q=${encodeURIComponent(title)}`,
      );
      await lawyer.getByRole("link", { name: title }).first().click();
      await lawyer.waitForURL(`**/dashboard/case/${caseId}`);
      // The marketplace does not name the client before they engage a lawyer.
      await expect(lawyer.getByText(detail("people.clientHidden"))).toBeVisible();
      await waitForHydration(client);
      await lawyer.getByRole("link", { name: detail("proposals.propose") }).click();
      await lawyer.waitForURL(`**/dashboard/case/proposal/${caseId}/new`);
      await lawyer.locator('[name="amount"]').fill("2500");
      await lawyer.locator('[name="estimatedDurationDays"]').fill("60");
      await lawyer.locator('[name="scope"]').fill("Claim the unpaid overtime and negotiate a settlement.");
      await lawyer.locator('[name="terms"]').fill("Half on signing, half on settlement.");
      await lawyer.getByRole("button", { name: proposals("form.submit") }).click();
      await lawyer.waitForURL(/\/dashboard\/case\/proposal\/[0-9a-f-]{36}$/);
      const lawyerProposalId = new URL(lawyer.url()).pathname.split("/").pop() ?? "";

      // The client is notified: live with JavaScript, on the next page without.
      const bell = client.getByTestId("notifications-bell");
      if (javaScriptEnabled) {
        await expect(bell).toContainText(/[1-9]/, { timeout: 5000 });
      } else {
        await client.goto("/dashboard/notification/NotificationsPage?tab=unread");
        await expect(client.getByTestId("notifications-list")).toContainText(title.slice(0, 40));
      }

      // Another lawyer proposes more.
      const rival = await createTestUser("rival-lawyer", "lawyer");
      const { id: rivalProposalId } = await insertProposal(rival.id, caseId, { amount: 3900 });

      // The client compares both side by side and accepts the demo lawyer's.
      await client.goto(`/dashboard/case/${caseId}`);
      const compared = client.getByTestId("case-proposals");
      await expect(
        compared
          .getByRole("button", { name: detail("proposals.accept") })
          .or(compared.getByRole("link", { name: detail("proposals.accept") })),
      ).toHaveCount(2);
      await expect(compared).toContainText("$2,500");
      await expect(compared).toContainText("$3,900");
      const acceptOwn = compared
        .locator(`[data-proposal-id="${lawyerProposalId}"]`)
        .getByRole(javaScriptEnabled ? "button" : "link", { name: detail("proposals.accept") });
      await acceptOwn.click();
      const confirm = javaScriptEnabled ? client.getByRole("dialog") : client.getByRole("alertdialog");
      await confirm.getByRole("button", { name: detail("proposals.confirmAccept.submit") }).click();
      await client.waitForURL(`**/dashboard/case/${caseId}`);
      await expect(client.getByTestId("case-status")).toContainText(t("en", "cases", "status.engaged"));

      const [stored] = await backendRows<CaseRecord>(
        "cases",
        `id=eq.${caseId}&select=id,status,lead_lawyer_id,reference`,
      );
      const lawyerId = DEMO_ACCOUNTS.lawyer.id;
      expect(stored).toMatchObject({ status: "engaged", lead_lawyer_id: lawyerId });
      const stored_proposals = await backendRows<ProposalRecord>(
        "proposals",
        `case_id=eq.${caseId}&select=id,status,lawyer_id`,
      );
      expect(Object.fromEntries(stored_proposals.map((row) => [row.id, row.status]))).toEqual({
        [lawyerProposalId]: "accepted",
        [rivalProposalId]: "declined",
      });

      // The lawyer is told, and now sees the client and the case as its lead.
      await lawyer.goto("/dashboard/notification/NotificationsPage?tab=unread");
      await expect(lawyer.getByTestId("notifications-list")).toContainText(stored?.reference ?? "CASE-");
      await lawyer.goto(`/dashboard/case/${caseId}`);
      await expect(lawyer.getByTestId("case-status")).toContainText(t("en", "cases", "status.engaged"));
      await expect(lawyer.getByText(detail("people.clientHidden"))).toHaveCount(0);

      await clientContext.close();
      await lawyerContext.close();
    });
  });
}

test("the case page in Arabic reads right to left", async ({ page }) => {
  await page.context().addCookies([{ name: "i18next", value: "ar", url: "http://127.0.0.1" }]);
  const [seeded] = await backendRows<{ id: string }>("cases", "reference=eq.CASE-2026-0001&select=id");
  await signInAs(page, "client", `/dashboard/case/${seeded?.id}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  const status = page.getByTestId("case-status");
  await expect(status).toBeVisible();
  // The shell's navigation sits on the right, and the page's text starts from the right.
  const sidebar = await page.getByTestId("dashboard-sidebar").boundingBox();
  const viewport = page.viewportSize();
  expect(sidebar && viewport && sidebar.x + sidebar.width > viewport.width - 10).toBeTruthy();
  const heading = page.getByRole("heading", { level: 1 });
  expect(await heading.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
  await expect(page.getByTestId("case-timeline")).toBeVisible();
});
