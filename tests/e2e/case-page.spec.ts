import { expect, type Page, test } from "@playwright/test";
import {
  BACKEND_URL,
  backendRows,
  createTestUser,
  DEMO_ACCOUNTS,
  proposeAs,
  signInAs,
  signInWith,
  t,
} from "./support";

/**
 * The case page beyond the journey (case-journey.spec.ts): the status moves of the lawyers running
 * a case and of its client, with and without JavaScript; forged status posts refused with the
 * page's message and nothing changed; what a marketplace lawyer does not see; 404s.
 */

const detail = (key: string) => t("en", "case-detail", key);
const statusLabel = (status: string) => t("en", "cases", `status.${status}`);

/** The Supabase CLI's default service_role key (as in support.ts): test data written as the system. */
const SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

async function insertAsSystem<Row>(table: string, rows: object[]): Promise<Row[]> {
  const response = await fetch(`${BACKEND_URL}/rest/v1/${table}`, {
    method: "POST",
    headers: {
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      "Content-Type": "application/json",
      Prefer: "return=representation",
    },
    body: JSON.stringify(rows),
  });
  if (!response.ok) throw new Error(`${table}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Row[];
}

async function userId(email: string): Promise<string> {
  const [row] = await backendRows<{ uuid: string }>(
    "users",
    `select=uuid&email=eq.${encodeURIComponent(email)}`,
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.uuid;
}

/** A case of a fresh client; engaged ones get the demo lawyer as lead, as an acceptance would. */
async function caseOfNewClient(status: "open" | "engaged") {
  const client = await createTestUser("case-page-client");
  const lawyerId = await userId(DEMO_ACCOUNTS.lawyer.email);
  const [created] = await insertAsSystem<{ id: string }>("cases", [
    {
      title: `Wrongful dismissal ${Date.now()}`,
      description: "Dismissed the week after reporting a safety issue.\nThe letter gives no reason.",
      practice_area: "employment",
      jurisdiction: "Oregon",
      status,
      client_id: client.id,
      lead_lawyer_id: status === "engaged" ? lawyerId : null,
    },
  ]);
  const caseId = created?.id ?? "";
  if (status === "engaged") {
    await insertAsSystem("case_members", [
      { case_id: caseId, user_id: client.id, role: "client" },
      { case_id: caseId, user_id: lawyerId, role: "lead" },
    ]);
  }
  return { caseId, client };
}

async function storedStatus(caseId: string): Promise<string | undefined> {
  const [row] = await backendRows<{ status: string }>("cases", `id=eq.${caseId}&select=status`);
  return row?.status;
}

async function expectStatus(page: Page, caseId: string, status: string) {
  await expect(page.getByTestId("case-status")).toHaveText(statusLabel(status));
  expect(await storedStatus(caseId)).toBe(status);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the lead lawyer holds, resumes and closes an engaged case", async ({ page }) => {
      const { caseId } = await caseOfNewClient("engaged");
      await signInAs(page, "lawyer", `/dashboard/case/${caseId}`);
      const actions = page.getByTestId("case-actions");
      // The lead reads the client's contact details and the description as written (line breaks kept).
      await expect(page.getByTestId("case-contact")).toBeVisible();
      await expect(page.getByTestId("case-description")).toContainText("safety issue.\nThe letter");

      await actions.getByRole("button", { name: detail("actions.on_hold") }).click();
      await expectStatus(page, caseId, "on_hold");
      await expect(page.getByText(detail("statusDone.on_hold"))).toBeVisible();
      await actions.getByRole("button", { name: detail("actions.engaged") }).click();
      await expectStatus(page, caseId, "engaged");

      // Closing is final, so it asks first: a dialog with JavaScript, a step in place without.
      await actions
        .getByRole(javaScriptEnabled ? "button" : "link", { name: detail("actions.closed") })
        .click();
      const confirm = page.getByRole(javaScriptEnabled ? "dialog" : "alertdialog");
      await confirm.getByRole("button", { name: detail("actions.confirm.closed.submit") }).click();
      await expectStatus(page, caseId, "closed");
      await expect(page.getByTestId("case-actions")).toHaveCount(0);
      await expect(page.getByTestId("case-timeline").locator('[data-action="status_changed"]')).toHaveCount(
        3,
      );
    });

    test("the client cancels an open case after confirming; pending proposals are declined", async ({
      page,
    }) => {
      const { caseId, client } = await caseOfNewClient("open");
      const proposalId = await proposeAs(await userId(DEMO_ACCOUNTS.lawyer.email), caseId, 1800);
      await signInWith(page, client.email, `/dashboard/case/${caseId}`);
      await expect(
        page.getByTestId("case-proposals").locator(`th[data-proposal-id="${proposalId}"]`),
      ).toBeVisible();

      const cancel = page
        .getByTestId("case-actions")
        .getByRole(javaScriptEnabled ? "button" : "link", { name: detail("actions.cancelled") });
      await cancel.click();
      const confirm = page.getByRole(javaScriptEnabled ? "dialog" : "alertdialog");
      // Going back changes nothing.
      if (javaScriptEnabled) await confirm.getByRole("button", { name: detail("confirm.back") }).click();
      else await confirm.getByRole("link", { name: detail("confirm.back") }).click();
      await expect(confirm).toHaveCount(0);
      expect(await storedStatus(caseId)).toBe("open");

      await cancel.click();
      await confirm.getByRole("button", { name: detail("actions.confirm.cancelled.submit") }).click();
      await expectStatus(page, caseId, "cancelled");
      const [proposal] = await backendRows<{ status: string }>(
        "proposals",
        `id=eq.${proposalId}&select=status`,
      );
      expect(proposal?.status).toBe("declined");
    });
  });
}

test("forged status posts are refused with the page's message and change nothing", async ({ page }) => {
  const { caseId } = await caseOfNewClient("open");
  await signInAs(page, "lawyer", `/dashboard/case/${caseId}`);
  // A marketplace lawyer sees neither the client's name nor their contact details, and no status moves.
  await expect(page.getByText(detail("people.clientHidden"))).toBeVisible();
  await expect(page.getByTestId("case-contact")).toHaveCount(0);
  await expect(page.getByTestId("case-actions")).toHaveCount(0);

  for (const status of ["cancelled", "engaged", "closed"]) {
    const response = await page.request.post(`/dashboard/case/${caseId}`, {
      form: { intent: "status", status },
    });
    expect(response.status()).toBe(200);
    // The redirect lands on the case page, whose server-rendered toast carries the message.
    const html = await response.text();
    expect(html.includes(t("en", "errors", "case.statusForbidden").replaceAll("'", "&#x27;")), status).toBe(
      true,
    );
  }
  const invalid = await page.request.post(`/dashboard/case/${caseId}`, {
    form: { intent: "status", status: "archived" },
  });
  expect(invalid.status()).toBe(400);
  expect(await storedStatus(caseId)).toBe("open");
});

test("a case that is missing, malformed or hidden is a 404", async ({ page }) => {
  await signInAs(page, "lawyer");
  const [draft] = await backendRows<{ id: string }>("cases", "reference=eq.CASE-2026-0004&select=id");
  for (const id of ["not-a-uuid", "11111111-1111-4111-8111-111111111111", draft?.id]) {
    const response = await page.goto(`/dashboard/case/${id}`);
    expect(response?.status(), id).toBe(404);
  }
});
